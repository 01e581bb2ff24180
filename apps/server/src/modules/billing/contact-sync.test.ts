import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBER_TAG_ID } from '@solstice/contracts';
import { createTestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { signedInUser } from '../../testing/auth-helpers.js';

describe.each(testDialects())('contact-list sync on tag changes (%s)', (dialect) => {
  const bodies: { authorization: string | undefined; body: { contacts: { id: number; tag_ids: number[] }[] } }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      bodies.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
      res.end('{}');
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function waitFor(count: number) {
    for (let i = 0; i < 100 && bodies.length < count; i++) await new Promise((r) => setTimeout(r, 20));
  }

  it('PUTs the contact when an admin grants and revokes the subscriber tag', async () => {
    bodies.length = 0;
    const port = (server.address() as AddressInfo).port;
    const t = await createTestApp(dialect, {
      CONTACT_SYNC_URL: `http://127.0.0.1:${port}/contacts`,
      CONTACT_SYNC_KEY: 'key-9',
    });
    try {
      const member = await signedInUser(t);
      await t.services.billing.subscriberTag.grant(member.user.id);
      await waitFor(1);
      await t.services.billing.subscriberTag.revoke(member.user.id);
      await waitFor(2);
      expect(bodies.map((b) => b.authorization)).toEqual(['Bearer key-9', 'Bearer key-9']);
      expect(bodies.map((b) => b.body.contacts[0]?.tag_ids)).toEqual([[SUBSCRIBER_TAG_ID], []]);
      expect(bodies[0]?.body.contacts[0]?.id).toBe(member.user.contactId);
    } finally {
      await t.close();
    }
  });
});
