import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { SUBSCRIBER_TAG_ID } from '@solstice/contracts';
import { serveDuringSuite } from '../../testing/loopback-server.js';
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
  const serverUrl = serveDuringSuite(server);

  async function waitFor(count: number) {
    for (let i = 0; i < 100 && bodies.length < count; i++) await new Promise((r) => setTimeout(r, 20));
  }

  it('PUTs the contact when an admin grants and revokes the subscriber tag', async () => {
    bodies.length = 0;
    const t = await createTestApp(dialect, {
      CONTACT_SYNC_URL: `${serverUrl()}/contacts`,
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
