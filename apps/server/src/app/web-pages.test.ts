import { describe, expect, it } from 'vitest';
import { serveWebDistDuringSuite } from '../testing/web-dist.js';
import { signedInUser } from '../testing/auth-helpers.js';
import { testDialects } from '../testing/test-databases.js';
import {
  readRouteChunks,
  startingAfterPaint,
  withCriticalCss,
  withModulePreloads,
  withPrerenderedMarkup,
  withOperatorDefaults,
} from './web-pages.js';
import { PAGE_DATA_ID } from './page-data.js';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Solstice</title></head><body><div id="root"></div></body></html>';
const MARKUP = { en: '<div id="prerender"><h1>Know when</h1></div>', tr: '<div id="prerender"><h1>Bilin</h1></div>' };
const SERVED = withOperatorDefaults(INDEX_HTML, { DEFAULT_LANGUAGE: 'tr', DEFAULT_TIME_ZONE: 'Europe/Istanbul' });

const PAGE_DATA = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`);
/** A page without its data block (page-data.test.ts checks the block itself). */
const withoutPageData = (html: string) => html.replace(PAGE_DATA, '');

/** PATCH /api/me/preferences as the app sends it (same origin). */
const patchPreferences = (baseUrl: string, cookie: string, body: object) =>
  fetch(`${baseUrl}/api/me/preferences`, {
    method: 'PATCH',
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the landing markup in the page', () => {
  it('goes just before #root, and the page says its language', () => {
    expect(withPrerenderedMarkup(SERVED, 'tr', MARKUP.tr)).toBe(
      SERVED.replace('<html lang="en">', '<html lang="tr">').replace(
        '<div id="root">',
        '<div id="prerender"><h1>Bilin</h1></div><div id="root">',
      ),
    );
  });
});

describe('the landing page’s scripts', () => {
  const VITE_HEAD =
    '<head><script type="module" crossorigin src="/assets/index-A.js"></script>\n' +
    '    <link rel="modulepreload" crossorigin href="/assets/b-B.js">\n' +
    '    <link rel="modulepreload" crossorigin href="/assets/c-C.js">\n' +
    '    <link rel="stylesheet" crossorigin href="/assets/index-D.css"></head>';

  it('start after the first paint, with the same entry and preloads', () => {
    expect(startingAfterPaint(VITE_HEAD)).toBe(
      '<head><script defer src="/start-after-paint.js" data-entry="/assets/index-A.js" ' +
        'data-preload="/assets/b-B.js /assets/c-C.js"></script>\n' +
        '    <link rel="stylesheet" crossorigin href="/assets/index-D.css"></head>',
    );
    expect(
      withPrerenderedMarkup(`<html lang="en">${VITE_HEAD}<body>${'<div id="root"></div>'}</body></html>`, 'en', 'M'),
    ).toContain('start-after-paint.js');
  });

  it('are left alone on a page without Vite’s entry', () => {
    expect(startingAfterPaint(SERVED)).toBe(SERVED);
  });
});

describe('the landing page’s critical CSS', () => {
  const HEAD = '<head><title>S</title>\n    <link rel="stylesheet" crossorigin href="/assets/index-D.css"></head>';

  it('is inlined in place of the stylesheet, which start-after-paint.js (or <noscript>) loads', () => {
    expect(withCriticalCss(HEAD, '.landing{display:flex}')).toBe(
      '<head><title>S</title>\n    <style>.landing{display:flex}</style>' +
        '<noscript><link rel="stylesheet" href="/assets/index-D.css"></noscript>' +
        '<meta name="solstice-stylesheet" content="/assets/index-D.css"></head>',
    );
  });

  it('leaves the page alone without a stylesheet link, or with CSS that would close the <style>', () => {
    expect(withCriticalCss(SERVED, '.a{}')).toBe(SERVED);
    expect(withCriticalCss(HEAD, '.a{content:"</style><script>"}')).toBe(HEAD);
  });

  it('goes into the landing page only when given', () => {
    const index = `<html lang="en">${HEAD}<body><div id="root"></div></body></html>`;
    expect(withPrerenderedMarkup(index, 'en', 'M')).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-D.css">',
    );
    const page = withPrerenderedMarkup(index, 'en', 'M', '.x{}');
    expect(page).toContain('<style>.x{}</style>');
    expect(page).not.toContain('<link rel="stylesheet" crossorigin');
  });
});

// Issue 18 (Lighthouse): the landing page paints from the HTML, before the scripts have run.
describe('the page a visitor gets on / (SQLite, over HTTP)', () => {
  const live = serveWebDistDuringSuite(
    'sqlite',
    'solstice-landing-',
    {
      'index.html': INDEX_HTML,
      'prerender/landing.en.html': MARKUP.en,
      'prerender/landing.tr.html': MARKUP.tr,
    },
    { DEFAULT_LANGUAGE: 'tr' },
  );

  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${live().baseUrl}${url}`, { headers, redirect: 'manual' });

  it('is the landing markup in the browser’s first language we have, else the operator’s', async () => {
    const cases: Array<[string | undefined, 'en' | 'tr']> = [
      ['en-GB,en;q=0.9', 'en'],
      ['de-DE,tr;q=0.8,en;q=0.5', 'tr'],
      ['de-DE', 'tr'],
      [undefined, 'tr'],
    ];
    for (const [acceptLanguage, language] of cases) {
      const res = await get('/', acceptLanguage ? { 'accept-language': acceptLanguage } : {});
      expect(res.status).toBe(200);
      expect(res.headers.get('vary')).toContain('accept-language');
      expect(await res.text(), String(acceptLanguage)).toBe(withPrerenderedMarkup(SERVED, language, MARKUP[language]));
    }
  });

  it('is the plain page with a session cookie and on every other path', async () => {
    // A stale cookie: the page gate lets the visitor through, the app decides; no landing flash.
    expect(await (await get('/', { cookie: 'sol_sid=stale' })).text()).toBe(SERVED);
    const unknown = await get('/no-such-page', { 'accept-language': 'en' });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(SERVED);
  });

  it('does not serve the markup files on their own', async () => {
    for (const url of ['/prerender/landing.en.html', '/prerender/landing.tr.html']) {
      expect((await get(url)).status, url).toBe(404);
    }
  });
});

