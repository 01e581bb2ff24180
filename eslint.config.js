// Lint: TypeScript rules plus the architecture's import direction
// (web → contracts; server → contracts, analytics; analytics → nothing; inside the server
// top → modules → http kit and db; inside the web app → features → shared, no feature
// importing another), no cycles, the
// rules of hooks and accessibility lint for JSX. test/lint-rules.test.ts proves each bites.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import i18next from 'eslint-plugin-i18next';
import fs from 'node:fs';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

const SERVER_NOT_WEB = { group: ['@solstice/web', '**/apps/web/**'], message: 'server does not import web.' };
/** What stands above the server's modules: the app's top, the composition, start-up and the CLI. */
const SERVER_TOP = [
  {
    group: ['**/app/**', '**/composition', '**/composition.js', '**/start', '**/start.js', '**/main', '**/main.js'],
    message: 'a module, the http kit and the database layer do not import the top (app/, composition, start-up).',
  },
  { group: ['**/cli/**'], message: 'nothing below the CLI imports it.' },
];

/**
 * The web app's layers (docs/architecture.md, "The web app"): `app/` composes the features,
 * each folder of `features/` is one screen or capability and imports no other, and `shared/`
 * serves them all and imports neither. Read from the tree, so a new feature folder is held too.
 */
const WEB = './apps/web/src';
const WEB_FEATURES = fs
  .readdirSync(new URL('apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('__lint_fixture'))
  .map((entry) => entry.name);
const WEB_ZONES = [
  ...WEB_FEATURES.map((name) => ({
    target: `${WEB}/features/${name}`,
    from: `${WEB}/features`,
    except: [`./${name}`],
    message: 'a feature does not import another feature: move what both use into shared/, or compose them in app/.',
  })),
  {
    target: `${WEB}/features`,
    from: [`${WEB}/app`, `${WEB}/main.tsx`],
    message: 'a feature does not import the app: the app passes what a feature needs down to it.',
  },
  {
    target: `${WEB}/shared`,
    from: [`${WEB}/features`, `${WEB}/app`, `${WEB}/main.tsx`],
    message: 'shared code imports no feature and not the app: take what it needs as a prop or a callback.',
  },
  {
    target: [`${WEB}/shared/store`, `${WEB}/shared/i18n`],
    from: [`${WEB}/shared/lib`, `${WEB}/shared/components`, `${WEB}/shared/auth`],
    message:
      'the store and the texts are the bottom of shared/: the API client and the components use them, not the reverse.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'coverage/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
    settings: {
      // Dependencies are parsed as TypeScript too: without this no-cycle cannot read them.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // TypeScript-aware: `./x.js` in a .ts file is ./x.ts, and workspace packages resolve
      // to their sources. The node resolver found none of our imports, so no-cycle saw nothing.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/analytics/tsconfig.json',
            'packages/contracts/tsconfig.json',
            'e2e/tsconfig.json',
          ],
        }),
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Every text a person reads comes from the translations (apps/web/src/i18n): text in JSX
    // and the attributes people read or hear are refused as literals.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx', 'apps/web/src/testing/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['aria-label', 'aria-description', 'aria-roledescription', 'title', 'placeholder', 'alt', 'label'],
          },
        },
      ],
    },
  },
  {
    // The API's paths live in one table (packages/contracts/src/endpoints.ts): the web app
    // calls an endpoint by name (callApi, apiGet, …), never by a path written in a screen.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//]',
          message: "Call the endpoint by name (callApi('name', …)); its path is in @solstice/contracts ENDPOINTS.",
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api\\//]',
          message: "Call the endpoint by name (callApi('name', …)); its path is in @solstice/contracts ENDPOINTS.",
        },
      ],
    },
  },
  {
    files: ['packages/analytics/src/**/*.ts'],
    ignores: ['packages/analytics/src/**/*.test.ts', 'packages/analytics/src/testing/**'],
    rules: restrict([
      { group: ['@solstice/*', '**/apps/**', '**/contracts/**'], message: 'analytics depends on nothing.' },
      { group: ['node:*', 'fs', 'path', 'http', 'child_process', 'os'], message: 'analytics is pure: no I/O.' },
    ]),
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: restrict([
      { group: ['@solstice/*', '**/apps/**', '**/analytics/**'], message: 'contracts depend only on zod.' },
      { group: ['node:*'], message: 'contracts run in the browser too.' },
    ]),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: restrict([
      {
        group: ['@solstice/analytics', '@solstice/server', '**/apps/server/**', '**/packages/analytics/**'],
        message: 'web depends only on contracts.',
      },
      { group: ['node:*'], message: 'web runs in the browser.' },
    ]),
  },
  {
    // The web app's layers: app → features → shared (WEB_ZONES above). Tests may import anything.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: WEB_ZONES }] },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: restrict([SERVER_NOT_WEB]),
  },
  {
    // The server's floors (docs/architecture.md), bottom up: the kit (http/) and the database
    // layer (db/) serve every module and import none; a module imports neither the top
    // (app/), the composition, start-up nor the CLI. Tests may drive the whole app.
    files: ['apps/server/src/http/**/*.ts', 'apps/server/src/db/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: restrict([
      SERVER_NOT_WEB,
      { group: ['**/modules/**'], message: 'the http kit and the database layer import no module.' },
      ...SERVER_TOP,
    ]),
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: restrict([SERVER_NOT_WEB, ...SERVER_TOP]),
  },
  {
    // A command calls its module's use case, as the route does; it never imports a route file.
    files: ['apps/server/src/cli/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: restrict([
      SERVER_NOT_WEB,
      {
        group: ['**/*.routes', '**/*.routes.js', '**/app/**'],
        message: 'the CLI calls use cases in the modules, never a route file or the app.',
      },
    ]),
  },
  {
    files: ['**/*.{js,mjs}', 'scripts/**', 'bench/**'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly' },
    },
  },
  {
    // Plain scripts the browser runs as they are (apps/web/public).
    files: ['apps/web/public/**/*.js'],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        requestAnimationFrame: 'readonly',
        PerformanceObserver: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
);
