// Run after `vite build` through tsx (issue 18): writes the landing page's markup per language
// into dist/prerender/landing.<language>.html. The server puts it into the page it sends a
// visitor on `/` (apps/server/src/http/web-pages.ts), so the hero paints with the stylesheet,
// before the scripts have loaded and run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allLandingMarkup } from '../src/prerender/landing-markup.tsx';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const out = path.join(dist, 'prerender');
fs.mkdirSync(out, { recursive: true });
for (const [language, markup] of Object.entries(await allLandingMarkup())) {
  fs.writeFileSync(path.join(out, `landing.${language}.html`), markup);
  process.stdout.write(`prerendered landing.${language}.html (${markup.length} bytes)\n`);
}
