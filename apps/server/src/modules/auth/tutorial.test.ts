import { describe, expect, it } from 'vitest';
import { meResponseSchema } from '@solstice/contracts';
import { testDialects } from '../../testing/test-databases.js';
import { useTestApp } from '../../testing/test-fixtures.js';
import { loginAs, requestAs, signUpAndLogin } from '../../testing/auth-helpers.js';

// Issue #19: the first-run tour is remembered in the account, not in one browser's storage.
describe.each(testDialects())('the first-run tour in the account on %s', (dialect) => {
  const t = useTestApp(dialect);

  const me = async (who: Awaited<ReturnType<typeof signUpAndLogin>>) =>
    meResponseSchema.parse((await requestAs(t, who, 'GET', '/api/me')).json()).data;

  it('is to show for a new account, and once done stays done on every device', async () => {
    const laptop = await signUpAndLogin(t);
    expect((await me(laptop)).tutorialSeen).toBe(false);

    const done = await requestAs(t, laptop, 'PATCH', '/api/me/preferences', { tutorialSeen: true });
    expect(done.statusCode).toBe(200);
    expect(meResponseSchema.parse(done.json()).data.tutorialSeen).toBe(true);

    // Another device: a new session of the same account.
    const phone = await loginAs(t, laptop.user);
    expect(phone.cookie).not.toBe(laptop.cookie);
    expect((await me(phone)).tutorialSeen).toBe(true);
    // The other preferences are untouched.
    expect((await me(phone)).locale).toBeNull();

    // Asked again (replay from the help menu, then "show it next time").
    expect((await requestAs(t, phone, 'PATCH', '/api/me/preferences', { tutorialSeen: false })).statusCode).toBe(200);
    expect((await me(laptop)).tutorialSeen).toBe(false);
  });

  it('is one account’s own: another account still gets the tour', async () => {
    const a = await signUpAndLogin(t);
    const b = await signUpAndLogin(t);
    await requestAs(t, a, 'PATCH', '/api/me/preferences', { tutorialSeen: true });
    expect((await me(b)).tutorialSeen).toBe(false);
  });

  it('refuses a value that is not a boolean, and a visitor without a session', async () => {
    const s = await signUpAndLogin(t);
    for (const payload of [{ tutorialSeen: 'yes' }, { tutorialSeen: 1 }, { tutorialSeen: null }]) {
      const res = await requestAs(t, s, 'PATCH', '/api/me/preferences', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as { error: { code: string } }).error.code).toBe('validation_failed');
    }
    expect((await me(s)).tutorialSeen).toBe(false);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/preferences',
      headers: { origin: 'http://localhost' },
      payload: { tutorialSeen: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