describe('the critical CSS over HTTP (SQLite)', () => {
  const INDEX =
    '<!doctype html><html lang="en"><head><link rel="stylesheet" crossorigin href="/assets/index-D.css"></head>' +
    '<body><div id="root"></div></body></html>';
  const live = serveWebDistDuringSuite(
    'sqlite',
    'solstice-critical-',
    {
      'index.html': INDEX,
      'assets/index-D.css': '.landing{display:flex}.modal{position:fixed}',
      'prerender/landing.en.html': MARKUP.en,
      'prerender/landing.tr.html': MARKUP.tr,
      'prerender/landing.css': '.landing{display:flex}',
    },
    { DEFAULT_LANGUAGE: 'en' },
  );

  it('is inline in the landing page only; the file itself is not served', async () => {
    const landing = await (await fetch(`${live().baseUrl}/`)).text();
    expect(landing).toContain('<style>.landing{display:flex}</style>');
    expect(landing).toContain('<meta name="solstice-stylesheet" content="/assets/index-D.css">');
    expect(landing).not.toContain('<link rel="stylesheet" crossorigin');
    const signedIn = await (
      await fetch(`${live().baseUrl}/dashboard`, { headers: { cookie: 'sol_sid=stale' } })
    ).text();
    expect(signedIn).toContain('<link rel="stylesheet" crossorigin href="/assets/index-D.css">');
    expect(signedIn).not.toContain('<style>');
    expect((await fetch(`${live().baseUrl}/prerender/landing.css`)).status).toBe(404);
    expect((await fetch(`${live().baseUrl}/assets/index-D.css`)).status).toBe(200);
  });
});

