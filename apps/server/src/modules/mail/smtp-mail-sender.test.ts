import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { randomIp, sessionCookieFrom, TEST_ORIGIN } from '../../testing/auth-helpers.js';
import { SmtpMailSender } from './smtp-mail-sender.js';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on a free local port that keeps what it receives. */
function startSmtp(options: { rejectRecipients?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients) return callback(new Error('mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  return {
    received,
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDialects())('mail over SMTP (%s)', (dialect) => {
  const smtp = startSmtp();
  const refusing = startSmtp({ rejectRecipients: true });
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
      const rows = await t.ctx.database.db.selectFrom('mail_outbox').selectAll().execute();
      expect(rows.map((r) => [r.template, r.transport, r.status])).toEqual([['welcome', 'smtp', 'sent']]);
    } finally {
      await t.close();
    }
  });

  it('records a refused delivery as failed and rethrows', async () => {
    const t = await createTestApp(dialect);
    const sender = new SmtpMailSender({
      url: `smtp://127.0.0.1:${refusingPort}`,
      from: 'noreply@solstice.test',
      db: t.ctx.database.db,
    });
    try {
      await expect(
        sender.send({ to: 'x@example.com', subject: 'Hi', text: 'Hello', template: 'welcome' }),
      ).rejects.toThrow(/mailbox unavailable/);
      const rows = await t.ctx.database.db.selectFrom('mail_outbox').selectAll().execute();
      expect(rows.map((r) => [r.transport, r.status])).toEqual([['smtp', 'failed']]);
      expect(rows[0]?.error).toMatch(/mailbox unavailable/);
    } finally {
      sender.close();
      await t.close();
    }
  });
});
