import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANGUAGES, browserLanguage, languageOfLocale, type Language } from '@solstice/contracts';
import type { FastifyRequest } from 'fastify';
import type { Settings } from '../config/settings.js';
import { isPagePath, pagePathOf } from './page-routes.js';

type PageSettings = Pick<Settings, 'DEFAULT_LANGUAGE' | 'DEFAULT_TIME_ZONE' | 'SESSION_COOKIE_NAME'> &
  Partial<Pick<Settings, 'CONTENT_URL'>>;

/** The web app's mount point in index.html, before or after which the server puts its markup. */
export const ROOT = '<div id="root"></div>';

/** What the page sent to a signed-in account depends on (the session's user). */
export interface PageViewer {
  /** The language the account chose in its profile, if any. */
  locale: string | null;
  tutorialSeen: boolean;
}

/** The HTML of the web app's pages, read once from its build. */
export interface WebPages {
  /**
   * The page for a request the client router draws; `viewer` is who is signed in (the page
   * gate has read the session), null for a visitor.
   */
  pageFor(request: FastifyRequest, pathname: string, viewer: PageViewer | null): string;
  /**
   * A returning account's page (pageFor's, with its page data) with the first view of its
   * content before #root, when the web build has a renderer for that page (decision 0026); the
   * page as it is otherwise. `data` is the page's data block (page-data.ts).
   */
  withFirstView(
    request: FastifyRequest,
    pathname: string,
    viewer: PageViewer,
    html: string,
    data: string,
  ): Promise<string>;
  /** Headers the choice depends on (for caches). */
  readonly vary: string;
}

/**
 * index.html with the operator's defaults, and two pages that paint before the scripts run
 * (Lighthouse's LCP, issue 18), from the web build's dist/prerender/ (written by
 * apps/web/scripts/prerender-pages.mjs):
 * - for a visitor on `/` (no session cookie), the landing page in the visitor's language: the
 *   browser's first we have, else the operator's default (the one the app will choose). A
 *   signed-in visitor's `/` is not the landing page.
 * - for a signed-in account that has not seen the first-run tour, on a page of the app, the
 *   tour's first step in the account's language (its profile's, else as for a visitor): the
 *   app opens the same step and takes the markup away (apps/web/src/app/tour-host.tsx).
 * - for a signed-in account that has seen it, on a page of the app, index.html naming that
 *   page's chunks (pagesWithTheirChunks).
 */
