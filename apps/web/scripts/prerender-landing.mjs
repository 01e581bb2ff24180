// Run after `vite build` through tsx (issue 18): writes the landing page's markup per language
// into dist/prerender/landing.<language>.html, and the part of the stylesheet that markup needs
// into dist/prerender/landing.css. The server puts both into the page it sends a visitor on `/`
// (apps/server/src/http/web-pages.ts), so the hero paints with the HTML alone, before the
// stylesheet, the fonts and the scripts have loaded.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { allLandingMarkup } from '../src/prerender/landing-markup.tsx';
import { criticalCss } from '../src/prerender/critical-css.ts';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const out = path.join(dist, 'prerender');
fs.mkdirSync(out, { recursive: true });
const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const documents = [];
for (const [language, markup] of Object.entries(await allLandingMarkup())) {
  fs.writeFileSync(path.join(out, `landing.${language}.html`), markup);
  process.stdout.write(`prerendered landing.${language}.html (${markup.length} bytes)\n`);
  documents.push(new JSDOM(index.replace('<div id="root"></div>', `${markup}<div id="root"></div>`)).window.document);
}
const stylesheet = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/.exec(index)?.[1];
if (!stylesheet) throw new Error('dist/index.html links no stylesheet');
const css = criticalCss(fs.readFileSync(path.join(dist, stylesheet), 'utf8'), (selector) =>
  documents.some((document) => document.querySelector(selector) !== null),
);
fs.writeFileSync(path.join(out, 'landing.css'), css);
process.stdout.write(
  `landing.css: ${css.length} bytes of the stylesheet's ${fs.statSync(path.join(dist, stylesheet)).size}\n`,
);
