import { afterEach, describe, expect, it } from 'vitest';
import { meResponseSchema } from '@solstice/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { createTestSettings } from '../../testing/test-settings.js';
import { RecordingMailSender } from '../mail/mail-sender.js';
import { TEST_ORIGIN } from '../../testing/auth-helpers.js';

describe.each(testDialects())('the account’s language (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const signup = (app: TestApp, name: string, acceptLanguage: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'accept-language': acceptLanguage, origin: TEST_ORIGIN },
      payload: { email: `${name}@example.com`, username: name, password: 'a long password' },
    });

  it('welcomes in the browser’s language, then mails in the language the profile keeps', async () => {
    const mail = new RecordingMailSender();
    t = await createTestApp(dialect, {}, { mail });
    const res = await signup(t, 'ayse', 'tr-TR,tr;q=0.9,en;q=0.5');
    expect(res.statusCode).toBe(201);
    expect(meResponseSchema.parse(res.json()).data).toMatchObject({ locale: null, timeZone: null });
    expect(mail.sent.at(-1)?.subject).toBe("Solstice'e hoş geldiniz");
    expect(mail.sent.at(-1)?.text).toMatch(/^Merhaba ayse,/);

    expect((await signup(t, 'bob', 'de-DE,en-US;q=0.8')).statusCode).toBe(201);
    expect(mail.sent.at(-1)?.subject).toBe('Welcome to Solstice');

    // The profile's choice is kept, and /api/me answers it.
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const headers = { cookie, origin: TEST_ORIGIN };
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/preferences',
      headers,
      payload: { locale: 'tr-TR', timeZone: 'Europe/Istanbul' },
    });
    expect(patch.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers });
    expect(meResponseSchema.parse(me.json()).data).toMatchObject({ locale: 'tr-TR', timeZone: 'Europe/Istanbul' });
  });

  it('without a browser language we have, the operator’s default language', async () => {
    const mail = new RecordingMailSender();
    t = await createTestApp(dialect, { DEFAULT_LANGUAGE: 'tr' }, { mail });
    expect((await signup(t, 'carl', 'de-DE')).statusCode).toBe(201);
    expect(mail.sent.at(-1)?.subject).toBe("Solstice'e hoş geldiniz");
  });
});

describe('the operator’s defaults', () => {
  it('are validated: a language we do not have or an unknown time zone is refused by name', () => {
    expect(() => createTestSettings({ DEFAULT_LANGUAGE: 'de' })).toThrow(/DEFAULT_LANGUAGE.*expected one of en, tr/s);
    expect(() => createTestSettings({ DEFAULT_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /DEFAULT_TIME_ZONE.*IANA time zone/s,
    );
    expect(createTestSettings({}).DEFAULT_LANGUAGE).toBe('en');
    expect(createTestSettings({}).DEFAULT_TIME_ZONE).toBe('Europe/Istanbul');
  });
});