export function loadWebPages(webDist: string, settings: PageSettings): WebPages {
  const index = withOperatorDefaults(fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'), settings);
  const landing = prerenderedPages(webDist, index, 'landing');
  const tour = prerenderedPages(webDist, index, 'tour');
  const withPageChunks = pagesWithTheirChunks(webDist, index);
  const firstView = firstViewRenderer(webDist);
  const visitorLanguage = (request: FastifyRequest): Language =>
    browserLanguage(request.headers['accept-language']) ?? settings.DEFAULT_LANGUAGE;
  const viewerLanguage = (request: FastifyRequest, viewer: PageViewer): Language =>
    languageOfLocale(viewer.locale) ?? visitorLanguage(request);
  return {
    vary: 'accept-language, cookie',
    async withFirstView(request, pathname, viewer, html, data) {
      const renderer = await firstView.renderer();
      if (!renderer || !html.includes(ROOT)) return html;
      const language = viewerLanguage(request, viewer);
      const markup = await renderer(pagePathOf(pathname), language, settings.DEFAULT_TIME_ZONE, JSON.parse(data));
      if (markup === null) return html;
      const page = html.replace(ROOT, `${markup}${ROOT}`);
      // Its rules join the page's inline ones (boot.css), or come alone before </head>.
      if (firstView.css === undefined || /<\/style/i.test(firstView.css)) return page;
      return page.includes('<style>')
        ? page.replace('<style>', `<style>${firstView.css}`)
        : page.replace('</head>', `<style>${firstView.css}</style></head>`);
    },
    pageFor(request, pathname, viewer) {
      if (pathname === '/') {
        if (request.cookies[settings.SESSION_COOKIE_NAME]) return index;
        return landing.get(visitorLanguage(request)) ?? index;
      }
      if (!viewer || !isPagePath(pathname)) return index;
      const language = viewerLanguage(request, viewer);
      if (viewer.tutorialSeen) return withPageChunks(pathname, language);
      return tour.get(language) ?? index;
    },
  };
}

/** The web build's renderer of a page's first view (apps/web/src/app/prerender/first-view.tsx). */
type FirstViewRenderer = (page: string, language: Language, timeZone: string, data: unknown) => Promise<string | null>;

/**
 * The web build's prerender/first-view.mjs, loaded when first asked for, and the rules its
 * markup needs (prerender/first-view.css); no renderer without the file (an older build) or
 * when it does not export one.
 */
function firstViewRenderer(webDist: string): { renderer: () => Promise<FirstViewRenderer | null>; css?: string } {
  const file = path.join(webDist, 'prerender', 'first-view.mjs');
  const cssFile = path.join(webDist, 'prerender', 'first-view.css');
  let loading: Promise<FirstViewRenderer | null> | undefined;
  const renderer = () =>
    (loading ??= fs.existsSync(file)
      ? import(pathToFileURL(file).href).then((module: { firstViewMarkup?: unknown }) =>
          typeof module.firstViewMarkup === 'function' ? (module.firstViewMarkup as FirstViewRenderer) : null,
        )
      : Promise.resolve(null));
  return { renderer, ...(fs.existsSync(cssFile) ? { css: fs.readFileSync(cssFile, 'utf8') } : {}) };
}

const CHUNK_URL = /^\/assets\/[\w.-]+\.js$/;

/**
 * A signed-in account's page (one that has done the tour) naming the JavaScript its route needs
 * beyond the entry, the signed-in frame's, and the texts of the account's language, as
 * modulepreload links: the web build's dist/prerender/route-chunks.json
 * (apps/web/scripts/route-chunks.mjs). The browser fetches them with the entry instead of once
 * the entry has run (the texts) and the router has matched (the route's): issue 18. With
 * the build's prerender/boot.css, the page paints its boot splash from the HTML with those rules
 * inline, and its scripts and stylesheet start after that paint, as on the landing page. One
 * page per path and language, built when first asked for; without route-chunks.json (an older
 * build), index.html.
 */
function pagesWithTheirChunks(webDist: string, index: string): (pathname: string, language: Language) => string {
  const file = path.join(webDist, 'prerender', 'route-chunks.json');
  const chunks = fs.existsSync(file) ? readRouteChunks(fs.readFileSync(file, 'utf8')) : null;
  const cssFile = path.join(webDist, 'prerender', 'boot.css');
  const bootCss = fs.existsSync(cssFile) ? fs.readFileSync(cssFile, 'utf8') : undefined;
  const built = new Map<string, string>();
  return (pathname, language) => {
    const page = pagePathOf(pathname);
    const files = chunks?.pages[page];
    if (!chunks || !files) return index;
    const key = `${language} ${page}`;
    let html = built.get(key);
    if (html === undefined) {
      html = withModulePreloads(index, [...chunks.layout, ...(chunks.texts?.[language] ?? []), ...files]);
      // index.html's boot splash painted from the HTML and its inline rules, the scripts after it.
      if (bootCss !== undefined) html = startingAfterPaint(withCriticalCss(html, bootCss));
      built.set(key, html);
    }
    return html;
  };
}

interface RouteChunks {
  layout: string[];
  pages: Record<string, string[]>;
  /** Each language's texts (absent from a build before they were listed). */
  texts?: Partial<Record<Language, string[]>>;
}

/** route-chunks.json, or an error that says what is wrong with it (a broken build, not a request). */
export function readRouteChunks(json: string): RouteChunks {
  const data = JSON.parse(json) as unknown;
  const urls = (value: unknown, where: string): string[] => {
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && CHUNK_URL.test(v))) {
      throw new Error(`route-chunks.json: ${where} is not a list of /assets/*.js paths`);
    }
    return value as string[];
  };
  const record = (data ?? {}) as { layout?: unknown; pages?: unknown; texts?: unknown };
  if (typeof record.pages !== 'object' || record.pages === null) throw new Error('route-chunks.json: no pages');
  const chunks: RouteChunks = {
    layout: urls(record.layout, 'layout'),
    pages: Object.fromEntries(Object.entries(record.pages).map(([page, files]) => [page, urls(files, page)])),
  };
  if (record.texts === undefined) return chunks;
  if (typeof record.texts !== 'object' || record.texts === null || Array.isArray(record.texts)) {
    throw new Error('route-chunks.json: texts is not an object');
  }
  const texts: Partial<Record<Language, string[]>> = {};
  for (const [language, files] of Object.entries(record.texts)) {
    if (!(LANGUAGES as readonly string[]).includes(language)) {
      throw new Error(`route-chunks.json: texts names ${language}, not a language of the app`);
    }
    texts[language as Language] = urls(files, `texts.${language}`);
  }
  return { ...chunks, texts };
}

