import { describe, expect, it } from 'vitest';
import { createTestSettings } from '../../testing/test-settings.js';
import { RecordingMailSender } from './mail-sender.js';
import { sendPasswordReset } from './notifications.js';

const TOKEN = 'T'.repeat(43);
const user = { email: 'dev@example.com', username: 'dev' };

function context(env: Record<string, string>) {
  const lines: { level: string; obj: object; msg: string }[] = [];
  const log = (level: string) => (obj: object, msg: string) => lines.push({ level, obj, msg });
  const ctx = {
    settings: createTestSettings(env),
    mail: new RecordingMailSender(),
    log: { info: log('info'), warn: log('warn') },
  };
  return { ctx, lines };
}

describe('the password-reset mail', () => {
  it('links to PUBLIC_URL’s origin and marks the token as a secret for the outbox', async () => {
    const { ctx } = context({ PUBLIC_URL: 'https://solstice.example/some/path/' });
    await sendPasswordReset(ctx, user, TOKEN, 60);
    const [mail] = ctx.mail.sent;
    expect(mail?.text).toContain(`https://solstice.example/?reset=${TOKEN}`);
    expect(mail?.html).toContain(`https://solstice.example/?reset=${TOKEN}`);
    expect(mail?.secrets).toEqual([TOKEN]);
  });

  it('without SMTP: logs the link in development only, and warns in production that nobody got it', async () => {
    const dev = context({ NODE_ENV: 'development', PORT: '3999' });
    await sendPasswordReset(dev.ctx, user, TOKEN, 60);
    expect(dev.lines).toEqual([
      {
        level: 'info',
        obj: { to: user.email, link: `http://localhost:3999/?reset=${TOKEN}` },
        msg: 'development without SMTP_URL: the password-reset link',
      },
    ]);

    const prod = context({ NODE_ENV: 'production', PUBLIC_URL: 'https://solstice.example' });
    await sendPasswordReset(prod.ctx, user, TOKEN, 60);
    expect(JSON.stringify(prod.lines)).not.toContain(TOKEN);
    expect(prod.lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'a password-reset mail reached nobody: set SMTP_URL'],
    ]);

    const smtp = context({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525' });
    await sendPasswordReset(smtp.ctx, user, TOKEN, 60);
    expect(smtp.lines).toEqual([]);
  });
});
