import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs build script: no types
import { pageSources, routeChunks, textSources } from '../apps/web/scripts/route-chunks.mjs';

const WEB = path.resolve(__dirname, '../apps/web');
const read = (file: string) => fs.readFileSync(path.join(WEB, 'src', file), 'utf8');
const PAGES = fs.readFileSync(path.resolve(__dirname, '../packages/contracts/src/pages.ts'), 'utf8');

// Issue 18: the web build lists each page's chunks for the server's modulepreload links.
describe('the pages’ chunks the web build lists', () => {
  it('finds every page of the page list and the signed-in frame in the app’s own sources', () => {
    const sources = pageSources(read('app/route-modules.ts'), PAGES, read('app/routes.tsx'));
    const paths = [...PAGES.matchAll(/^\s+\w+: '(\/[^']*)',$/gm)].map((m) => m[1]);
    expect(Object.keys(sources.pages).sort()).toEqual([...paths].sort());
    expect(sources.pages['/dashboard']).toBe('src/features/dashboard/dashboard-screen.tsx');
    expect(sources.layout).toBe('src/app/layout/app-layout.tsx');
    for (const module of [...Object.values(sources.pages), sources.layout] as string[]) {
      expect(fs.existsSync(path.join(WEB, module)), module).toBe(true);
    }
  });

  it('finds the text bundles a signed-in page loads in each language in i18n.ts', () => {
    const texts = textSources(read('shared/i18n/i18n.ts'));
    // Turkish with the English tools bundle: the scanner's CSV columns are in English (loadAllTexts)
    expect(texts).toEqual({
      en: ['src/shared/i18n/bundles/en-core.ts', 'src/shared/i18n/bundles/en-tools.ts'],
      tr: [
        'src/shared/i18n/bundles/tr-core.ts',
        'src/shared/i18n/bundles/tr-tools.ts',
        'src/shared/i18n/bundles/en-tools.ts',
      ],
    });
    for (const module of Object.values(texts).flat() as string[]) {
      expect(fs.existsSync(path.join(WEB, module)), module).toBe(true);
    }
    expect(() => textSources("const BUNDLES = { en: () => import('./bundles/en') };")).toThrow(
      'i18n.ts names no English text bundles',
    );
  });

  it('refuses sources it cannot read a page from', () => {
    const paths = "export const paths = {\n  home: '/',\n  dashboard: '/dashboard',\n} as const;";
    const routes = "const importLayout = () => import('../components/layout/app-layout');";
    const one = "  [paths.home]: () => import('../pages/landing-page'),";
    expect(() => pageSources(one, paths, routes)).toThrow('route-modules.ts has 1 pages, pages.ts 2');
    const unknown = `${one}\n  [paths.nowhere]: () => import('../features/x/x-screen'),`;
    expect(() => pageSources(unknown, paths, routes)).toThrow('names paths.nowhere');
    const both = `${one}\n  [paths.dashboard]: () => import('../features/dashboard/dashboard-screen'),`;
    expect(() => pageSources(both, paths, '')).toThrow('routes.tsx has no importLayout');
  });

  it('is the chunk a page’s module went into and its static imports, less what the entry loads', () => {
    const root = '/web';
    const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({
      fileName,
      moduleIds: moduleIds.map((id) => `${root}/${id}`),
      imports,
      isEntry,
    });
    const bundle = [
      chunk('assets/index-A.js', ['src/main.tsx'], ['assets/react-R.js'], true),
      chunk('assets/react-R.js', ['node_modules/react/index.js']),
      // the build merged the market page and a shared table into one chunk
      chunk(
        'assets/shared-S.js',
        ['src/features/market/market-screen.tsx', 'src/shared/table.tsx'],
        ['assets/react-R.js'],
      ),
      chunk('assets/dashboard-D.js', ['src/features/dashboard/dashboard-screen.tsx'], ['assets/shared-S.js']),
      chunk('assets/layout-L.js', ['src/app/layout/app-layout.tsx'], ['assets/react-R.js']),
    ];
    const sources = {
      pages: {
        '/dashboard': 'src/features/dashboard/dashboard-screen.tsx',
        '/market': 'src/features/market/market-screen.tsx',
      },
      layout: 'src/app/layout/app-layout.tsx',
    };
    expect(routeChunks(bundle, sources, root)).toEqual({
      layout: ['/assets/layout-L.js'],
      pages: { '/dashboard': ['/assets/dashboard-D.js', '/assets/shared-S.js'], '/market': ['/assets/shared-S.js'] },
    });
    // a language's texts: its two bundles' chunks, each once
    const texts = [
      chunk('assets/en-core-C.js', ['src/shared/i18n/bundles/en-core.ts'], ['assets/texts-T.js']),
      chunk('assets/en-tools-E.js', ['src/shared/i18n/bundles/en-tools.ts'], ['assets/texts-T.js']),
      chunk('assets/texts-T.js', ['src/shared/i18n/en/common.ts']),
    ];
    const withTexts = {
      ...sources,
      texts: { en: ['src/shared/i18n/bundles/en-core.ts', 'src/shared/i18n/bundles/en-tools.ts'] },
    };
    expect(routeChunks([...bundle, ...texts], withTexts, root).texts).toEqual({
      en: ['/assets/en-core-C.js', '/assets/texts-T.js', '/assets/en-tools-E.js'],
    });
    const missing = { ...sources, pages: { '/x': 'src/features/x/x-screen.tsx' } };
    expect(() => routeChunks(bundle, missing, root)).toThrow('no chunk holds src/features/x/x-screen.tsx');
  });
});
