// Run after `vite build` through tsx (issue 18): writes the markup of the pages the server sends
// before the scripts have run, per language, into dist/prerender/<name>.<language>.html, and the
// part of the stylesheet each needs into dist/prerender/<name>.css:
// - landing: the landing page, for a visitor on `/`;
// - tour: the first-run tour's first step, for a signed-in account that has not seen it;
// and the part of the stylesheet index.html's own boot splash needs (boot.css).
// The server puts them into the page (apps/server/src/http/web-pages.ts), so it paints with the
// HTML alone, before the stylesheet, the fonts and the scripts have loaded.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { JSDOM } from 'jsdom';
import { allLandingMarkup } from '../src/app/prerender/landing-markup.tsx';
import { allTourMarkup } from '../src/app/prerender/tour-markup.tsx';
import { criticalCss } from '../src/app/prerender/critical-css.ts';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const out = path.join(dist, 'prerender');
fs.mkdirSync(out, { recursive: true });
const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const stylesheet = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/.exec(index)?.[1];
if (!stylesheet) throw new Error('dist/index.html links no stylesheet');
const fullCss = fs.readFileSync(path.join(dist, stylesheet), 'utf8');

for (const [name, markupOf] of [
  ['landing', allLandingMarkup],
  ['tour', allTourMarkup],
]) {
  const documents = [];
  for (const [language, markup] of Object.entries(await markupOf())) {
    fs.writeFileSync(path.join(out, `${name}.${language}.html`), markup);
    process.stdout.write(`prerendered ${name}.${language}.html (${markup.length} bytes)\n`);
    documents.push(new JSDOM(index.replace('<div id="root"></div>', `${markup}<div id="root"></div>`)).window.document);
  }
  const css = criticalCss(fullCss, (selector) =>
    documents.some((document) => document.querySelector(selector) !== null),
  );
  fs.writeFileSync(path.join(out, `${name}.css`), css);
  process.stdout.write(`${name}.css: ${css.length} bytes of the stylesheet's ${fullCss.length}\n`);
}

// first-view.mjs: the renderer of a returning account's first view of a page (its top bar's
// frame, the stale-data warning and its heading; on /dashboard the market summary, on /subscribe
// the notice or the plans), which the server loads and runs per request
// (src/app/prerender/first-view.tsx), bundled with what it needs to run in Node; and
// first-view.css, the rules its markup needs (found on a stale and a current render in each
// language, an admin's and a member's, of /dashboard, /subscribe and another page).
await build({
  entryPoints: [path.resolve(dist, '../src/app/prerender/first-view.tsx')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  minify: true,
  // What Vite defines in the app: none of it is read in the first view.
  define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env': '{}' },
  // react-dom/server's CommonJS requires Node's own modules.
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  outfile: path.join(out, 'first-view.mjs'),
  logLevel: 'warning',
});
const { firstViewMarkup } = await import(pathToFileURL(path.join(out, 'first-view.mjs')).href);
const firstViews = [];
for (const [language, behind, roles] of [
  ['en', 3, ['admin']],
  ['tr', 3, ['member']],
  ['en', 0, ['member']],
  ['tr', 0, ['admin']],
]) {
  for (const page of ['/dashboard', '/scanner', '/subscribe']) {
    const markup = await firstViewMarkup(page, language, 'UTC', sampleFirstViewData(behind, roles));
    firstViews.push(
      new JSDOM(index.replace('<div id="root"></div>', `${markup}<div id="root"></div>`)).window.document,
    );
  }
}
const firstViewCss = criticalCss(fullCss, (selector) =>
  firstViews.some((document) => document.querySelector(selector) !== null),
);
fs.writeFileSync(path.join(out, 'first-view.css'), firstViewCss);
process.stdout.write(
  `first-view.mjs; first-view.css: ${firstViewCss.length} bytes of the stylesheet's ${fullCss.length}\n`,
);

/**
 * Page data of the shape the server sends (decision 0023), for finding first-view.css's rules:
 * with a stale market, a subscriber's /subscribe (its notice; test mode); with a current one, a
 * non-subscriber's (the plans; payments off for an admin, test mode for a member).
 */
function sampleFirstViewData(behind, roles) {
  const index = { symbol: '^GSPC', name: 'S&P 500', asOf: '2017-11-10', close: 2582.3, change1d: -0.002 };
  const subscribed = behind > 0;
  const product = { id: 1, name: 'Solstice Pro', description: 'Every tool' };
  const provider = subscribed || roles.includes('member') ? 'test' : 'none';
  return {
    me: { data: { locale: null, timeZone: null }, roles, subscriber: subscribed },
    subscription: {
      status: subscribed ? 'active' : 'none',
      product: subscribed ? product : null,
      price: subscribed ? { id: 11, amount: 2900, currency: 'usd', interval: 'month' } : null,
      currentPeriodEnd: subscribed ? '2017-12-10T00:00:00.000Z' : null,
      cancelAtPeriodEnd: false,
      subscriber: subscribed,
    },
    paymentsConfig: { provider, label: provider === 'test' ? 'Test mode' : 'Payments are not configured' },
    products: [
      {
        ...product,
        prices: [
          { id: 11, amount: 2900, currency: 'usd', interval: 'month' },
          { id: 12, amount: 29000, currency: 'usd', interval: 'year' },
        ],
      },
    ],
    freshness: { asOf: '2017-11-10', lastSession: '2017-11-15', tradingDaysBehind: behind },
    overview: {
      asOf: '2017-11-10',
      indices: [
        { ...index, w1: 0.01, m1: -0.02, ytd: 0.15, y1: 0.2 },
        { ...index, symbol: '^DJI', change1d: 0.003, w1: -0.01, m1: 0.02, ytd: -0.05, y1: 0 },
      ],
      breadth: {
        total: 3,
        advancers: 1,
        decliners: 1,
        unchanged: 1,
        aboveSma50: 0.5,
        aboveSma200: 0.4,
        newHighs: 1,
        newLows: 0,
      },
    },
  };
}

// boot.css: the rules of index.html as it is (its boot splash), for a signed-in account's page
// that has no markup of its own before the scripts: the server inlines them, so that page, too,
// paints from the HTML alone.
const bootDocument = new JSDOM(index).window.document;
if (!bootDocument.querySelector('.boot-splash')) throw new Error('dist/index.html has no .boot-splash');
const bootCss = criticalCss(fullCss, (selector) => bootDocument.querySelector(selector) !== null);
fs.writeFileSync(path.join(out, 'boot.css'), bootCss);
process.stdout.write(`boot.css: ${bootCss.length} bytes of the stylesheet's ${fullCss.length}\n`);
