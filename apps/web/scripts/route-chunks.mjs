// The web build's plugin that writes dist/prerender/route-chunks.json (issue 18): the JavaScript
// each page of the app needs beyond the entry, so that the server can name it in a signed-in
// account's page (`<link rel="modulepreload">`, apps/server/src/http/web-pages.ts). Without it
// the browser learns of a page's chunks only once the entry has arrived and run and the router
// has matched: one more round trip before the page can draw. Read from the bundle itself, not
// Vite's manifest: the build merges small modules into shared chunks (experimentalMinChunkSize),
// and the manifest does not say which chunk a merged page module went into.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Each language's text bundles (relative to apps/web), read from src/shared/i18n/i18n.ts's loaders
 * (`en: { core: () => import('./bundles/en-core'), tools: () => import('./bundles/en-tools') }`):
 * a signed-in page loads both of its language before it draws (and, in another language than
 * English, the English tools too).
 */
export function textSources(i18nSource) {
  const texts = {};
  for (const m of i18nSource.matchAll(
    /^\s+(\w+): \{ core: \(\) => import\('\.\/([^']+)'\), tools: \(\) => import\('\.\/([^']+)'\) \},$/gm,
  )) {
    texts[m[1]] = [`src/shared/i18n/${m[2]}.ts`, `src/shared/i18n/${m[3]}.ts`];
  }
  if (!texts.en) throw new Error('i18n.ts names no English text bundles');
  // A signed-in page in another language loads the English tools bundle as well (loadAllTexts:
  // the scanner's CSV names its columns in English whatever the language).
  const [, englishTools] = texts.en;
  for (const language of Object.keys(texts)) if (language !== 'en') texts[language].push(englishTools);
  return texts;
}

/**
 * Each page's module (relative to apps/web), read from src/app/route-modules.ts's importers
 * (`[paths.dashboard]: () => import('../features/dashboard/dashboard-screen')`) and
 * the page list (packages/contracts/src/pages.ts), and the signed-in frame's (src/app/routes.tsx, `importLayout`).
 */
export function pageSources(routeModules, pathsSource, routes) {
  const pathOf = new Map([...pathsSource.matchAll(/^\s+(\w+): '(\/[^']*)',$/gm)].map((m) => [m[1], m[2]]));
  const pages = {};
  for (const m of routeModules.matchAll(/\[paths\.(\w+)\]: \(\) => import\('\.\.\/([^']+)'\)/g)) {
    const page = pathOf.get(m[1]);
    if (!page) throw new Error(`route-modules.ts names paths.${m[1]}, which pages.ts does not have`);
    pages[page] = `src/${m[2]}.tsx`;
  }
  if (pathOf.size === 0 || Object.keys(pages).length !== pathOf.size) {
    throw new Error(`route-modules.ts has ${Object.keys(pages).length} pages, pages.ts ${pathOf.size}`);
  }
  const layout = /const importLayout = \(\) => import\('(\.{1,2}\/[^']+)'\)/.exec(routes)?.[1];
  if (!layout) throw new Error('routes.tsx has no importLayout');
  return { pages, layout: `${path.posix.join('src/app', layout)}.tsx` };
}

/**
 * For the layout, each page and each language's texts (sources.texts, when given): the chunk
 * its module is in and that chunk's static imports, transitively, as URL paths; the entry's own
 * (index.html preloads them already) left out.
 * `chunks` are Rollup's output chunks ({ fileName, isEntry, imports, moduleIds }).
 */
export function routeChunks(chunks, sources, root) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOf = new Map();
  for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOf.set(path.relative(root, id), chunk);
  const closure = (chunk, into = new Set()) => {
    if (into.has(chunk.fileName)) return into;
    into.add(chunk.fileName);
    for (const file of chunk.imports) closure(byFile.get(file), into);
    return into;
  };
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const preloaded = new Set(entries.flatMap((entry) => [...closure(entry)]));
  // One module (a page, the layout) or several (a language's texts): their chunks' closures, each file once.
  const filesOf = (modules) => {
    const files = new Set();
    for (const module of [modules].flat()) {
      const chunk = chunkOf.get(module);
      if (!chunk) throw new Error(`no chunk holds ${module}`);
      closure(chunk, files);
    }
    return [...files].filter((file) => !preloaded.has(file)).map((file) => `/${file}`);
  };
  const each = (record) => Object.fromEntries(Object.entries(record).map(([key, modules]) => [key, filesOf(modules)]));
  return {
    layout: filesOf(sources.layout),
    pages: each(sources.pages),
    ...(sources.texts && { texts: each(sources.texts) }),
  };
}

/** The Vite plugin: emits prerender/route-chunks.json beside the build. */
export function routeChunksPlugin(webRoot) {
  return {
    name: 'solstice-route-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const read = (file) => fs.readFileSync(path.join(webRoot, 'src', file), 'utf8');
      const sources = {
        ...pageSources(
          read('app/route-modules.ts'),
          fs.readFileSync(path.join(webRoot, '../../packages/contracts/src/pages.ts'), 'utf8'),
          read('app/routes.tsx'),
        ),
        texts: textSources(read('shared/i18n/i18n.ts')),
      };
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const result = routeChunks(chunks, sources, webRoot);
      this.emitFile({
        type: 'asset',
        fileName: 'prerender/route-chunks.json',
        source: `${JSON.stringify(result, null, 2)}\n`,
      });
    },
  };
}
