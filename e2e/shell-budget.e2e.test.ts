import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ConsoleWatch, newWatchedPage, screenshot } from './support/browser.js';
import { useServerAndBrowser, type ServerAndBrowser } from './support/harness.js';

type PageOptions = Parameters<typeof newWatchedPage>[2];

/** A page in a context of its own, signed up as a new account through the API. */
async function signedUpPage(app: ServerAndBrowser, options: PageOptions, name: string, acceptLanguage = 'en') {
  const watch = new ConsoleWatch();
  const opened = await newWatchedPage(app.browser, watch, options);
  const res = await opened.context.request.post(`${app.server.url}/api/auth/signup`, {
    data: { email: `${name}@example.com`, username: name, password: 'a budget e2e passphrase' },
    headers: { origin: app.server.url, 'accept-language': acceptLanguage },
  });
  expect(res.status()).toBe(201);
  return { watch, ...opened };
}

/** A page signed up as a new account that has then done the tour (through the API). */
async function returningAccountPage(app: ServerAndBrowser, options: PageOptions, name: string) {
  const opened = await signedUpPage(app, options, name);
  const done = await opened.context.request.patch(`${app.server.url}/api/me/preferences`, {
    data: { tutorialSeen: true },
    headers: { origin: app.server.url },
  });
  expect(done.status()).toBe(200);
  return opened;
}

/** The performance target: ≤ 170 KB of gzipped JavaScript for `/`. */
const BUDGET_BYTES = 170 * 1024;

describe('landing page JavaScript budget', () => {
  const app = useServerAndBrowser();

  it('loads at most 170 KB gzip of JavaScript for / (idle prefetches included)', async () => {
    const watch = new ConsoleWatch();
    const { context, page } = await newWatchedPage(app.browser, watch);
    const sizes = new Map<string, number>();
    page.on('response', async (res) => {
      if (!res.url().endsWith('.js')) return;
      sizes.set(new URL(res.url()).pathname, gzipSync(await res.body(), { level: 9 }).length);
    });
    await page.goto(app.server.url + '/');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2500); // the idle prefetch of the dialogs (timeout 2000 ms)
    await page.waitForLoadState('networkidle');
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    console.log(`JS for /: ${(total / 1024).toFixed(1)} KB gzip`, Object.fromEntries(sizes));
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    expect([...sizes.keys()].some((p) => /echarts/i.test(p))).toBe(false);
    await context.close();
    expect(watch.errors).toEqual([]);
  });
});

