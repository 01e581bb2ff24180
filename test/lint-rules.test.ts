import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/**
 * The lint rules we claim, shown to bite: each fixture breaks one rule on purpose, inside the
 * folder whose rules it tests, and the project's own eslint.config.js must refuse it.
 */
const root = path.resolve(import.meta.dirname, '..');
const created: string[] = [];

function fixture(dir: string, files: Record<string, string>): string[] {
  const folder = path.join(root, dir, `__lint_fixture_${process.pid}__`);
  fs.mkdirSync(folder, { recursive: true });
  created.push(folder);
  return Object.entries(files).map(([name, text]) => {
    const file = path.join(folder, name);
    fs.writeFileSync(file, text);
    return file;
  });
}

/** The rules the project's config reports on files written into `dir` (see fixture). */
async function lintFixture(dir: string, files: Record<string, string>): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const results = await eslint.lintFiles(fixture(dir, files));
  return results.flatMap((r) => r.messages.map((m) => m.ruleId ?? m.message));
}

/** Expects the config to refuse the import in `text`, written as `name` into `dir`. */
async function expectImportRefused(dir: string, name: string, text: string): Promise<void> {
  expect(await lintFixture(dir, { [name]: text })).toContain('no-restricted-imports');
}

afterAll(() => {
  for (const folder of created) fs.rmSync(folder, { recursive: true, force: true });
});

