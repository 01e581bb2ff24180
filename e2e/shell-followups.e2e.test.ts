// Follow-ups of the web shell against the built server: password reset through the e-mailed
// link, and a watchlist the account refuses (409) shown once and kept, not retried forever.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.js';
import { useServerAndBrowser, useWatchedPages } from './support/harness.js';
import { startSmtpTestServer } from '../apps/server/src/testing/smtp-test-server.js';
import { seedStore } from './support/shell.js';

const ADMIN = { email: 'followups-admin@example.com', password: 'admin password for e2e' };

describe('web shell follow-ups', () => {
  // The reset link reaches only its recipient (the admin outbox keeps it redacted): a real mailbox.
  const smtp = startSmtpTestServer();
  const app = useServerAndBrowser(async () => ({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: `smtp://127.0.0.1:${await smtp.listen()}`,
  }));
  afterAll(() => smtp.close());
  const pages = useWatchedPages(app, seedStore);
  const open = () => pages.open();

  /** A request from outside the browser with a session cookie (same-origin Origin for mutations). */
  async function call(method: string, path: string, cookie: string, body?: unknown): Promise<Response> {
    return fetch(app.server.url + path, {
      method,
      headers: {
        cookie,
        origin: app.server.url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function session(path: string, body: unknown): Promise<string> {
    const res = await call('POST', path, '', body);
    expect(res.status).toBeLessThan(300);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  async function logIn(page: Page, login: string, password: string) {
    await page.getByRole('button', { name: 'Log in' }).first().click();
    await page.getByLabel('E-mail or username').fill(login);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByText('Signed in successfully').waitFor();
    await page.waitForURL(app.server.url + '/dashboard');
  }

  it('resets a forgotten password through the e-mailed link and logs in with the new one', async () => {
    const email = 'forgetful@example.com';
    await session('/api/auth/signup', { email, username: 'forgetful', password: 'the old password 1' });

    const { page } = await open();
    await page.goto(app.server.url + '/');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('E-mail').press('Enter');
    await page
      .getByRole('status')
      .getByText(/If an account uses this address, we have sent it a link/)
      .waitFor();

    // The mail as the recipient's mailbox got it (quoted-printable undone).
    const deadline = Date.now() + 15_000;
    let link: string | undefined;
    while (!link && Date.now() < deadline) {
      link = smtp.received
        .filter((m) => m.to.includes(email))
        .map((m) => /(http\S+\/\?reset=[A-Za-z0-9_-]{43})/.exec(m.data.replace(/=\r\n/g, '').replace(/=3D/g, '='))?.[1])
        .find(Boolean);
      if (!link) await new Promise((r) => setTimeout(r, 50));
    }
    expect(link?.startsWith(`${app.server.url}/?reset=`)).toBe(true);

    // The admin outbox lists it, with the token redacted.
    const admin = await session('/api/auth/login', { login: ADMIN.email, password: ADMIN.password });
    // The outbox row is written once the SMTP server has answered.
    let messages: { id: number; subject: string }[] = [];
    for (let i = 0; i < 100 && messages.length === 0; i++) {
      const list = await call(
        'GET',
        `/api/v1/admin/outbox?to=${encodeURIComponent(email)}&template=password-reset`,
        admin,
      );
      ({ messages } = (await list.json()) as { messages: { id: number; subject: string }[] });
      if (messages.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(messages.map((m) => m.subject)).toEqual(['Reset your Solstice password']);
    const mail = (await (await call('GET', `/api/v1/admin/outbox/${messages[0]!.id}`, admin)).json()) as {
      text: string;
    };
    expect(mail.text).toContain(`${app.server.url}/?reset=[redacted]`);
    expect(mail.text).not.toContain(link!.split('=')[1]!);

    await page.goto(link!);
    const dialog = page.getByTestId('password-reset-dialog');
    await dialog.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await dialog.getByLabel('New password', { exact: true }).fill('short');
    await dialog.getByLabel('New password', { exact: true }).press('Enter');
    await dialog.getByText('A password has 10 to 128 characters.').waitFor();
    await dialog.getByLabel('New password', { exact: true }).fill('my brand new password');
    await dialog.getByLabel('Repeat the new password').fill('my brand new password');
    await dialog.getByLabel('Repeat the new password').press('Enter');
    await page.getByRole('heading', { name: 'Success!' }).waitFor();
    await page.getByText('Your password is changed. Log in with the new one.').waitFor();
    await screenshot(page, 'followups-reset-success');
    await page.locator('.swal2-popup').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('login-dialog').getByLabel('E-mail or username').fill('forgetful');
    await page.getByLabel('Password', { exact: true }).fill('my brand new password');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByText('Signed in successfully').waitFor();
    await page.waitForURL(app.server.url + '/dashboard');

    // The link works once: opened again (signed out), it shows the server's message.
    const again = await open();
    pages.watch.allow(/Failed to load resource.*400/);
    await again.page.goto(link!);
    const second = again.page.getByTestId('password-reset-dialog');
    await second.getByLabel('New password', { exact: true }).fill('yet another password');
    await second.getByLabel('Repeat the new password').fill('yet another password');
    await second.getByLabel('Repeat the new password').press('Enter');
    await second
      .getByRole('alert')
      .getByText('This reset link is invalid, used or expired; ask for a new one.')
      .waitFor();
    expect(
      (await call('POST', '/api/auth/login', '', { login: 'forgetful', password: 'the old password 1' })).status,
    ).toBe(401);
  });

  it('a watchlist the account refuses (409) shows one error popup, stays local and is not sent again', async () => {
    const password = 'a password for lists';
    const cookie = await session('/api/auth/signup', {
      email: 'collector@example.com',
      username: 'collector',
      password,
    });
    // Fill the account up to its limit of 50 lists.
    for (let i = 1; i <= 50; i += 1) {
      expect((await call('POST', '/api/v1/watchlists', cookie, { name: `List ${i}`, symbols: [] })).status).toBe(201);
    }
    const { page } = await open();
    pages.watch.allow(/Failed to load resource.*409/);
    const creates: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/v1/watchlists')
        creates.push(req.postData() ?? '');
    });
    await page.goto(app.server.url + '/');
    await logIn(page, 'collector', password);
    const panel = page.getByTestId('watchlist-panel');
    const options = () => panel.getByLabel('Watchlist', { exact: true }).locator('option').allTextContents();
    await expect.poll(async () => (await options()).length, { timeout: 10_000 }).toBe(50);

    // The store refuses a name it already has; nothing is sent.
    await panel.getByLabel('New watchlist name').fill('List 7');
    await panel.getByLabel('New watchlist name').press('Enter');
    await panel.getByLabel('New watchlist name').fill('Extra');
    await panel.getByLabel('New watchlist name').press('Enter');
    await page.getByRole('heading', { name: 'Error!' }).waitFor({ timeout: 10_000 });
    await page.getByText('You can keep at most 50 watchlists; delete one first.').waitFor();
    await page.locator('.swal2-popup').getByRole('button', { name: 'Close' }).click();
    expect(creates).toEqual([JSON.stringify({ name: 'Extra', symbols: [] })]);

    // Focus and a reload sync again: the refused list is kept and not sent again.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.reload();
    await expect.poll(async () => (await options()).length, { timeout: 10_000 }).toBe(51);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForTimeout(1_500);
    expect(creates).toHaveLength(1);
    expect(await page.getByRole('heading', { name: 'Error!' }).count()).toBe(0);
    expect((await options()).filter((o) => o.startsWith('List 7 '))).toEqual(['List 7 (0)']);
    expect((await options()).at(-1)).toBe('Extra (0)');
    const account = (await (await call('GET', '/api/v1/watchlists', cookie)).json()) as { data: unknown[] };
    expect(account.data).toHaveLength(50);
  });
});
