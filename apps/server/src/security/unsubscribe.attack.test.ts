import { describe, expect, it } from 'vitest';
import { unsubscribeToken, UNSUBSCRIBE_TOKEN_DAYS } from '../modules/alerts/alert-mail.js';
import { signedInUser } from '../testing/auth-helpers.js';
import { createUser, type CreatedUser } from '../testing/factories.js';
import { useLiveServer } from '../testing/test-fixtures.js';
import { testDialects } from '../testing/test-databases.js';

/**
 * The digest's unsubscribe link over real HTTP, as mail providers (RFC 8058 one-click) and
 * mail scanners (a plain GET) use it: only a POST of `List-Unsubscribe=One-Click` with a
 * token this server signed, not expired, turns alert mail off; no cookie is needed.
 */
describe.each(testDialects())('one-click unsubscribe over HTTP (%s)', (dialect) => {
  const server = useLiveServer(dialect);
  const other = useLiveServer(dialect);

  const link = (token: string) => `${server.baseUrl}/api/v1/alert-mail/unsubscribe?token=${encodeURIComponent(token)}`;
  const alertMail = async (user: CreatedUser) =>
    (
      await server.database.db
        .selectFrom('users')
        .select('alert_mail')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).alert_mail;
  async function subscriber(locale?: string) {
    const user = await createUser(server.database.db, { subscriber: true });
    if (locale) await server.database.db.updateTable('users').set({ locale }).where('id', '=', user.id).execute();
    return { user, token: await unsubscribeToken(server.database.db, user.id, Date.now()) };
  }

  it('a form-urlencoded one-click POST, as Yahoo sends it, turns mail off (no cookie, no Origin)', async () => {
    const { user, token } = await subscriber();
    expect(await alertMail(user)).toBe(1);
    const res = await fetch(link(token), {
      method: 'POST',
      body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
    });
    expect(res.headers.get('content-type') ?? '').toBe('');
    expect(res.status).toBe(204);
    expect(await alertMail(user)).toBe(0);
  });

  it('a multipart/form-data one-click POST, as Gmail sends it, turns mail off', async () => {
    const { user, token } = await subscriber();
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const res = await fetch(link(token), { method: 'POST', body: form });
    expect(res.status).toBe(204);
    expect(await alertMail(user)).toBe(0);
  });

  it('a POST without the one-click body changes nothing and says what is expected', async () => {
    const { user, token } = await subscriber();
    for (const body of [new URLSearchParams({ 'List-Unsubscribe': 'Yes' }), new URLSearchParams()]) {
      const res = await fetch(link(token), { method: 'POST', body });
      expect(res.status).toBe(400);
      const error = ((await res.json()) as { error: { message: string; details: { path: string } } }).error;
      expect(error.details.path).toBe('body.List-Unsubscribe');
      expect(error.message).toContain('List-Unsubscribe=One-Click');
    }
    expect(await alertMail(user)).toBe(1);
  });

  it('a GET, as a mail scanner opening links does, does not unsubscribe: it shows a form that POSTs', async () => {
    const { user, token } = await subscriber();
    const res = await fetch(link(token));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>Stop alert mail?</h1>');
    const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    expect(action).toBe(`/api/v1/alert-mail/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(html).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    // The page's policy lets its form post to this server.
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self'");
    // and browsers send its origin with the POST (under no-referrer Chromium sends `Origin: null`).
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(await alertMail(user)).toBe(1);

    // Its button, as a browser submits it: same Origin, wanting a page; answered "mail is off".
    const submitted = await fetch(`${server.baseUrl}${action}`, {
      method: 'POST',
      headers: { origin: server.baseUrl, accept: 'text/html,application/xhtml+xml' },
      body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
    });
    expect(submitted.status).toBe(200);
    expect(await submitted.text()).toContain('<h1>Alert mail is off</h1>');
    expect(await alertMail(user)).toBe(0);
  });

  it('the pages speak the account’s language, else the browser’s', async () => {
    const turkish = await subscriber('tr-TR');
    const page = await (await fetch(link(turkish.token), { headers: { 'accept-language': 'en-US' } })).text();
    expect(page).toContain('<html lang="tr">');
    expect(page).toContain('Alarm e-postalarını kapat');
    const unknown = await fetch(link('1.2.x'), { headers: { 'accept-language': 'tr-TR,tr;q=0.9' } });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Bağlantı geçersiz');
  });

  it('an expired token is refused on both methods, with a page that says how to turn mail off', async () => {
    const user = await createUser(server.database.db, { subscriber: true });
    const made = Date.now() - (UNSUBSCRIBE_TOKEN_DAYS * 24 + 1) * 3600 * 1000;
    const expired = await unsubscribeToken(server.database.db, user.id, made);
    const page = await fetch(link(expired));
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('Link expired');
    expect(html).toContain('turn alert mail off in your profile');
    const post = await fetch(link(expired), {
      method: 'POST',
      body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
    });
    expect(post.status).toBe(400);
    expect(((await post.json()) as { error: { message: string } }).error.message).toMatch(/expired/);
    expect(await alertMail(user)).toBe(1);
  });

  it('a token signed by another server, a tampered one or none is refused', async () => {
    const user = await createUser(server.database.db, { subscriber: true });
    // The same user id on another installation: its secret is its own.
    const foreign = await unsubscribeToken(other.database.db, user.id, Date.now());
    const genuine = await unsubscribeToken(server.database.db, user.id, Date.now());
    const [id, expires, mac] = genuine.split('.') as [string, string, string];
    const later = `${id}.${Number(expires) + 86_400 * 365}.${mac}`;
    const someoneElse = `${user.id + 1}.${expires}.${mac}`;
    for (const token of [foreign, later, someoneElse, `${id}.${mac}`, '']) {
      const res = await fetch(link(token), {
        method: 'POST',
        body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
      });
      expect(res.status, token).toBe(400);
      const error = ((await res.json()) as { error: { message: string } }).error;
      expect(error.message).toContain('not valid');
    }
    expect(await alertMail(user)).toBe(1);
  });

  it('the token is the only authority: a session cookie sent along neither helps nor changes whose mail', async () => {
    const owner = await subscriber();
    const bystander = await createUser(server.database.db, { subscriber: true });
    const session = await signedInUser(server, { subscriber: true });
    // A signed-in browser posting the form without a token: nothing changes, for anyone.
    const noToken = await fetch(`${server.baseUrl}/api/v1/alert-mail/unsubscribe`, {
      method: 'POST',
      headers: { cookie: session.cookie, origin: server.baseUrl },
      body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
    });
    expect(noToken.status).toBe(400);
    const withToken = await fetch(link(owner.token), {
      method: 'POST',
      headers: { cookie: session.cookie, origin: server.baseUrl },
      body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
    });
    expect(withToken.status).toBe(204);
    expect(await alertMail(owner.user)).toBe(0);
    expect(await alertMail(session.user)).toBe(1);
    expect(await alertMail(bystander)).toBe(1);
  });
});
