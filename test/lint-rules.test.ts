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

const FIXTURE = `__lint_fixture_${process.pid}__`;

function fixture(dir: string, files: Record<string, string>): string[] {
  const folder = path.join(root, dir, FIXTURE);
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

afterAll(() => {
  for (const folder of created) fs.rmSync(folder, { recursive: true, force: true });
});

// Each test runs ESLint with the type-aware config: slow on a cold cache.
describe('eslint.config.js', { timeout: 60_000 }, () => {
  // Each fixture, written into `dir`, breaks each of `rules`.
  const REFUSED: { what: string; dir: string; files: Record<string, string>; rules: string[] }[] = [
    {
      what: 'an import cycle between TypeScript modules (".js"-suffixed imports resolved)',
      dir: 'apps/server/src',
      files: {
        'a.ts': "import { b } from './b.js';\nexport const a = (): number => b() + 1;\n",
        'b.ts': "import { a } from './a.js';\nexport const b = (): number => (a.length > 5 ? 0 : 1);\n",
      },
      rules: ['import-x/no-cycle'],
    },
    {
      what: 'a cycle through a longer chain',
      dir: 'apps/server/src',
      files: {
        'c1.ts': "import { c2 } from './c2.js';\nexport const c1 = (): number => c2();\n",
        'c2.ts': "import { c3 } from './c3.js';\nexport const c2 = (): number => c3();\n",
        'c3.ts': "import { c1 } from './c1.js';\nexport const c3 = (): number => (typeof c1 === 'function' ? 1 : 0);\n",
      },
      rules: ['import-x/no-cycle'],
    },
    {
      what: 'a hook called conditionally and an effect with a missing dependency',
      dir: 'apps/web/src',
      files: {
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
      },
      rules: ['react-hooks/rules-of-hooks', 'react-hooks/exhaustive-deps'],
    },
    {
      what: 'inaccessible JSX',
      dir: 'apps/web/src',
      files: {
        'a11y.tsx':
          'export const Pic = () => <img src="/x.png" />;\nexport const Div = () => <div onClick={() => 1}>x</div>;\n',
      },
      rules: ['jsx-a11y/alt-text', 'jsx-a11y/click-events-have-key-events'],
    },
    {
      what: 'an impure import in analytics',
      dir: 'packages/analytics/src',
      files: { 'io.ts': "import fs from 'node:fs';\nexport const read = (): boolean => fs.existsSync('/');\n" },
      rules: ['no-restricted-imports'],
    },
    {
      what: 'analytics imported by the web: it depends only on contracts',
      dir: 'apps/web/src',
      files: { 'deep.ts': "import { sma } from '@solstice/analytics';\nexport const x = sma;\n" },
      rules: ['no-restricted-imports'],
    },
    {
      what: 'analytics imported by shared web code: it stays on contracts alone',
      dir: 'apps/web/src/shared',
      files: { 'deep.ts': "import { sma } from '@solstice/analytics';\nexport const y = sma;\n" },
      rules: ['no-restricted-imports'],
    },
  ];
  it.each(REFUSED)('refuses $what', async ({ dir, files, rules }) => {
    const ids = await lintFixture(dir, files);
    for (const rule of rules) expect(ids).toContain(rule);
  });

  // The web app's layers (docs/architecture.md, "The web app"): app → features → shared, no
  // feature importing another; and the server's floors (docs/architecture.md). Each import of
  // `to` is refused in the folder named.
  const WEB_LAYER_VIOLATIONS: { rule: string; dir: string; to: string }[] = [
    { rule: 'a feature imports another feature', dir: 'features/scanner', to: 'features/alerts/alerts-screen' },
    { rule: 'a feature imports a helper of another', dir: 'features/market', to: 'features/heatmaps/heatmap-result' },
    { rule: 'a feature imports the app', dir: 'features/dashboard', to: 'app/routes' },
    { rule: 'a feature imports the start-up', dir: 'features/dashboard', to: 'main' },
    { rule: 'shared code imports a feature', dir: 'shared', to: 'features/alerts/notification-bell' },
    { rule: 'a shared component imports the app', dir: 'shared/components', to: 'app/layout/nav-items' },
    { rule: 'shared code imports the landing page', dir: 'shared/ui', to: 'features/landing/landing-view' },
    { rule: 'the store imports the API client', dir: 'shared/store', to: 'shared/lib/api-client' },
  ];
  const SERVER_FLOOR_VIOLATIONS: { floor: string; dir: string; to: string }[] = [
    { floor: 'the kit imports a module', dir: 'http', to: 'modules/auth/auth-user.js' },
    { floor: 'the kit imports the top', dir: 'http', to: 'app/app.js' },
    { floor: 'the database layer imports a module', dir: 'db', to: 'modules/alerts/alerts.tables.js' },
    { floor: 'a migration imports live code', dir: 'db/migrations', to: 'modules/market/bars/chunk-codec.js' },
    { floor: 'a module imports the top', dir: 'modules/market', to: 'app/page-routes.js' },
    { floor: 'a module imports the composition', dir: 'modules/market', to: 'composition.js' },
    { floor: 'a module imports start-up', dir: 'modules/market', to: 'start.js' },
    { floor: 'a module imports the server entry', dir: 'modules/market', to: 'main.js' },
    { floor: 'a module imports the CLI', dir: 'modules/market', to: 'cli/output.js' },
    { floor: 'the CLI imports a route file', dir: 'cli/commands', to: 'modules/indicators/indicators.routes.js' },
  ];
  /** The rules the config reports on an import of `to` written into `dir`, both below `src`. */
  const lintReach = (src: string, dir: string, to: string) => {
    const from = path.posix.relative(`${dir}/${FIXTURE}`, to);
    return lintFixture(`${src}/${dir}`, { 'reach.ts': `import * as up from '${from}';\nexport const x = up;\n` });
  };
  it.each(WEB_LAYER_VIOLATIONS)('keeps the web app in layers: refuses when $rule', async ({ dir, to }) => {
    expect(await lintReach('apps/web/src', dir, to)).toContain('import-x/no-restricted-paths');
  });
  it.each(SERVER_FLOOR_VIOLATIONS)('keeps the server in floors: refuses when $floor', async ({ dir, to }) => {
    expect(await lintReach('apps/server/src', dir, to)).toContain('no-restricted-imports');
  });

  // Imports the layers allow: `lines`, written into `dir`, must not trip `rule`.
  const ALLOWED: { what: string; dir: string; lines: string[]; rule: string }[] = [
    {
      what: 'the app import features and shared code',
      dir: 'apps/web/src/app',
      lines: [
        "import { NotificationBell } from '../../features/alerts/notification-bell';",
        "import { paths } from '../../shared/paths';",
        'export const x = [NotificationBell, paths];',
      ],
      rule: 'import-x/no-restricted-paths',
    },
    {
      what: 'a feature import its own files and shared code',
      dir: 'apps/web/src/features/alerts',
      lines: [
        "import { NotificationBell } from '../notification-bell';",
        "import { scanAlertLink } from '../../../shared/links/alert-links';",
        'export const x = [NotificationBell, scanAlertLink];',
      ],
      rule: 'import-x/no-restricted-paths',
    },
    {
      what: 'a server module import the kit, the database layer and another module',
      dir: 'apps/server/src/modules/market',
      lines: [
        "import { notFound } from '../../../http/errors.js';",
        "import { isUniqueViolation } from '../../../db/unique-violation.js';",
        "import { DEFAULT_CHART_BARS } from '../../indicators/indicators.js';",
        'export const x = [notFound, isUniqueViolation, DEFAULT_CHART_BARS];',
      ],
      rule: 'no-restricted-imports',
    },
  ];
  it.each(ALLOWED)('lets $what', async ({ dir, lines, rule }) => {
    expect(await lintFixture(dir, { 'fine.ts': [...lines, ''].join('\n') })).not.toContain(rule);
  });

  it('refuses an API path written in a screen: endpoints are called by name', async () => {
    const ids = await lintFixture('apps/web/src/features', {
      'fetches.ts':
        "export const a = fetch('/api/v1/market/overview');\nexport const b = (s: string) => fetch(`/api/v1/bars/${s}`);\n",
    });
    expect(ids.filter((id) => id === 'no-restricted-syntax')).toHaveLength(2);
  });
});