// Issue 18 (Lighthouse): the landing page paints from the HTML the server sends, in the visitor's
// language, and the app takes it over in one frame (never two headings, never a blank page).
describe('the landing page before and after its scripts', () => {
  const app = useServerAndBrowser();

  it('is drawn without JavaScript, in the browser’s language, its buttons waiting for the app', async () => {
    const watch = new ConsoleWatch();
    const { context, page } = await newWatchedPage(app.browser, watch, { javaScriptEnabled: false, locale: 'tr-TR' });
    await page.goto(app.server.url + '/');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('tr');
    const heading = page.getByRole('heading', { level: 1 });
    expect(await heading.textContent()).toContain('Bir hissenin ne zaman hareket etme');
    for (const name of ['Giriş yap', 'Kaydol', 'Hemen başla'])
      expect(await page.getByRole('button', { name, exact: true }).isDisabled(), name).toBe(true);
    await context.close();
    expect(watch.errors).toEqual([]);
  });

  it('is styled by its inline rules before the stylesheet, which loads after the first paint', async () => {
    const watch = new ConsoleWatch();
    const { context, page } = await newWatchedPage(app.browser, watch, { javaScriptEnabled: false, locale: 'en-US' });
    // No stylesheet at all (as before it has arrived): the inline rules alone draw the hero.
    await page.route('**/*.css', (route) => route.abort());
    await page.goto(app.server.url + '/');
    expect(await page.locator('link[rel="stylesheet"]:not(noscript link)').count()).toBe(0);
    const style = await page.evaluate(() => {
      const css = (selector: string) => getComputedStyle(document.querySelector(selector)!);
      return {
        bar: css('.landing__bar').backgroundColor,
        h1: css('h1').fontWeight,
        start: css('.landing__hero .btn-primary').backgroundColor,
        columns: css('.landing__features').display,
        font: css('body').fontFamily,
      };
    });
    expect(style).toEqual({
      bar: 'rgb(30, 36, 50)',
      h1: '700',
      start: 'rgb(7, 186, 239)',
      columns: 'flex',
      font: expect.stringContaining('Roboto Fallback'),
    });
    await context.close();
  });

  it('hands over to the app, whose buttons work', async () => {
    const watch = new ConsoleWatch();
    const { context, page } = await newWatchedPage(app.browser, watch, { locale: 'en-US' });
    await page.goto(app.server.url + '/');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    expect(await page.locator('#prerender').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    // The whole stylesheet came after the first paint: the dialog is styled by it.
    expect(await page.locator('head > link[rel="stylesheet"][href^="/assets/"]').count()).toBe(1);
    expect(await page.locator('.modal').evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await context.close();
    expect(watch.errors).toEqual([]);
  });
});

// Issue 18 (Lighthouse on /dashboard): an account that has not seen the first-run tour gets its
// first step in the HTML, in the account's language; the app's tour takes it over.
describe('a new account’s first signed-in page', () => {
  const app = useServerAndBrowser();
  const newAccount = (options: PageOptions, name: string, acceptLanguage: string) =>
    signedUpPage(app, options, name, acceptLanguage);

  it('shows the tour’s first step without JavaScript, in the account’s language, its buttons waiting', async () => {
    const { watch, context, page } = await newAccount({ javaScriptEnabled: false, locale: 'tr-TR' }, 'turist', 'tr');
    await page.goto(app.server.url + '/dashboard');
    const dialog = page.getByRole('dialog', { name: 'Solstice’e hoş geldiniz' });
    await dialog.waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('tr');
    expect(await dialog.getByRole('button', { name: 'İleri' }).isDisabled()).toBe(true);
    expect(await dialog.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await context.close();
    expect(watch.errors).toEqual([]);
  });

  it('hands the step over to the app’s tour, which goes on', async () => {
    const { watch, context, page } = await newAccount({ locale: 'tr-TR' }, 'gezgin', 'tr');
    await page.goto(app.server.url + '/dashboard');
    const tour = page.getByTestId('tutorial');
    await tour.getByText('Solstice’e hoş geldiniz').waitFor();
    expect(await page.locator('#prerender-tour').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(1);
    await tour.getByRole('button', { name: 'İleri' }).click();
    await page.getByRole('dialog', { name: 'Herhangi bir sembolü bulun' }).waitFor();
    await context.close();
    expect(watch.errors).toEqual([]);
  });
});

// Issue 18 (a returning account's /dashboard): its page paints the boot splash from the HTML,
// and names the route's chunks, which the browser fetches with the entry, once each (a preload
// the module graph could not use would be fetched a second time).
describe('a returning account’s signed-in page', () => {
  const app = useServerAndBrowser();

  const returningAccount = (options: PageOptions, name: string) => returningAccountPage(app, options, name);

  it('paints the product’s name without JavaScript, styled by its inline rules', async () => {
    const { watch, context, page } = await returningAccount({ javaScriptEnabled: false }, 'splash');
    await page.route('**/assets/*.css', (route) => route.abort());
    await page.goto(app.server.url + '/dashboard');
    const splash = page.locator('.boot-splash');
    expect(await splash.textContent()).toBe('Solstice');
    expect(await splash.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await context.close();
    expect(watch.errors.filter((e) => !/index-[\w-]+\.css/.test(e))).toEqual([]);
  });

  it('preloads its route’s chunks after the first paint, and the app uses them', async () => {
    const { watch, context, page } = await returningAccount({ locale: 'en-US' }, 'regular');
    const fetched = scriptsFetchedBy(page);
    // The page's own chunk held back (its first data is in the page: decision 0023): the router
    // shows its boot placeholder, and the splash stays.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/dashboard-screen-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(app.server.url + '/dashboard');
    await page.locator('#root > .app-boot').waitFor({ state: 'attached' });
    const splash = page.locator('.boot-splash');
    expect(await splash.evaluate((el) => getComputedStyle(el).display)).toBe('flex');
    release();
    await page.getByTestId('dashboard-screen').waitFor();
    expect(await splash.evaluate((el) => getComputedStyle(el).display)).toBe('none');
    const preloaded = await preloadsOf(page);
    const dashboardChunk = preloaded.find((file) => /\/dashboard-screen-[\w-]+\.js$/.test(file));
    expect(dashboardChunk, preloaded.join(' ')).toBeDefined();
    // the account's language's texts too, and not the other language's
    expect(textBundles(preloaded)).toEqual(['en-core', 'en-tools']);
    expectFetchedOnce(preloaded, fetched);
    await context.close();
    expect(watch.errors).toEqual([]);
  });

  it('carries its first data: the app asks for neither the session, the freshness nor the overview', async () => {
    const { watch, context, page } = await returningAccount({ locale: 'en-US' }, 'page-data');
    const overview = (await (await context.request.get(`${app.server.url}/api/v1/market/overview`)).json()) as {
      indices: unknown[];
      breadth: { total: number };
    };
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(`${request.method()} ${pathname}`);
    });
    await page.goto(app.server.url + '/dashboard');
    await page.getByTestId('dashboard-screen').waitFor();
    // The market summary drawn from the page's overview, the block itself gone from the page.
    const summary = page.locator('section[aria-labelledby="summary-title"]');
    const empty = overview.indices.length === 0 && overview.breadth.total === 0;
    await (empty ? summary.getByText('No market data yet.') : summary.locator('a[href="/market"]')).waitFor();
    expect(await page.locator('#solstice-page-data').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    for (const first of ['GET /api/me', 'GET /api/v1/market/freshness', 'GET /api/v1/market/overview']) {
      expect(asked, asked.join(', ')).not.toContain(first);
    }
    await context.close();
    expect(watch.errors).toEqual([]);
  });

  it('preloads the texts of the account’s language: Turkish', async () => {
    const { watch, context, page } = await returningAccount({ locale: 'tr-TR' }, 'turkish');
    const fetched = scriptsFetchedBy(page);
    await page.goto(app.server.url + '/dashboard');
    await page.getByTestId('dashboard-screen').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('tr');
    // its language from the browser's: the account chose none
    const preloaded = await preloadsOf(page);
    // with the English tools: the scanner's CSV names its columns in English (i18n.ts, loadAllTexts)
    expect(textBundles(preloaded)).toEqual(['en-tools', 'tr-core', 'tr-tools']);
    expectFetchedOnce(preloaded, fetched);
    expect(textBundles(fetched)).toEqual(['en-tools', 'tr-core', 'tr-tools']);
    await context.close();
    expect(watch.errors).toEqual([]);
  });
});

/** The paths of the scripts the page asks for from now on, as they are asked for. */
function scriptsFetchedBy(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) fetched.push(pathname);
  });
  return fetched;
}

/** The scripts the page as this browser got it preloads after its first paint (start-after-paint.js's list). */
async function preloadsOf(page: Page): Promise<string[]> {
  return ((await page.locator('script[data-preload]').getAttribute('data-preload')) ?? '').split(' ').filter(Boolean);
}

/** The text bundles (i18n/bundles: en-core, tr-tools, …) among script paths, by name. */
const textBundles = (files: readonly string[]): string[] =>
  files.flatMap((file) => /\/assets\/((?:en|tr)-(?:core|tools))-[\w-]+\.js$/.exec(file)?.[1] ?? []).sort();

/** Each preloaded script was fetched exactly once (a preload the module graph could not use is fetched twice). */
function expectFetchedOnce(preloaded: readonly string[], fetched: readonly string[]): void {
  for (const file of preloaded)
    expect(
      fetched.filter((f) => f === file),
      file,
    ).toHaveLength(1);
}

// Issue 18 (a returning account's /dashboard, decision 0026): with a market, its page carries the
// first view of its content (the stale-data warning, the heading and the market summary) drawn by
// the server from the page's data, which the app replaces with its own as it first draws.
describe('a returning account’s dashboard with a market', () => {
  const app = useServerAndBrowser({ SEED_ON_EMPTY: 'true' });

  const returningAccount = (options: PageOptions, name: string) => returningAccountPage(app, options, name);

  it('paints its first view without JavaScript, styled by its inline rules, over no splash', async () => {
    const { watch, context, page } = await returningAccount({ javaScriptEnabled: false, locale: 'en-US' }, 'first');
    await page.route('**/assets/*.css', (route) => route.abort());
    await page.goto(app.server.url + '/dashboard');
    const view = page.locator('#prerender');
    expect(await view.locator('h1').textContent()).toBe('Dashboard');
    expect(await view.locator('h2').allTextContents()).toEqual(['Market summary']);
    const card = view.locator('section.card').first();
    expect(await card.textContent()).toContain('S&P 500');
    // the stylesheet's rules for the cards came inline (its file was refused)
    expect(await card.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('solid');
    expect(await page.locator('.boot-splash').evaluate((el) => getComputedStyle(el).display)).toBe('none');
    await context.close();
    expect(watch.errors.filter((e) => !/index-[\w-]+\.css/.test(e))).toEqual([]);
  });

  it('is what the app then draws, and leaves as the app draws', async () => {
    const { watch, context, page } = await returningAccount({ locale: 'tr-TR' }, 'handover');
    // The first view as the server sent it: in the account's language (from the browser here).
    const response = await page.goto(app.server.url + '/dashboard');
    const html = await response!.text();
    expect(html).toContain('<div id="prerender" class="app-main">');
    await page.getByTestId('dashboard-screen').waitFor();
    await page.getByTestId('index-cards').waitFor();
    expect(await page.locator('#prerender').count()).toBe(0);
    expect(await page.locator('h1').count()).toBe(1);
    // The app's index cards and warning read as the server's first view did.
    const firstView = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'text/html');
      const view = doc.getElementById('prerender')!;
      return {
        cards: view.querySelector('.row.g-2')?.textContent ?? null,
        warning: view.querySelector('.alert-warning')?.textContent ?? null,
        heading: view.querySelector('h1')?.textContent ?? null,
      };
    }, html);
    expect(firstView.heading).toBe('Gösterge paneli');
    expect(await page.getByTestId('index-cards').textContent()).toBe(firstView.cards);
    const banner = page.getByTestId('stale-data-banner');
    expect((await banner.count()) > 0 ? await banner.textContent() : null).toBe(firstView.warning);
    await context.close();
    expect(watch.errors).toEqual([]);
  });

  // Issue 45: every other page opens the same way: the frame, the warning and the screen's heading.
  it('opens every other page with its heading, which the app then draws the same', async () => {
    const { watch, context, page } = await returningAccount({ locale: 'tr-TR' }, 'other-pages');
    for (const path of [
      '/market',
      '/scanner',
      '/seasonality/pattern',
      '/seasonality/besttrades',
      '/alerts',
      '/profile',
    ]) {
      const response = await page.goto(app.server.url + path);
      const html = await response!.text();
      const heading = await page.evaluate((source) => {
        const view = new DOMParser().parseFromString(source, 'text/html').getElementById('prerender');
        return {
          heading: view?.querySelector('h1')?.textContent ?? null,
          warning: !!view?.querySelector('.alert-warning'),
        };
      }, html);
      expect(heading.heading, path).not.toBeNull();
      // The app takes the first view away as it draws its own frame.
      await page.locator('#prerender').waitFor({ state: 'detached' });
      await page.locator('main h1').first().waitFor();
      expect(await page.getByTestId('stale-data-banner').count(), path).toBe(heading.warning ? 1 : 0);
      expect(await page.locator('main h1').allTextContents(), path).toEqual([heading.heading]);
    }
    await context.close();
    expect(watch.errors).toEqual([]);
  });
});