// Issue 18 (Lighthouse on /dashboard): an account that has not seen the first-run tour gets its
// first step in the page, in the account's language, so that it paints before the scripts run.
describe.each(testDialects())('the page a signed-in account gets (%s, over HTTP)', (dialect) => {
  const TOUR = {
    en: '<div id="prerender-tour"><p>Welcome to Solstice</p></div>',
    tr: '<div id="prerender-tour"><p>Solstice’e hoş geldiniz</p></div>',
  };
  const live = serveWebDistDuringSuite(
    dialect,
    'solstice-tour-',
    {
      'index.html': INDEX_HTML,
      'prerender/landing.en.html': MARKUP.en,
      'prerender/landing.tr.html': MARKUP.tr,
      'prerender/tour.en.html': TOUR.en,
      'prerender/tour.tr.html': TOUR.tr,
    },
    { DEFAULT_LANGUAGE: 'tr' },
  );

  const page = (url: string, cookie: string, acceptLanguage?: string) =>
    fetch(`${live().baseUrl}${url}`, {
      headers: { cookie, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
      redirect: 'manual',
    });
  const preferences = (cookie: string, body: object) => patchPreferences(live().baseUrl, cookie, body);

  it('is the tour’s first step until the account has seen it, in the profile’s language, else the browser’s, else the operator’s', async () => {
    const { cookie } = await signedInUser(live());
    const tour = (language: 'en' | 'tr') => withPrerenderedMarkup(SERVED, language, TOUR[language]);
    for (const url of ['/dashboard', '/seasonality/calendar', '/profile']) {
      const res = await page(url, cookie, 'en-GB,en;q=0.9');
      expect(res.status, url).toBe(200);
      expect(res.headers.get('vary')).toContain('cookie');
      expect(res.headers.get('cache-control'), url).toBe('private, no-cache');
      expect(await res.text(), url).toBe(tour('en'));
    }
    expect(await (await page('/dashboard', cookie, 'de-DE')).text()).toBe(tour('tr'));

    expect((await preferences(cookie, { locale: 'tr-TR' })).status).toBe(200);
    expect(await (await page('/dashboard', cookie, 'en-GB,en;q=0.9')).text()).toBe(tour('tr'));

    // Not on a path that names no page (the 404 page), and never the landing page.
    expect(await (await page('/no-such-page', cookie, 'en')).text()).toBe(SERVED);
    expect((await page('/', '', 'en')).headers.get('cache-control')).toBe('no-cache');
    expect((await page('/', cookie)).status).toBe(302);

    expect((await preferences(cookie, { tutorialSeen: true })).status).toBe(200);
    expect(withoutPageData(await (await page('/dashboard', cookie, 'en')).text())).toBe(SERVED);
  });

  it('is not sent to a session that has ended (the page gate sends it to the landing page)', async () => {
    const res = await page('/dashboard', 'sol_sid=stale', 'en');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });
});

// Issue 18 (a returning account's /dashboard on Lighthouse): the page names its route's chunks,
// so the browser fetches them with the entry instead of after it has run.
describe('the route’s chunks in a signed-in page', () => {
  const HEAD =
    '<head><script type="module" crossorigin src="/assets/index-A.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/b-B.js"></head>';

  it('are modulepreload links at the end of the head, each once, none the page names already', () => {
    expect(withModulePreloads(HEAD, ['/assets/l-L.js', '/assets/b-B.js', '/assets/d-D.js', '/assets/l-L.js'])).toBe(
      '<head><script type="module" crossorigin src="/assets/index-A.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/b-B.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/l-L.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/d-D.js"></head>',
    );
    expect(withModulePreloads(HEAD, ['/assets/index-A.js', '/assets/b-B.js'])).toBe(HEAD);
  });

  it('come only from a route-chunks.json whose every entry is a script under /assets', () => {
    expect(readRouteChunks('{"layout":["/assets/l-L.js"],"pages":{"/dashboard":["/assets/d-D.js"]}}')).toEqual({
      layout: ['/assets/l-L.js'],
      pages: { '/dashboard': ['/assets/d-D.js'] },
    });
    expect(() => readRouteChunks('{"layout":["/assets/x.js\\"><script>"],"pages":{}}')).toThrow(
      'route-chunks.json: layout is not a list of /assets/*.js paths',
    );
    expect(() => readRouteChunks('{"layout":[],"pages":{"/dashboard":"/assets/d-D.js"}}')).toThrow(
      'route-chunks.json: /dashboard is not a list',
    );
    expect(() => readRouteChunks('{"layout":[]}')).toThrow('route-chunks.json: no pages');
    expect(readRouteChunks('{"layout":[],"pages":{},"texts":{"tr":["/assets/tr-core-T.js"]}}').texts).toEqual({
      tr: ['/assets/tr-core-T.js'],
    });
    expect(() => readRouteChunks('{"layout":[],"pages":{},"texts":{"xx":["/assets/x-X.js"]}}')).toThrow(
      'route-chunks.json: texts names xx, not a language of the app',
    );
    expect(() => readRouteChunks('{"layout":[],"pages":{},"texts":{"en":["https://x.test/e.js"]}}')).toThrow(
      'route-chunks.json: texts.en is not a list of /assets/*.js paths',
    );
    expect(() => readRouteChunks('{"layout":[],"pages":{},"texts":[]}')).toThrow(
      'route-chunks.json: texts is not an object',
    );
  });
});

describe.each(testDialects())('the route’s chunks over HTTP (%s)', (dialect) => {
  const INDEX =
    '<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/index-A.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/b-B.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/index-D.css"></head>' +
    '<body><div id="root"></div><div class="boot-splash">Solstice</div></body></html>';
  const BOOT_CSS = '.boot-splash{position:fixed}';
  const CHUNKS = {
    layout: ['/assets/layout-L.js', '/assets/b-B.js'],
    pages: { '/dashboard': ['/assets/dashboard-D.js', '/assets/shared-S.js'], '/profile': ['/assets/profile-P.js'] },
    texts: { en: ['/assets/en-core-E.js', '/assets/en-tools-F.js'], tr: ['/assets/tr-core-T.js'] },
  };
  const served = withOperatorDefaults(INDEX, { DEFAULT_LANGUAGE: 'en', DEFAULT_TIME_ZONE: 'Europe/Istanbul' });
  const live = serveWebDistDuringSuite(
    dialect,
    'solstice-route-chunks-',
    {
      'index.html': INDEX,
      'prerender/tour.en.html': '<div id="prerender-tour"><p>Welcome</p></div>',
      'prerender/route-chunks.json': JSON.stringify(CHUNKS),
      'prerender/boot.css': BOOT_CSS,
    },
    { DEFAULT_LANGUAGE: 'en' },
  );
  const page = async (url: string, cookie: string) => {
    const res = await fetch(`${live().baseUrl}${url}`, { headers: { cookie }, redirect: 'manual' });
    return { status: res.status, html: withoutPageData(await res.text()) };
  };

  it('are named in the page of an account that has done the tour, on that page’s path only', async () => {
    const { cookie } = await signedInUser(live());
    // Not yet done: the tour's page, without them (its scripts start after the paint).
    expect((await page('/dashboard', cookie)).html).not.toContain('dashboard-D.js');
    expect((await patchPreferences(live().baseUrl, cookie, { tutorialSeen: true })).status).toBe(200);
    // The boot splash paints from the HTML (its rules inline); the scripts, the route's chunks
    // among their preloads, and the stylesheet start after that paint.
    const painted = (files: string[]) =>
      startingAfterPaint(withCriticalCss(withModulePreloads(served, files), BOOT_CSS));
    const dashboard = painted([...CHUNKS.layout, ...CHUNKS.texts.en, ...CHUNKS.pages['/dashboard']]);
    expect(dashboard).toContain(
      'data-preload="/assets/b-B.js /assets/layout-L.js /assets/en-core-E.js /assets/en-tools-F.js /assets/dashboard-D.js /assets/shared-S.js"',
    );
    expect(dashboard).toContain('<style>.boot-splash{position:fixed}</style>');
    expect(await page('/dashboard', cookie)).toEqual({ status: 200, html: dashboard });
    expect(await page('/Dashboard/', cookie)).toEqual({ status: 200, html: dashboard });
    expect((await page('/profile', cookie)).html).toBe(
      painted([...CHUNKS.layout, ...CHUNKS.texts.en, ...CHUNKS.pages['/profile']]),
    );
    expect(dashboard.match(/b-B\.js/g)).toHaveLength(1);
    // The texts are the account's language's: its profile's once it has chosen one.
    expect((await patchPreferences(live().baseUrl, cookie, { locale: 'tr-TR' })).status).toBe(200);
    const turkish = (await page('/dashboard', cookie)).html;
    expect(turkish).toBe(painted([...CHUNKS.layout, ...CHUNKS.texts.tr, ...CHUNKS.pages['/dashboard']]));
    expect(turkish).not.toContain('en-core-E.js');
    expect((await patchPreferences(live().baseUrl, cookie, { locale: 'en-US' })).status).toBe(200);
    // A page path without an entry (the file lists none) and the 404 page: index.html.
    expect(await page('/alerts', cookie)).toEqual({ status: 200, html: served });
    expect(await page('/no-such-page', cookie)).toEqual({ status: 404, html: served });
  });
});

describe.each(testDialects())('a returning account’s first view over HTTP (%s)', (dialect) => {
  const INDEX =
    '<!doctype html><html lang="en"><head><link rel="stylesheet" crossorigin href="/assets/index-D.css"></head>' +
    '<body><div id="root"></div><div class="boot-splash">Solstice</div></body></html>';
  // A renderer of the web build's shape (prerender/first-view.mjs): what it was given, on /dashboard
  // only; it fails for Turkish, as a broken build would.
  const RENDERER = `export async function firstViewMarkup(page, language, timeZone, data) {
    if (language === 'tr') throw new Error('a broken renderer');
    if (page !== '/dashboard') return null;
    return '<div id="prerender">' + [page, language, timeZone, data.me.data.username, data.freshness.lastSession].join('|') + '</div>';
  }`;
  const live = serveWebDistDuringSuite(
    dialect,
    'solstice-first-view-',
    {
      'index.html': INDEX,
      'prerender/route-chunks.json': JSON.stringify({ layout: [], pages: { '/dashboard': [], '/profile': [] } }),
      'prerender/boot.css': '.boot-splash{position:fixed}',
      'prerender/first-view.mjs': RENDERER,
      'prerender/first-view.css': '#prerender{color:red}',
    },
    { DEFAULT_LANGUAGE: 'en', DEFAULT_TIME_ZONE: 'Asia/Tokyo' },
  );
  const page = async (url: string, cookie: string, language = 'en') => {
    const res = await fetch(`${live().baseUrl}${url}`, { headers: { cookie, 'accept-language': language } });
    return { status: res.status, html: await res.text() };
  };

  it('is drawn from the page’s data before #root, its rules with the inline ones, on a page that has one', async () => {
    const { cookie, user } = await signedInUser(live());
    // A new account gets the tour, not a first view.
    expect((await page('/dashboard', cookie)).html).not.toContain('id="prerender"');
    expect((await patchPreferences(live().baseUrl, cookie, { tutorialSeen: true })).status).toBe(200);
    const { status, html } = await page('/dashboard', cookie);
    expect(status).toBe(200);
    const data = JSON.parse(PAGE_DATA.exec(html)![1]!) as { freshness: { lastSession: string } };
    expect(html).toContain(
      `<div id="prerender">/dashboard|en|Asia/Tokyo|${user.username}|${data.freshness.lastSession}</div><div id="root"></div>`,
    );
    expect(html).toContain('<style>#prerender{color:red}.boot-splash{position:fixed}</style>');
    // A page without one: as before.
    const profile = (await page('/profile', cookie)).html;
    expect(profile).not.toContain('id="prerender"');
    expect(profile).toContain('<style>.boot-splash{position:fixed}</style>');
  });

  it('is left out, not the page, when the renderer fails', async () => {
    const { cookie } = await signedInUser(live());
    expect((await patchPreferences(live().baseUrl, cookie, { tutorialSeen: true })).status).toBe(200);
    const { status, html } = await page('/dashboard', cookie, 'tr');
    expect(status).toBe(200);
    expect(html).not.toContain('id="prerender"');
    expect(html).toContain(`id="${PAGE_DATA_ID}"`);
  });
});
