import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { randomIp, sessionCookieFrom, TEST_ORIGIN } from '../../testing/auth-helpers.js';
import { startSmtpTestServer } from '../../testing/smtp-test-server.js';
import { SmtpMailSender } from './smtp-mail-sender.js';

describe.each(testDialects())('mail over SMTP (%s)', (dialect) => {
  const smtp = startSmtpTestServer();
  const refusing = startSmtpTestServer({ rejectRecipients: true });
  let port = 0;
  let refusingPort = 0;
  beforeAll(async () => {
    port = await smtp.listen();
    refusingPort = await refusing.listen();
  });
  afterAll(async () => {
    await smtp.close();
    await refusing.close();
  });
  const senderOn = (t: TestApp, smtpPort: number) =>
    new SmtpMailSender({
      url: `smtp://127.0.0.1:${smtpPort}`,
      from: 'noreply@solstice.test',
      db: t.services.database.db,
    });

  it('delivers the welcome mail at signup and logs it in the outbox as sent', async () => {
    const t = await createTestApp(dialect, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Solstice <noreply@solstice.test>',
    });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { origin: TEST_ORIGIN },
        remoteAddress: randomIp(),
        payload: {
          email: `smtp_${dialect}@example.com`,
          username: `smtp_${dialect}`,
          password: 'correct horse battery',
        },
      });
      expect(res.statusCode).toBe(201);
      expect(sessionCookieFrom(res.headers['set-cookie'])).not.toBeNull();
      const mine = smtp.received.filter((m) => m.to.includes(`smtp_${dialect}@example.com`));
      expect(mine).toHaveLength(1);
      expect(mine[0]?.from).toBe('noreply@solstice.test');
      expect(mine[0]?.data).toContain('Subject: Welcome to Solstice');
      expect(mine[0]?.data).toContain('Content-Type: text/html');
      const rows = await t.services.database.db.selectFrom('mail_outbox').selectAll().execute();
      expect(rows.map((r) => [r.template, r.transport, r.status])).toEqual([['welcome', 'smtp', 'sent']]);
    } finally {
      await t.close();
    }
  });

  it('delivers secrets to the recipient and keeps them out of the outbox copy', async () => {
    const t = await createTestApp(dialect);
    const sender = senderOn(t, port);
    const secret = 'S3cr3tT0k3n_abcdefghijklmnopqrstuvwxyz-0123';
    try {
      await sender.send({
        to: `secret_${dialect}@example.com`,
        subject: 'Reset',
        text: `Open https://s.example/?reset=${secret}`,
        html: `<a href="https://s.example/?reset=${secret}">Open</a>`,
        template: 'password-reset',
        secrets: [secret],
      });
      const delivered = smtp.received.find((m) => m.to.includes(`secret_${dialect}@example.com`));
      expect(delivered?.data.replace(/=\r\n/g, '')).toContain(secret);
      const rows = await t.services.database.db.selectFrom('mail_outbox').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.text_body).toBe('Open https://s.example/?reset=[redacted]');
      expect(rows[0]!.html_body).toBe('<a href="https://s.example/?reset=[redacted]">Open</a>');
    } finally {
      sender.close();
      await t.close();
    }
  });

  it('records a refused delivery as failed and rethrows', async () => {
    const t = await createTestApp(dialect);
    const sender = senderOn(t, refusingPort);
    try {
      await expect(
        sender.send({ to: 'x@example.com', subject: 'Hi', text: 'Hello', template: 'welcome' }),
      ).rejects.toThrow(/mailbox unavailable/);
      const rows = await t.services.database.db.selectFrom('mail_outbox').selectAll().execute();
      expect(rows.map((r) => [r.transport, r.status])).toEqual([['smtp', 'failed']]);
      expect(rows[0]?.error).toMatch(/mailbox unavailable/);
    } finally {
      sender.close();
      await t.close();
    }
  });
});