// Issue 45: /subscribe's largest element, a subscriber's notice, waited for the subscription
// request. The page's data now holds the subscription, the payments' configuration and the
// plans, and the server draws the notice (or the plans) in the first view, in the account's
// language; the app draws the same from the same answers, in the same place.
describe('a returning account’s /subscribe', () => {
  const app = useServerAndBrowser({ SEED_ON_EMPTY: 'true' });

  /** Pays for the first plan's first price with the test checkout's card, through the API. */
  async function subscribe(page: Page): Promise<string> {
    const request = page.context().request;
    const headers = { origin: app.server.url };
    const products = (await (await request.get(`${app.server.url}/api/v1/products`)).json()) as {
      name: string;
      prices: { id: number }[];
    }[];
    const plan = products.find((p) => p.prices.length > 0)!;
    const checkout = await request.post(`${app.server.url}/api/v1/checkout`, {
      data: { priceId: plan.prices[0]!.id },
      headers,
    });
    expect(checkout.status()).toBe(200);
    const { sessionId } = (await checkout.json()) as { sessionId: string };
    const paid = await request.post(`${app.server.url}/api/v1/checkout/${sessionId}/pay`, {
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
      headers,
    });
    expect(((await paid.json()) as { status: string }).status).toBe('paid');
    return plan.name;
  }

  /** The first view's notice, plans and heading in the page as the server sent it. */
  const firstViewOf = (page: Page, html: string) =>
    page.evaluate((source) => {
      const view = new DOMParser().parseFromString(source, 'text/html').getElementById('prerender');
      return {
        heading: view?.querySelector('h1')?.textContent ?? null,
        notice: view?.querySelector('.alert-success')?.textContent ?? null,
        plans: view?.querySelectorAll('section.card').length ?? 0,
      };
    }, html);

  it.each([
    ['en-US', 'You are subscribed to', 'Manage it in your profile.'],
    ['tr-TR', 'abonesisiniz', 'profilinizden yönetebilirsiniz.'],
  ])(
    'has a subscriber’s notice in the HTML, in the account’s language (%s), where the app then draws it',
    async (locale, subscribed, manage) => {
      const name = `subscriber-${locale.slice(0, 2)}`;
      const { watch, context, page } = await returningAccountPage(app, { locale }, name);
      const product = await subscribe(page);
      // Without JavaScript: the notice is painted from the HTML alone, and where it sits.
      const bare = await context.browser()!.newContext({ javaScriptEnabled: false, locale });
      await bare.addCookies(await context.cookies());
      const still = await bare.newPage();
      await still.goto(app.server.url + '/subscribe');
      const notice = still.locator('#prerender .alert-success');
      expect(await notice.textContent()).toContain(`${product}`);
      const before = await notice.boundingBox();
      await bare.close();

      const response = await page.goto(app.server.url + '/subscribe');
      const firstView = await firstViewOf(page, await response!.text());
      expect(firstView.notice).toContain(subscribed);
      expect(firstView.notice).toContain(product);
      expect(firstView.notice).toContain(manage);
      expect(firstView.plans).toBe(0);
      // The app's notice reads the same, at the same height on the page.
      const drawn = page.getByTestId('already-subscribed');
      await drawn.waitFor();
      expect(await page.locator('#prerender').count()).toBe(0);
      expect(await drawn.textContent()).toBe(firstView.notice);
      expect(Math.abs((await drawn.boundingBox())!.y - before!.y)).toBeLessThan(1);
      await screenshot(page, `subscribe-first-view-${locale}`);
      await context.close();
      expect(watch.errors).toEqual([]);
    },
  );

  it('has the plans in the HTML for an account without a subscription, as the app draws them', async () => {
    const { watch, context, page } = await returningAccountPage(app, { locale: 'en-US' }, 'no-subscription');
    const response = await page.goto(app.server.url + '/subscribe');
    const firstView = await firstViewOf(page, await response!.text());
    expect(firstView.heading).toBe('Subscribe');
    expect(firstView.notice).toBeNull();
    expect(firstView.plans).toBeGreaterThan(0);
    await page.getByTestId('plans').waitFor();
    expect(await page.getByTestId('plans').locator('section.card').count()).toBe(firstView.plans);
    await context.close();
    expect(watch.errors).toEqual([]);
  });
});
