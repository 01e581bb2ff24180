// Issue #19, "Accessibility": every screen of the app (and its dialogs) passes axe-core in
// the real browser with no serious or critical violation, and the app works with the
// keyboard alone: Tab reaches the main navigation with a visible focus ring, a dialog opened
// from the keyboard keeps Tab inside and gives focus back on Escape.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ConsoleWatch, launchBrowser, newWatchedPage, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { seedStore } from './support/shell.js';
import { logIn, openEveryToolWithAPlan, requestAs } from './support/accounts.js';
import { importSharedSymbols } from './support/shared-data';

const SYMBOLS = ['SPY', 'AAPL', 'KO', 'PEP', 'MSFT', 'XOM'];
const ADMIN = { email: 'a11y-admin@example.com', password: 'accessibility e2e admin passphrase' };
const VIEWPORT = { width: 1280, height: 900 };
// axe-core from node_modules, injected into each page as a script (no network).
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** Runs axe-core on the page as it is now; the serious and critical violations. */
async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: unknown[] };
    return result.violations;
  });
  return (violations as Violation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A violation as a person reads it: the rule, what to do, and each element with its selector. */
function describeViolations(screen: string, violations: Violation[]): string {
  return violations
    .map((v) =>
      [
        `[${screen}] ${v.impact} ${v.id}: ${v.help} (${v.helpUrl})`,
        ...v.nodes
          .slice(0, 8)
          .map(
            (n) =>
              `    at ${n.target.join(' ')}\n      ${n.html.slice(0, 200)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
          ),
        v.nodes.length > 8 ? `    … and ${v.nodes.length - 8} more` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n');
}

describe('accessibility in the browser (axe-core and the keyboard)', () => {
  let server: RunningServer;
  let browser: Browser;
  let watch: ConsoleWatch;
  let adminId = 0;
  const contexts: BrowserContext[] = [];
  const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-a11y-'));
  const databaseUrl = `file:${path.join(dbDir, 'a11y.sqlite')}`;
  /** Serious and critical violations per screen, printed together at the end. */
  const found = new Map<string, number>();

  beforeAll(async () => {
    importSharedSymbols(databaseUrl, SYMBOLS);
    server = await startServer({
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JOBS_POLL_INTERVAL_MS: '200',
    });
    browser = await launchBrowser();
    const admin = await logIn(server, ADMIN);
    adminId = admin.id;
    // The admin is also a subscriber (every tool open), and there is a plan to subscribe to.
    await openEveryToolWithAPlan(
      requestAs(
        () => server,
        () => admin.cookie,
      ),
      adminId,
    );
  }, 180_000);
  afterAll(async () => {
    console.log(
      'axe-core serious/critical violations per screen:\n' +
        [...found].map(([screen, n]) => `  ${screen}: ${n}`).join('\n'),
    );
    await browser?.close();
    await server?.stop();
    fs.rmSync(dbDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    watch = new ConsoleWatch();
    return async () => {
      for (const c of contexts.splice(0)) await c.close();
      expect(watch.errors).toEqual([]);
    };
  });

  async function open(
    signedIn: boolean,
    store: Record<string, unknown> = {},
  ): Promise<{ context: BrowserContext; page: Page }> {
    // bypassCSP: the app's policy (script-src 'self') would refuse the injected axe-core.
    const opened = await newWatchedPage(browser, watch, { viewport: VIEWPORT, locale: 'en-US', bypassCSP: true });
    contexts.push(opened.context);
    if (!signedIn) {
      await seedStore(opened.context);
      return opened;
    }
    const res = await opened.context.request.post(`${server.url}/api/auth/login`, {
      data: { login: ADMIN.email, password: ADMIN.password },
      headers: { origin: server.url },
    });
    expect(res.status()).toBe(200);
    const me = ((await res.json()) as { data: { id: number; username: string } }).data;
    await seedStore(opened.context, { user: { id: me.id, username: me.username }, subscriber: true, ...store });
    return opened;
  }

  /** Saves the signed-in account's layout preference. */
  function saveLayout(context: BrowserContext, layout: Record<string, boolean>) {
    return context.request.patch(`${server.url}/api/me/preferences`, {
      data: { layout },
      headers: { origin: server.url },
    });
  }

  /**
   * Signed in, with the layout `on` in both the account and the browser's store, runs `look`;
   * then the account's layout goes back to the plain one.
   */
  async function withLayout(
    on: { sidebarDark: boolean; topbarDark: boolean; horizontal: boolean },
    look: (page: Page) => Promise<void>,
  ): Promise<void> {
    const { sidebarDark: darkSidebar, topbarDark: darkTopbar, horizontal } = on;
    const { context, page } = await open(true, {
      layout: { sidebarCollapsed: false, darkSidebar, darkTopbar, horizontal },
    });
    const account = (layout: typeof on) => saveLayout(context, { sidebarCollapsed: false, ...layout });
    expect((await account(on)).ok()).toBe(true);
    try {
      await look(page);
    } finally {
      await account({ sidebarDark: false, topbarDark: false, horizontal: false });
    }
  }

  /** Signed in, on the settled dashboard. */
  async function openDashboard(): Promise<Page> {
    const { page } = await open(true);
    await page.goto(server.url + '/dashboard');
    await page.getByTestId('dashboard-screen').waitFor();
    await settle(page);
    return page;
  }

  /** Escape closes `dialog` and the focus goes back to `opener`. */
  async function escapeGivesFocusBack(page: Page, dialog: Locator, opener: Locator): Promise<void> {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  }

  /** Once the page's requests are done, nothing covers it and the transitions are over. */
  async function settle(page: Page): Promise<void> {
    await page.waitForLoadState('networkidle');
    await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
    await page.waitForTimeout(400);
  }

  /** Runs axe on the page, keeps its count and a screenshot, and fails on any serious or critical violation. */
  async function check(page: Page, screen: string): Promise<void> {
    await settle(page);
    const violations = await axeViolations(page);
    found.set(screen, violations.length);
    await screenshot(page, `a11y-${screen}`);
    expect(violations, describeViolations(screen, violations)).toEqual([]);
  }

  const chartDrawn = (page: Page) => page.locator('[role="img"] svg, [role="img"] canvas').first().waitFor();

  const SCREENS: { screen: string; path: string; ready: (page: Page) => Promise<unknown> }[] = [
    { screen: 'dashboard', path: '/dashboard', ready: (p) => p.getByTestId('dashboard-screen').waitFor() },
    {
      screen: 'scanner',
      path: '/scanner?expression=' + encodeURIComponent('close >= high52w * 0.8'),
      ready: (p) => p.getByTestId('scan-results').waitFor(),
    },
    { screen: 'seasonality-chart', path: '/seasonality?symbol=KO', ready: chartDrawn },
    {
      screen: 'pattern',
      path: '/seasonality/pattern?symbol=KO&start=03-01&end=05-01',
      ready: (p) => p.getByTestId('pattern-table').waitFor(),
    },
    {
      screen: 'calendar',
      path: '/seasonality/calendar?symbol=KO',
      ready: (p) => p.getByTestId('calendar-grid').waitFor(),
    },
    {
      screen: 'best-trades',
      path: '/seasonality/besttrades?symbol=KO',
      ready: (p) => p.getByTestId('best-long').waitFor({ timeout: 60_000 }),
    },
    {
      screen: 'seasonality-scanner',
      path: '/seasonality/scanner',
      ready: (p) => p.getByTestId('seasonality-scanner-screen').waitFor(),
    },
    { screen: 'market', path: '/market', ready: (p) => p.getByTestId('market-screen').waitFor() },
    { screen: 'heatmaps', path: '/heatmaps', ready: (p) => p.getByTestId('heatmaps-screen').waitFor() },
    { screen: 'alerts', path: '/alerts', ready: (p) => p.getByTestId('alerts-screen').waitFor() },
    { screen: 'profile', path: '/profile', ready: (p) => p.getByTestId('profile-screen').waitFor() },
    { screen: 'subscribe', path: '/subscribe', ready: (p) => p.getByTestId('subscribe-screen').waitFor() },
    { screen: 'admin', path: '/admin', ready: (p) => p.getByTestId('admin-home').waitFor() },
    { screen: 'admin-users', path: '/admin/users', ready: (p) => p.getByTestId('admin-users').waitFor() },
    { screen: 'admin-products', path: '/admin/products', ready: (p) => p.getByTestId('admin-products').waitFor() },
    { screen: 'admin-mail', path: '/admin/mail', ready: (p) => p.getByTestId('admin-mail').waitFor() },
    { screen: 'admin-jobs', path: '/admin/jobs', ready: (p) => p.getByTestId('admin-jobs').waitFor() },
    { screen: 'admin-data', path: '/admin/data', ready: (p) => p.getByTestId('admin-data-screen').waitFor() },
    {
      screen: 'symbol-details',
      path: '/dashboard?details=KO',
      ready: (p) => p.getByTestId('symbol-details').locator('[role="img"] svg').first().waitFor(),
    },
  ];

  it('the landing page and its sign-in dialog', async () => {
    const { page } = await open(false);
    await page.goto(server.url + '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await check(page, 'landing');
    await page.locator('.landing__bar').getByRole('button').first().click();
    await page.getByRole('dialog').waitFor();
    await check(page, 'sign-in-dialog');
  });

  for (const { screen, path: route, ready } of SCREENS) {
    it(`the ${screen} screen`, async () => {
      const { page } = await open(true);
      await page.goto(server.url + route);
      await ready(page);
      await check(page, screen);
    });
  }

  it('the dashboard with the dark sidebar and top bar, and an opened chart table', async () => {
    await withLayout({ sidebarDark: true, topbarDark: true, horizontal: false }, async (page) => {
      await page.goto(server.url + '/dashboard');
      await page.locator('.app-shell--dark-sidebar.app-shell--dark-topbar').waitFor();
      await check(page, 'dashboard-dark');
      await page.goto(server.url + '/seasonality/pattern?symbol=KO&start=03-01&end=05-01');
      await page.getByTestId('pattern-table').waitFor();
      await page.locator('details.chart-table summary').first().click();
      await page.locator('details.chart-table table').first().waitFor();
      await check(page, 'pattern-chart-table');
    });
  });

  it('the horizontal layout with the dark top bar', async () => {
    await withLayout({ sidebarDark: false, topbarDark: true, horizontal: true }, async (page) => {
      await page.goto(server.url + '/market');
      await page.getByTestId('horizontal-nav').waitFor();
      await page.getByTestId('market-screen').waitFor();
      await check(page, 'market-horizontal-dark');
    });
  });

  it('the 404 page', async () => {
    const { page } = await open(true);
    // The server answers an unknown path with the app page and status 404: expected.
    watch.allow(/Failed to load resource.*404.*\/no\/such\/page/);
    await page.goto(server.url + '/no/such/page');
    await page.getByTestId('error-page').waitFor();
    await check(page, 'not-found');
  });

  /** The focused element's outline and box-shadow, and whether it lies in `selector`. */
  const focused = (page: Page, selector: string) =>
    page.evaluate((sel) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      return {
        inside: !!el.closest(sel),
        tag: el.tagName,
        text: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40),
        outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
        boxShadow: style.boxShadow,
      };
    }, selector);

  it('reaches the main navigation with Tab and draws a visible focus ring', async () => {
    const page = await openDashboard();
    const nav = '[data-testid="sidebar"]';
    let state = await focused(page, nav);
    for (let i = 0; i < 40 && !state?.inside; i++) {
      await page.keyboard.press('Tab');
      state = await focused(page, nav);
    }
    expect(state?.inside, 'Tab never reached the main navigation').toBe(true);
    // The same link without focus: the ring is what focus adds.
    const link = page.locator(':focus');
    await screenshot(page, 'a11y-keyboard-focus-ring');
    const unfocused = await link.evaluate((el: HTMLElement) => {
      el.blur();
      const style = getComputedStyle(el);
      return {
        outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
        boxShadow: style.boxShadow,
      };
    });
    const ring = state!;
    const outlineWidth = Number.parseFloat(ring.outline.split(' ')[1] ?? '0');
    const visible =
      (!ring.outline.startsWith('none') && outlineWidth >= 2 && ring.outline !== unfocused.outline) ||
      (ring.boxShadow !== 'none' && ring.boxShadow !== unfocused.boxShadow);
    expect(visible, `focus ring: ${JSON.stringify(ring)} against ${JSON.stringify(unfocused)}`).toBe(true);
  });

  it('keeps Tab inside a dialog opened with the keyboard and gives focus back on Escape', async () => {
    const { page } = await open(false);
    await page.goto(server.url + '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settle(page);
    const opener = page.locator('.landing__bar').getByRole('button').first();
    // Tab until the first button of the bar (log in) has focus, then open it with Enter.
    for (let i = 0; i < 20 && !(await opener.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.locator('.modal.show').waitFor();
    await expect.poll(async () => (await focused(page, '.modal'))?.inside).toBe(true);
    const seen = new Set<string>();
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      const state = await focused(page, '.modal');
      expect(state?.inside, `Tab ${i + 1} left the dialog: ${JSON.stringify(state)}`).toBe(true);
      seen.add(`${state?.tag} ${state?.text}`);
    }
    expect(seen.size).toBeGreaterThan(1);
    await escapeGivesFocusBack(page, dialog, opener);
  });

  it('opens the welcome tour from the help menu with the keyboard, keeps Tab in it and gives focus back', async () => {
    const page = await openDashboard();
    const help = page.locator('#help-menu');
    await help.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused(page, '.dropdown-menu'))?.inside).toBe(true);
    await page.keyboard.press('Enter');
    const tour = page.getByTestId('tutorial');
    await tour.waitFor();
    await page.locator('.modal.show').waitFor();
    await check(page, 'welcome-tour');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page, '.modal'))?.inside, `Tab ${i + 1} left the tour`).toBe(true);
    }
    // The next step points at a control of the page: still a dialog that keeps Tab.
    await page.locator('.modal [data-tour-primary]').click();
    await page.getByTestId('tutorial-spot').waitFor();
    await expect.poll(async () => (await focused(page, '[data-testid="tutorial"]'))?.inside).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect((await focused(page, '[data-testid="tutorial"]'))?.inside, `Tab ${i + 1} left the tour step`).toBe(true);
    }
    await check(page, 'welcome-tour-step');
    await escapeGivesFocusBack(page, tour, help);
  });

  it('gives focus back to the control that opened the symbol details', async () => {
    const page = await openDashboard();
    const search = page.getByTestId('topbar').getByRole('combobox');
    await search.focus();
    await search.fill('KO');
    await page.getByRole('option', { name: /KO/ }).first().waitFor();
    await search.press('Enter');
    const details = page.getByTestId('symbol-details');
    await details.waitFor();
    await expect.poll(async () => (await focused(page, '.modal'))?.inside).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page, '.modal'))?.inside, `Tab ${i + 1} left the symbol details`).toBe(true);
    }
    await escapeGivesFocusBack(page, details, search);
  });
});
