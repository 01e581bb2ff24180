import { describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.js';
import { useAdminTestApp } from '../../testing/test-fixtures.js';
import { signUp } from '../../testing/billing-helpers.js';

describe.each(testDialects())('the outbox for admins (%s)', (dialect) => {
  const { t, admin, member, as } = useAdminTestApp(dialect);

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
