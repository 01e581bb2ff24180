// Attacks on accounts over real HTTP: reading reset links out of the admin outbox, keeping a
// link (or a session) alive across a password change, poisoning the link with a Host header,
// telling registered addresses by the reset answer's timing, weak passwords, eternal sessions.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@solstice/contracts';
import { publicOrigin } from '../config/settings.js';
import type { MailMessage } from '../modules/mail/mail-sender.js';
import { SESSION_ABSOLUTE_TTL_MS, SESSION_TTL_MS, hashToken } from '../modules/auth/sessions.js';
import { signedInUser, sessionCookieFrom } from '../testing/auth-helpers.js';
import { createUser } from '../testing/factories.js';
import { callLive as call, rawRequest, startLiveServer, type LiveServer } from '../testing/live-server.js';
import { startSmtpTestServer } from '../testing/smtp-test-server.js';
import { testDialects } from '../testing/test-databases.js';

const TOKEN_IN_LINK = /\?reset=([A-Za-z0-9_-]{43})/;
const DAY = 24 * 60 * 60 * 1000;

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(testDialects())('account attacks on %s', (dialect) => {
  let server: LiveServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(settings: Record<string, string> = {}): Promise<LiveServer> {
    server = await startLiveServer(dialect, settings);
    return server;
  }

  /** The reset mail as it was handed to delivery (the queue sends it off the request path). */
  function deliveredResetMail(s: LiveServer, to: string): Promise<MailMessage> {
    const sent = (s.services.mail as unknown as { sent: MailMessage[] }).sent;
    return until(`the reset mail to ${to}`, () =>
      sent.filter((m) => m.to === to && m.template === 'password-reset').at(-1),
    );
  }

  async function resetTokenFor(s: LiveServer, email: string): Promise<string> {
    const before = (s.services.mail as unknown as { sent: MailMessage[] }).sent.length;
    expect((await call(s, 'POST', '/api/auth/password-reset/request', { email })).status).toBe(202);
    const sent = (s.services.mail as unknown as { sent: MailMessage[] }).sent;
    const mail = await until('a new reset mail', () =>
      sent.slice(before).find((m) => m.to === email && m.template === 'password-reset'),
    );
    return TOKEN_IN_LINK.exec(mail.text)![1]!;
  }

  it('the admin outbox shows reset mails with the token redacted; the recipient gets the real link', async () => {
    const s = await start({ PUBLIC_URL: 'https://solstice.example' });
    const victim = await createUser(s.services.database.db, { email: 'victim@example.com' });
    const admin = await signedInUser(s, { role: 'admin' });
    expect((await call(s, 'POST', '/api/auth/password-reset/request', { email: victim.email })).status).toBe(202);
    const delivered = await deliveredResetMail(s, victim.email);
    const token = TOKEN_IN_LINK.exec(delivered.text)?.[1];
    expect(token).toBeDefined();

    const list = await call(
      s,
      'GET',
      `/api/v1/admin/outbox?to=${victim.email}&template=password-reset`,
      undefined,
      admin.cookie,
    );
    expect(list.status).toBe(200);
    const listed = await list.text();
    const { messages } = JSON.parse(listed) as { messages: { id: number }[] };
    expect(messages).toHaveLength(1);
    const one = await call(s, 'GET', `/api/v1/admin/outbox/${messages[0]!.id}`, undefined, admin.cookie);
    const raw = await one.text();
    const stored = JSON.parse(raw) as { text: string; html: string };
    for (const body of [listed, raw]) {
      expect(body).not.toContain(token!);
      expect(body).not.toMatch(TOKEN_IN_LINK);
    }
    expect(stored.text).toContain('https://solstice.example/?reset=[redacted]');
    expect(stored.html).toContain('https://solstice.example/?reset=[redacted]');

    // The mailed link still works for its recipient.
    const real = await call(s, 'POST', '/api/auth/password-reset/confirm', { token, newPassword: 'my own new secret' });
    expect(real.status).toBe(204);
  });

  it('a password change ends outstanding reset links and every other session', async () => {
    const s = await start({ PUBLIC_URL: 'https://solstice.example' });
    const user = await createUser(s.services.database.db);
    const token = await resetTokenFor(s, user.email);
    const login = async () => {
      const res = await call(s, 'POST', '/api/auth/login', { login: user.username, password: user.password });
      expect(res.status).toBe(200);
      return sessionCookieFrom(res.headers.getSetCookie())!;
    };
    const here = await login();
    const elsewhere = await login();

    const changed = await call(
      s,
      'POST',
      '/api/auth/password',
      { currentPassword: user.password, newPassword: 'a freshly chosen secret' },
      here,
    );
    expect(changed.status).toBe(200);
    const fresh = sessionCookieFrom(changed.headers.getSetCookie());
    expect(fresh).not.toBeNull();

    const stale = await call(s, 'POST', '/api/auth/password-reset/confirm', {
      token,
      newPassword: 'the attacker wins',
    });
    expect(stale.status).toBe(400);
    expect(
      ((await stale.json()) as { error: { details: { issues: { path: string }[] } } }).error.details.issues[0]!.path,
    ).toBe('body.token');
    for (const old of [here, elsewhere]) expect((await call(s, 'GET', '/api/me', undefined, old)).status).toBe(401);
    expect((await call(s, 'GET', '/api/me', undefined, fresh!)).status).toBe(200);
    expect(
      (await call(s, 'POST', '/api/auth/login', { login: user.username, password: 'a freshly chosen secret' })).status,
    ).toBe(200);
  });

  it('a hostile Host header never reaches the reset link: it points at PUBLIC_URL (development: localhost)', async () => {
    // The Host check lets this name through, so only the link building stands in the way.
    const s = await start({ ALLOWED_HOSTS: 'evil.example' });
    const user = await createUser(s.services.database.db);
    const body = JSON.stringify({ email: user.email });
    const res = await rawRequest(
      s.port,
      [
        'POST /api/auth/password-reset/request HTTP/1.1',
        'Host: evil.example',
        'X-Forwarded-Host: evil.example',
        'X-Forwarded-Proto: https',
        'Content-Type: application/json',
      ],
      body,
    );
    expect(res.status).toBe(202);
    const mail = await deliveredResetMail(s, user.email);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
    expect(mail.text).toContain(`${publicOrigin(s.services.settings)}/?reset=`);
    expect(publicOrigin(s.services.settings)).toBe(`http://localhost:${s.services.settings.PORT}`);
  });

  describe('with a slow SMTP server', () => {
    const DELAY_MS = 1500;
    const smtp = startSmtpTestServer({ delayMs: DELAY_MS });
    let smtpPort = 0;
    beforeAll(async () => {
      smtpPort = await smtp.listen();
    });
    afterAll(async () => {
      await smtp.close();
    });

    it('answers a reset request for a registered and an unknown address alike, well before the mail goes out', async () => {
      const s = await start({ PUBLIC_URL: 'https://solstice.example', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
      const user = await createUser(s.services.database.db, { email: `slow_${dialect}@example.com` });
      const timed = async (email: string) => {
        const started = performance.now();
        const res = await call(s, 'POST', '/api/auth/password-reset/request', { email });
        const ms = performance.now() - started;
        expect(res.status).toBe(202);
        expect(await res.json()).toEqual({ data: { status: 'accepted' } });
        return ms;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 2; i++) {
        known.push(await timed(user.email));
        unknown.push(await timed(`nobody_${i}_${dialect}@example.com`));
      }
      // Loose on purpose: sending inline made every known answer wait for the SMTP server.
      for (const ms of [...known, ...unknown]) expect(ms).toBeLessThan(DELAY_MS / 2);

      // The queue still delivers, with the real link, to the registered address only.
      const arrived = await until('two mails over SMTP', () => {
        const mine = smtp.received.filter((m) => m.to.includes(user.email));
        return mine.length >= 2 ? mine : undefined;
      });
      // Undo quoted-printable soft breaks and "=" escapes.
      const data = arrived[0]!.data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
      expect(data).toMatch(/https:\/\/solstice\.example\/\?reset=[A-Za-z0-9_-]{43}/);
      expect(smtp.received.some((m) => m.to.some((to) => to.startsWith('nobody_')))).toBe(false);
      const outbox = await until('the outbox rows', async () => {
        const rows = await s.services.database.db
          .selectFrom('mail_outbox')
          .select(['text_body', 'transport', 'status'])
          .where('to_address', '=', user.email)
          .execute();
        return rows.length >= 2 ? rows : undefined;
      });
      for (const row of outbox) {
        expect([row.transport, row.status]).toEqual(['smtp', 'sent']);
        expect(row.text_body).toContain('?reset=[redacted]');
      }
    });
  });

  it('refuses common and breached passwords, and ones equal to the e-mail, its local part or the username', async () => {
    const s = await start({ PUBLIC_URL: 'https://solstice.example' });
    const issueOf = async (res: Response) => {
      expect(res.status).toBe(400);
      const body = (await res.json()) as {
        error: { code: string; details: { issues: { path: string; message: string }[] } };
      };
      expect(body.error.code).toBe('validation_failed');
      return body.error.details.issues[0]!;
    };
    /** Each password is refused by `send` with its message on body.newPassword. */
    const refusesNewPasswords = async (send: (newPassword: string) => Promise<Response>, cases: [string, string][]) => {
      for (const [password, message] of cases) {
        expect(await issueOf(await send(password)), password).toEqual({ path: 'body.newPassword', message });
      }
    };
    const signup = (password: string, email = 'newcomer@example.com', username = 'newcomer') =>
      call(s, 'POST', '/api/auth/signup', { email, username, password });

    for (const password of ['1234567890', 'qwertyuiop', 'password123', 'Password123', 'QWERTYUIOP']) {
      expect(await issueOf(await signup(password)), password).toEqual({
        path: 'body.password',
        message: MESSAGES.passwordCommon,
      });
    }
    const personal = [
      ['longname.here@example.com', 'someone_else', 'LongName.Here@Example.com'],
      ['longname.here@example.com', 'someone_else', 'LONGNAME.HERE'],
      ['x1@example.com', 'MargaretHamilton', 'margarethamilton'],
    ] as const;
    for (const [email, username, password] of personal) {
      expect(await issueOf(await signup(password, email, username)), password).toEqual({
        path: 'body.password',
        message: MESSAGES.passwordPersonal,
      });
    }
    expect((await signup('a sound passphrase here')).status).toBe(201);

    // Password change.
    const member = await signedInUser(s, { username: 'GraceHopper1', email: 'grace.hopper@example.com' });
    const change = (newPassword: string) =>
      call(s, 'POST', '/api/auth/password', { currentPassword: member.user.password, newPassword }, member.cookie);
    await refusesNewPasswords(change, [
      ['qwertyuiop', MESSAGES.passwordCommon],
      ['GRACEHOPPER1', MESSAGES.passwordPersonal],
      ['grace.hopper', MESSAGES.passwordPersonal],
    ]);

    // Reset confirm: refused without spending the link.
    const token = await resetTokenFor(s, member.user.email);
    const confirm = (newPassword: string) =>
      call(s, 'POST', '/api/auth/password-reset/confirm', { token, newPassword });
    await refusesNewPasswords(confirm, [
      ['1234567890', MESSAGES.passwordCommon],
      ['Grace.Hopper@example.com', MESSAGES.passwordPersonal],
    ]);
    expect((await confirm('an uncommon new secret')).status).toBe(204);
  });

  it('a session ends 30 days after sign-in however often it is used', async () => {
    const s = await start();
    const db = s.services.database.db;
    const now = Date.now();
    const ancient = await signedInUser(s);
    const tokenHash = (cookie: string) => hashToken(cookie.slice(cookie.indexOf('=') + 1));
    // The session of `cookie` signed in at `createdAt` and used yesterday.
    const signedInAt = (cookie: string, createdAt: number) =>
      db
        .updateTable('sessions')
        .set({ created_at: createdAt, last_seen_at: now - DAY, expires_at: now + SESSION_TTL_MS - DAY })
        .where('token_hash', '=', tokenHash(cookie))
        .execute();
    const sessionsOf = (cookie: string) =>
      db
        .selectFrom('sessions')
        .select(['token_hash', 'expires_at'])
        .where('token_hash', '=', tokenHash(cookie))
        .execute();

    // Signed in 400 days ago and used yesterday: the sliding expiry alone would keep it.
    await signedInAt(ancient.cookie, now - 400 * DAY);
    expect((await call(s, 'GET', '/api/me', undefined, ancient.cookie)).status).toBe(401);
    expect(await sessionsOf(ancient.cookie)).toEqual([]);

    // 29 days old and in use: still valid, but its expiry slides no further than day 30.
    const recent = await signedInUser(s);
    const created = now - 29 * DAY;
    await signedInAt(recent.cookie, created);
    expect((await call(s, 'GET', '/api/me', undefined, recent.cookie)).status).toBe(200);
    const [row] = await sessionsOf(recent.cookie);
    expect(Number(row?.expires_at)).toBe(created + SESSION_ABSOLUTE_TTL_MS);
  });
});
