// The shell with the server's own accounts API: a new visitor signs up through the dialog.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.js';
import { useServerAndBrowser, useWatchedPages } from './support/harness.js';
import { seedStore } from './support/shell.js';

describe('web shell with the real account API', () => {
  const app = useServerAndBrowser();
  const pages = useWatchedPages(app, seedStore);
  const open = () => pages.open();
  const password = 'correct horse battery staple';

  const options = (panel: ReturnType<Page['getByTestId']>) =>
    panel.getByLabel('Watchlist', { exact: true }).locator('option').allTextContents();

  async function logIn(page: Page, login: string) {
    await page.goto(app.server.url + '/');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByLabel('E-mail or username').fill(login);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Password').press('Enter');
    await page.getByText('Signed in successfully').waitFor();
    await page.waitForURL(app.server.url + '/dashboard');
  }

  it('guards: a visitor without a session is sent from /dashboard to /', async () => {
    const { page } = await open();
    await page.goto(app.server.url + '/dashboard');
    await page.waitForURL(app.server.url + '/');
    await page.getByRole('heading', { level: 1, name: /Know when a stock/ }).waitFor();
  });

  it('signs up through the dialog, keeps watchlists across a reload and in a second browser', async () => {
    const a = await open();
    await a.page.goto(app.server.url + '/');
    await a.page.getByRole('button', { name: 'Sign up' }).first().click();
    await a.page.getByLabel('E-mail').fill('shell-e2e@example.com');
    await a.page.getByLabel('Username').fill('shelltester');
    await a.page.getByLabel('Password').fill(password);
    await a.page.getByLabel('Password').press('Enter');
    await a.page.getByText('Signed in successfully').waitFor();
    await a.page.waitForURL(app.server.url + '/dashboard');
    await a.page.getByTestId('topbar').getByText('shelltester').waitFor();

    const panel = a.page.getByTestId('watchlist-panel');
    await panel.getByLabel('New watchlist name').fill('Tech');
    await panel.getByLabel('New watchlist name').press('Enter');
    const accountLists = async () => {
      const res = await a.context.request.get(app.server.url + '/api/v1/watchlists');
      return ((await res.json()) as { data: { name: string }[] }).data.map((w) => w.name).sort();
    };
    await expect.poll(accountLists, { timeout: 10_000 }).toEqual(['Default', 'Tech']);
    await a.page.reload();
    await expect.poll(() => options(panel), { timeout: 10_000 }).toEqual(['Default (1)', 'Tech (0)']);

    const b = await open();
    await logIn(b.page, 'shelltester');
    const panelB = b.page.getByTestId('watchlist-panel');
    await expect.poll(() => options(panelB), { timeout: 10_000 }).toEqual(['Default (1)', 'Tech (0)']);
    await panelB.getByRole('button', { name: 'Remove AAPL' }).click();
    const defaultSize = async () => {
      const res = await b.context.request.get(app.server.url + '/api/v1/watchlists');
      const lists = ((await res.json()) as { data: { name: string; symbols: unknown[] }[] }).data;
      return lists.find((w) => w.name === 'Default')?.symbols.length;
    };
    await expect.poll(defaultSize, { timeout: 10_000 }).toBe(0);
    await a.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => options(panel), { timeout: 10_000 }).toEqual(['Default (0)', 'Tech (0)']);
    await screenshot(b.page, 'shell-account-second-browser');
  });

  it('shows a refused login as the error popup', async () => {
    const { page } = await open();
    pages.watch.allow(/Failed to load resource.*\/api\/auth\/login/);
    await page.goto(app.server.url + '/');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByLabel('E-mail or username').fill('nobody');
    await page.getByLabel('Password').fill('wrong password here');
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { name: 'Error!' }).waitFor();
  });
});
