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
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { allLandingMarkup } from '../src/prerender/landing-markup.tsx';
import { allTourMarkup } from '../src/prerender/tour-markup.tsx';
import { criticalCss } from '../src/prerender/critical-css.ts';

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

// boot.css: the rules of index.html as it is (its boot splash), for a signed-in account's page
// that has no markup of its own before the scripts: the server inlines them, so that page, too,
// paints from the HTML alone.
const bootDocument = new JSDOM(index).window.document;
if (!bootDocument.querySelector('.boot-splash')) throw new Error('dist/index.html has no .boot-splash');
const bootCss = criticalCss(fullCss, (selector) => bootDocument.querySelector(selector) !== null);
fs.writeFileSync(path.join(out, 'boot.css'), bootCss);
process.stdout.write(`boot.css: ${bootCss.length} bytes of the stylesheet's ${fullCss.length}\n`);
