// Issue #19 in the real browser: a session cookie without browser storage, the first-run
// tour kept in the account and pointing at real controls, and the admin screens (a member
// gets the 404 page). Screenshots go to the e2e output directory for a person to look at.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS_DIR, screenshot } from './support/browser.js';
import { useServerAndBrowser, useWatchedPages } from './support/harness.js';
import { seedStore } from './support/shell.js';

const ADMIN = { email: 'polish-admin@example.com', password: 'product polish e2e passphrase' };
const PASSWORD = 'a member e2e passphrase';
const VIEWPORT = { width: 1280, height: 860 };

describe('product polish (issue #19) in the browser', () => {
  const app = useServerAndBrowser({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JOBS_POLL_INTERVAL_MS: '200',
  });
  const pages = useWatchedPages(app);

  /** A browser profile with empty storage, or with only the cookies given. */
  async function open(cookies?: Awaited<ReturnType<BrowserContext['cookies']>>) {
    return pages.open({
      viewport: VIEWPORT,
      ...(cookies ? { storageState: { cookies, origins: [] } } : {}),
    });
  }

  const headers = () => ({ origin: app.server.url });

  async function signUp(context: BrowserContext, name: string): Promise<string> {
    const email = `${name}@example.com`;
    const res = await context.request.post(`${app.server.url}/api/auth/signup`, {
      data: { email, username: name, password: PASSWORD },
      headers: headers(),
    });
    expect(res.status()).toBe(201);
    return email;
  }

  async function logIn(context: BrowserContext, login: string, password: string) {
    const res = await context.request.post(`${app.server.url}/api/auth/login`, {
      data: { login, password },
      headers: headers(),
    });
    expect(res.status()).toBe(200);
  }

  const me = async (context: BrowserContext) =>
    ((await (await context.request.get(`${app.server.url}/api/me`)).json()) as { data: { tutorialSeen: boolean } })
      .data;

  it('opens a protected page for a valid session cookie with empty browser storage, and after a reload', async () => {
    const first = await open();
    await signUp(first.context, 'cookieonly');
    // A second profile restoring only the cookie: no local storage at all.
    const { page } = await open(await first.context.cookies());
    await page.goto(app.server.url + '/profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.getByTestId('topbar').getByText('cookieonly').waitFor();
    await screenshot(page, 'polish-session-cookie-only');
  });

  async function spotCovers(page: Page, control: ReturnType<Page['locator']>): Promise<boolean> {
    const spot = await page
      .getByTestId('tutorial-spot')
      .boundingBox({ timeout: 1_000 })
      .catch(() => null);
    const box = await control.boundingBox();
    if (!spot || !box) return false;
    return (
      spot.x <= box.x &&
      spot.y <= box.y &&
      spot.x + spot.width >= box.x + box.width &&
      spot.y + spot.height >= box.y + box.height
    );
  }

  it('shows the tour once per account, each step at its control, and keeps it in the help menu', async () => {
    const { context, page } = await open();
    await signUp(context, 'tourist');
    await page.goto(app.server.url + '/dashboard');
    const tour = page.getByTestId('tutorial');
    await tour.getByText('Welcome to Solstice').waitFor();
    await tour.getByRole('button', { name: 'Next' }).click();

    const steps: [string, ReturnType<Page['locator']>][] = [
      ['Find any symbol', page.getByTestId('topbar').getByRole('combobox')],
      ['Your watchlists', page.getByTestId('watchlist-panel')],
      ['The tools', page.getByTestId('sidebar').locator('a[href="/seasonality"]').first()],
      ['Help', page.locator('#help-menu')],
    ];
    for (const [title, control] of steps) {
      await page.getByRole('dialog', { name: title }).waitFor();
      // The viewport as the user sees it: the tour's highlight is fixed to the viewport.
      fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
      await page.screenshot({
        path: path.join(ARTIFACTS_DIR, `polish-tour-${title.toLowerCase().replace(/ /g, '-')}.png`),
      });
      await expect.poll(() => spotCovers(page, control), { timeout: 5_000 }).toBe(true);
      if (title === 'Help') await page.getByRole('button', { name: 'Done' }).click();
      else await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Next' }).click();
    }
    await expect.poll(async () => (await me(context)).tutorialSeen, { timeout: 10_000 }).toBe(true);

    // Another device: only the cookie, empty storage. The account says the tour is done.
    const other = await open(await context.cookies());
    await other.page.goto(app.server.url + '/dashboard');
    await other.page.getByTestId('watchlist-panel').waitFor();
    await other.page.getByTestId('topbar').getByText('tourist').waitFor();
    expect(await other.page.getByTestId('tutorial').count()).toBe(0);

    // Still reachable from the help menu.
    await other.page.getByRole('button', { name: 'Help' }).click();
    await other.page.getByRole('button', { name: 'Welcome tour' }).click();
    await other.page.getByTestId('tutorial').getByText('Welcome to Solstice').waitFor();
    await screenshot(other.page, 'polish-tour-from-help-menu');
  });

  it('gives an admin the admin screens, and a member the 404 page', async () => {
    const { context, page } = await open();
    await seedStore(context);
    await logIn(context, ADMIN.email, ADMIN.password);
    const api = (method: 'POST' | 'PATCH', path: string, data: unknown) =>
      context.request.fetch(`${app.server.url}${path}`, { method, data, headers: headers() });
    expect(
      (
        await api('POST', '/api/v1/admin/products', {
          name: 'Solstice Pro',
          description: 'Every tool',
          prices: [
            { amount: 2900, interval: 'month' },
            { amount: 29000, interval: 'year' },
          ],
        })
      ).status(),
    ).toBe(201);
    const member = await open();
    const memberEmail = await signUp(member.context, 'polishmember');
    expect((await api('POST', '/api/auth/password-reset/request', { email: memberEmail })).status()).toBe(202);

    const settle = () => page.getByTestId('loading-overlay').waitFor({ state: 'detached' });

    await page.goto(app.server.url + '/admin');
    await page.getByTestId('admin-home').waitFor();
    await screenshot(page, 'polish-admin-home');

    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('E-mail or username').fill('polishmember');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('users').getByRole('button', { name: 'polishmember' }).click();
    const detail = page.getByTestId('user-detail');
    await detail.getByText('Subscriber tag: no').waitFor();
    await detail.getByRole('button', { name: 'Give the subscriber tag' }).click();
    await detail.getByText('Subscriber tag: yes').waitFor();
    await detail.getByText('No subscription yet.').waitFor();
    await settle();
    await screenshot(page, 'polish-admin-users');

    await page.goto(app.server.url + '/admin/products');
    const card = page.getByRole('region', { name: /Solstice Pro/ });
    await card.getByRole('cell', { name: '$29.00' }).waitFor();
    await card.getByRole('cell', { name: '$290.00' }).waitFor();
    await settle();
    await screenshot(page, 'polish-admin-products');

    await page.goto(app.server.url + '/admin/mail');
    const outbox = page.getByTestId('outbox');
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Search' }).click();
          return outbox.getByRole('button', { name: 'Reset your Solstice password' }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await outbox.getByRole('button', { name: 'Reset your Solstice password' }).click();
    const text = page.getByTestId('outbox-text');
    await text.waitFor();
    expect(await text.textContent()).toContain('[redacted]');
    await settle();
    await screenshot(page, 'polish-admin-mail');
    await page.keyboard.press('Escape');

    await page.goto(app.server.url + '/admin/jobs');
    await page.getByTestId('job-counts').waitFor();
    await page.getByRole('button', { name: 'Run due jobs now' }).click();
    await page
      .getByTestId('run-result')
      .getByText(/ran\.$/)
      .waitFor();
    await settle();
    await screenshot(page, 'polish-admin-jobs');

    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Market data' }).click();
    await page.getByTestId('data-status').waitFor();
    await settle();
    await screenshot(page, 'polish-admin-data');

    // A member: every admin screen is the 404 page, and the admin API refuses.
    await seedStore(member.context);
    for (const path of ['/admin', '/admin/users', '/admin/products', '/admin/mail', '/admin/jobs', '/admin/data']) {
      await member.page.goto(app.server.url + path);
      await member.page.getByText('This page could not be found').waitFor();
    }
    await screenshot(member.page, 'polish-admin-member-404');
    const refused = await member.context.request.get(`${app.server.url}/api/v1/admin/users`);
    expect([403, 404]).toContain(refused.status());
  });
});
