import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from '../testing/live-server.js';
import { writeWebDist } from '../testing/web-dist.js';
import { startingAfterPaint, withLandingMarkup, withOperatorDefaults } from './web-pages.js';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Solstice</title></head><body><div id="root"></div></body></html>';
const MARKUP = { en: '<div id="prerender"><h1>Know when</h1></div>', tr: '<div id="prerender"><h1>Bilin</h1></div>' };
const SERVED = withOperatorDefaults(INDEX_HTML, { DEFAULT_LANGUAGE: 'tr', DEFAULT_TIME_ZONE: 'Europe/Istanbul' });

describe('the landing markup in the page', () => {
  it('goes just before #root, and the page says its language', () => {
    expect(withLandingMarkup(SERVED, 'tr', MARKUP.tr)).toBe(
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
      withLandingMarkup(`<html lang="en">${VITE_HEAD}<body>${'<div id="root"></div>'}</body></html>`, 'en', 'M'),
    ).toContain('start-after-paint.js');
  });

  it('are left alone on a page without Vite’s entry', () => {
    expect(startingAfterPaint(SERVED)).toBe(SERVED);
  });
});

// Issue 18 (Lighthouse): the landing page paints from the HTML, before the scripts have run.
describe('the page a visitor gets on / (SQLite, over HTTP)', () => {
  let live: LiveServer;
  let dir: string;
  beforeAll(async () => {
    dir = writeWebDist('solstice-landing-', {
      'index.html': INDEX_HTML,
      'prerender/landing.en.html': MARKUP.en,
      'prerender/landing.tr.html': MARKUP.tr,
    });
    live = await startLiveServer('sqlite', { WEB_DIST: dir, DEFAULT_LANGUAGE: 'tr' });
  });
  afterAll(async () => {
    await live?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${live.baseUrl}${url}`, { headers, redirect: 'manual' });

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
      expect(await res.text(), String(acceptLanguage)).toBe(withLandingMarkup(SERVED, language, MARKUP[language]));
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
