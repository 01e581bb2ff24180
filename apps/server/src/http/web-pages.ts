import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, browserLanguage, type Language } from '@solstice/contracts';
import type { FastifyRequest } from 'fastify';
import type { Settings } from '../config/settings.js';

type PageSettings = Pick<Settings, 'DEFAULT_LANGUAGE' | 'DEFAULT_TIME_ZONE' | 'SESSION_COOKIE_NAME'> &
  Partial<Pick<Settings, 'CONTENT_URL'>>;

const ROOT = '<div id="root"></div>';

/** The HTML of the web app's pages, read once from its build. */
export interface WebPages {
  /** The page for a request the client router draws. */
  pageFor(request: FastifyRequest, pathname: string): string;
  /** Headers the choice depends on (for caches). */
  readonly vary: string;
}

/**
 * index.html with the operator's defaults, and for a visitor on `/` (no session cookie) the
 * landing page's markup in the visitor's language (the web build's dist/prerender/landing.<language>.html,
 * written by apps/web/scripts/prerender-landing.mjs): it paints before the scripts run (Lighthouse's
 * LCP, issue 18). The language is the one the app will choose for a new visitor: the browser's
 * first we have, else the operator's default. A signed-in visitor's `/` is not the landing page.
 */
export function loadWebPages(webDist: string, settings: PageSettings): WebPages {
  const index = withOperatorDefaults(fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'), settings);
  const landing = new Map<Language, string>();
  const cssFile = path.join(webDist, 'prerender', 'landing.css');
  const css = fs.existsSync(cssFile) ? fs.readFileSync(cssFile, 'utf8') : undefined;
  for (const language of LANGUAGES) {
    const file = path.join(webDist, 'prerender', `landing.${language}.html`);
    if (!index.includes(ROOT) || !fs.existsSync(file)) continue;
    landing.set(language, withLandingMarkup(index, language, fs.readFileSync(file, 'utf8'), css));
  }
  return {
    vary: 'accept-language, cookie',
    pageFor(request, pathname) {
      if (pathname !== '/' || request.cookies[settings.SESSION_COOKIE_NAME]) return index;
      const language = browserLanguage(request.headers['accept-language']) ?? settings.DEFAULT_LANGUAGE;
      return landing.get(language) ?? index;
    },
  };
}

/**
 * The page with the landing markup before #root and the language on <html>; the app's scripts
 * start after the markup is painted. With `css` (the web build's prerender/landing.css: the
 * rules the markup needs), that is inlined and the stylesheet, too, loads after the first paint.
 */
export function withLandingMarkup(index: string, language: Language, markup: string, css?: string): string {
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