/** The page with a modulepreload link for each file it does not name yet, at the end of its head. */
export function withModulePreloads(html: string, files: readonly string[]): string {
  const named = new Set([...html.matchAll(PRELOAD)].map((m) => m[1]));
  const entry = ENTRY.exec(html)?.[1];
  const links = [...new Set(files)]
    .filter((file) => !named.has(file) && file !== entry)
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('');
  return links && html.includes('</head>') ? html.replace('</head>', `${links}</head>`) : html;
}

/** index.html with the markup dist/prerender/<name>.<language>.html in each language there is one for. */
function prerenderedPages(webDist: string, index: string, name: string): Map<Language, string> {
  const pages = new Map<Language, string>();
  if (!index.includes(ROOT)) return pages;
  const cssFile = path.join(webDist, 'prerender', `${name}.css`);
  const css = fs.existsSync(cssFile) ? fs.readFileSync(cssFile, 'utf8') : undefined;
  for (const language of LANGUAGES) {
    const file = path.join(webDist, 'prerender', `${name}.${language}.html`);
    if (!fs.existsSync(file)) continue;
    pages.set(language, withPrerenderedMarkup(index, language, fs.readFileSync(file, 'utf8'), css));
  }
  return pages;
}

/**
 * The page with prerendered markup (the landing page, the tour) before #root and the language
 * on <html>; the app's scripts start after the markup is painted. With `css` (the web build's
 * prerender/<name>.css: the rules the markup needs), that is inlined and the stylesheet, too,
 * loads after the first paint.
 */
export function withPrerenderedMarkup(index: string, language: Language, markup: string, css?: string): string {
  const page = index.replace(ROOT, `${markup}${ROOT}`).replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
  return startingAfterPaint(css === undefined ? page : withCriticalCss(page, css));
}

const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/;

/**
 * The stylesheet's `<link>` replaced by the critical rules inline (the CSP allows inline styles)
 * and a `<noscript>` link for a browser without JavaScript; start-after-paint.js adds the
 * stylesheet after the first paint (its `data-stylesheet`). The first paint then waits for the
 * HTML alone, not for the 42 KB stylesheet and the web fonts it names (Lighthouse, issue 18).
 * A page without the link, or CSS that could close the <style> element, is left alone.
 */
export function withCriticalCss(html: string, css: string): string {
  const link = STYLESHEET.exec(html);
  if (!link || /<\/style/i.test(css)) return html;
  return html.replace(
    link[0],
    `<style>${css}</style><noscript><link rel="stylesheet" href="${link[1]}"></noscript>` +
      `<meta name="solstice-stylesheet" content="${link[1]}">`,
  );
}

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Vite's entry script and its modulepreload links (all of high priority) replaced by
 * start-after-paint.js (apps/web/public), which adds them once the page has been painted: the
 * first paint waits for the HTML and the stylesheet only. A page without them is left alone.
 */
export function startingAfterPaint(html: string): string {
  const entry = ENTRY.exec(html);
  if (!entry) return html;
  const preloads: string[] = [];
  const page = html.replace(PRELOAD, (_link, href: string) => {
    preloads.push(href);
    return '';
  });
  const start = `<script defer src="/start-after-paint.js" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"></script>`;
  return page.replace(entry[0], start);
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The operator's defaults travel in the page itself (no request before the first render). */
export function withOperatorDefaults(
  html: string,
  settings: Pick<Settings, 'DEFAULT_LANGUAGE' | 'DEFAULT_TIME_ZONE'> & Partial<Pick<Settings, 'CONTENT_URL'>>,
): string {
  const meta =
    `<meta name="solstice-default-language" content="${settings.DEFAULT_LANGUAGE}">` +
    `<meta name="solstice-default-time-zone" content="${settings.DEFAULT_TIME_ZONE}">` +
    (settings.CONTENT_URL
      ? `<meta name="solstice-content-url" content="${escapeAttribute(settings.CONTENT_URL)}">`
      : '');
  if (html.includes('</head>')) return html.replace('</head>', `${meta}</head>`);
  // A page without a head (test fixtures): after the doctype, so the browser stays in standards mode.
  const doctype = /^<!doctype html>/i.exec(html);
  return doctype ? `${doctype[0]}${meta}${html.slice(doctype[0].length)}` : `${meta}${html}`;
}
