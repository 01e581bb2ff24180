import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { requestAs, signedInUser, type AdminMethod, type SignedIn } from '../../testing/auth-helpers.js';
import { signUp } from '../billing/testing/billing-test-helpers.js';

describe.each(testDialects())('the outbox for admins (%s)', (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await signedInUser(t, { role: 'admin', username: 'root_admin' });
    member = await signedInUser(t, { username: 'plain_member' });
  });
  afterEach(async () => {
    await t.close();
  });

  const as = (who: SignedIn, method: AdminMethod, url: string, payload?: unknown) =>
    requestAs(t, who, method, url, payload);

  it('lists the outbox and reads one message', async () => {
    expect((await as(member, 'GET', '/api/v1/admin/outbox')).statusCode).toBe(403);
    await signUp(t, 'o_brien');
    const list = await as(admin, 'GET', '/api/v1/admin/outbox?to=o_brien@example.com');
    expect(list.statusCode).toBe(200);
    const messages = list.json().messages;
    expect(messages).toEqual([
      {
        id: expect.any(Number),
        to: 'o_brien@example.com',
        template: 'welcome',
        subject: 'Welcome to Solstice',
        transport: 'outbox',
        status: 'stored',
        createdAt: expect.any(String),
      },
    ]);
    const one = (await as(admin, 'GET', `/api/v1/admin/outbox/${messages[0].id}`)).json();
    expect(one.text).toContain('Hello o_brien,');
    expect(one.html).toContain('<p>Hello o_brien,</p>');
    expect((await as(admin, 'GET', '/api/v1/admin/outbox/999999')).statusCode).toBe(404);
  });
});