// Each test runs ESLint with the type-aware config: slow on a cold cache.
describe('eslint.config.js', { timeout: 60_000 }, () => {
  it('refuses an import cycle between TypeScript modules (".js"-suffixed imports resolved)', async () => {
    const ids = await lintFixture('apps/server/src', {
      'a.ts': "import { b } from './b.js';\nexport const a = (): number => b() + 1;\n",
      'b.ts': "import { a } from './a.js';\nexport const b = (): number => (a.length > 5 ? 0 : 1);\n",
    });
    expect(ids).toContain('import-x/no-cycle');
  });

  it('refuses a cycle through a longer chain', async () => {
    const ids = await lintFixture('apps/server/src', {
      'c1.ts': "import { c2 } from './c2.js';\nexport const c1 = (): number => c2();\n",
      'c2.ts': "import { c3 } from './c3.js';\nexport const c2 = (): number => c3();\n",
      'c3.ts': "import { c1 } from './c1.js';\nexport const c3 = (): number => (typeof c1 === 'function' ? 1 : 0);\n",
    });
    expect(ids).toContain('import-x/no-cycle');
  });

  it('refuses a hook called conditionally and an effect with a missing dependency', async () => {
    const ids = await lintFixture('apps/web/src', {
      'hooks.tsx': [
        "import { useEffect, useState } from 'react';",
        'export function Bad({ on, id }: { on: boolean; id: string }) {',
        '  if (on) {',
        '    useState(0);',
        '  }',
        '  useEffect(() => {',
        '    console.log(id);',
        '  }, []);',
        '  return null;',
        '}',
        '',
      ].join('\n'),
    });
    expect(ids).toContain('react-hooks/rules-of-hooks');
    expect(ids).toContain('react-hooks/exhaustive-deps');
  });

  it('refuses inaccessible JSX', async () => {
    const ids = await lintFixture('apps/web/src', {
      'a11y.tsx':
        'export const Pic = () => <img src="/x.png" />;\nexport const Div = () => <div onClick={() => 1}>x</div>;\n',
    });
    expect(ids).toContain('jsx-a11y/alt-text');
    expect(ids).toContain('jsx-a11y/click-events-have-key-events');
  });

  it('keeps the import direction: analytics is pure, web depends only on contracts', async () => {
    await expectImportRefused(
      'packages/analytics/src',
      'io.ts',
      "import fs from 'node:fs';\nexport const read = (): boolean => fs.existsSync('/');\n",
    );
    await expectImportRefused(
      'apps/web/src',
      'deep.ts',
      "import { sma } from '@solstice/analytics';\nexport const x = sma;\n",
    );
  });

  // The web app's layers (docs/architecture.md, "The web app"): app → features → shared, no
  // feature importing another. Each import is refused in the folder named (the fixture sits one
  // folder below it, hence one more `../`).
  const WEB_LAYER_VIOLATIONS: { rule: string; dir: string; from: string }[] = [
    { rule: 'a feature imports another feature', dir: 'features/scanner', from: '../../alerts/alerts-screen' },
    { rule: 'a feature imports a helper of another', dir: 'features/market', from: '../../heatmaps/heatmap-result' },
    { rule: 'a feature imports the app', dir: 'features/dashboard', from: '../../../app/routes' },
    { rule: 'a feature imports the start-up', dir: 'features/dashboard', from: '../../../main' },
    { rule: 'shared code imports a feature', dir: 'shared', from: '../../features/alerts/notification-bell' },
    { rule: 'a shared component imports the app', dir: 'shared/components', from: '../../../app/layout/nav-items' },
    { rule: 'shared code imports the landing page', dir: 'shared/ui', from: '../../../features/landing/landing-view' },
    { rule: 'the store imports the API client', dir: 'shared/store', from: '../../lib/api-client' },
  ];
  it.each(WEB_LAYER_VIOLATIONS)('keeps the web app in layers: refuses when $rule', async ({ dir, from }) => {
    const ids = await lintFixture(`apps/web/src/${dir}`, {
      'reach.ts': `import * as up from '${from}';\nexport const x = up;\n`,
    });
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('lets the app import features, a feature its own files and shared code', async () => {
    const app = await lintFixture('apps/web/src/app', {
      'fine.ts': [
        "import { NotificationBell } from '../../features/alerts/notification-bell';",
        "import { paths } from '../../shared/paths';",
        'export const x = [NotificationBell, paths];',
        '',
      ].join('\n'),
    });
    const feature = await lintFixture('apps/web/src/features/alerts', {
      'fine.ts': [
        "import { NotificationBell } from '../notification-bell';",
        "import { scanAlertLink } from '../../../shared/links/alert-links';",
        'export const x = [NotificationBell, scanAlertLink];',
        '',
      ].join('\n'),
    });
    expect([...app, ...feature]).not.toContain('import-x/no-restricted-paths');
  });

  it('keeps shared web code on contracts alone', async () => {
    await expectImportRefused(
      'apps/web/src/shared',
      'deep.ts',
      "import { sma } from '@solstice/analytics';\nexport const y = sma;\n",
    );
  });

  it('refuses an API path written in a screen: endpoints are called by name', async () => {
    const ids = await lintFixture('apps/web/src/features', {
      'fetches.ts':
        "export const a = fetch('/api/v1/market/overview');\nexport const b = (s: string) => fetch(`/api/v1/bars/${s}`);\n",
    });
    expect(ids.filter((id) => id === 'no-restricted-syntax')).toHaveLength(2);
  });

  // The server's floors (docs/architecture.md): each import is refused in the folder named
  // (the fixture sits one folder below it, hence one more `../`).
  const SERVER_FLOOR_VIOLATIONS: { floor: string; dir: string; from: string }[] = [
    { floor: 'the kit imports a module', dir: 'http', from: '../../modules/auth/auth-user.js' },
    { floor: 'the kit imports the top', dir: 'http', from: '../../app/app.js' },
    { floor: 'the database layer imports a module', dir: 'db', from: '../../modules/alerts/alerts.tables.js' },
    {
      floor: 'a migration imports live code',
      dir: 'db/migrations',
      from: '../../../modules/market/bars/chunk-codec.js',
    },
    { floor: 'a module imports the top', dir: 'modules/market', from: '../../../app/page-routes.js' },
    { floor: 'a module imports the composition', dir: 'modules/market', from: '../../../composition.js' },
    { floor: 'a module imports start-up', dir: 'modules/market', from: '../../../start.js' },
    { floor: 'a module imports the server entry', dir: 'modules/market', from: '../../../main.js' },
    { floor: 'a module imports the CLI', dir: 'modules/market', from: '../../../cli/output.js' },
    {
      floor: 'the CLI imports a route file',
      dir: 'cli/commands',
      from: '../../../modules/indicators/indicators.routes.js',
    },
  ];
  it.each(SERVER_FLOOR_VIOLATIONS)('keeps the server in floors: refuses when $floor', async ({ dir, from }) => {
    await expectImportRefused(
      `apps/server/src/${dir}`,
      'reach.ts',
      `import * as up from '${from}';\nexport const x = up;\n`,
    );
  });

  it('lets a module import the kit, the database layer and another module', async () => {
    const ids = await lintFixture('apps/server/src/modules/market', {
      'fine.ts': [
        "import { notFound } from '../../../http/errors.js';",
        "import { isUniqueViolation } from '../../../db/unique-violation.js';",
        "import { DEFAULT_CHART_BARS } from '../../indicators/indicators.js';",
        'export const x = [notFound, isUniqueViolation, DEFAULT_CHART_BARS];',
        '',
      ].join('\n'),
    });
    expect(ids).not.toContain('no-restricted-imports');
  });
});
