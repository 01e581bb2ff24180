// Lint: TypeScript rules plus the architecture's import direction
// (web → contracts; server → contracts, analytics; analytics → nothing) and no cycles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

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
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
  },
  {
    files: ['packages/analytics/src/**/*.ts'],
    ignores: ['packages/analytics/src/**/*.test.ts'],
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
    files: ['apps/server/**/*.ts'],
    rules: restrict([{ group: ['@solstice/web', '**/apps/web/**'], message: 'server does not import web.' }]),
  },
  {
    files: ['**/*.{js,mjs}', 'scripts/**', 'bench/**'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly' },
    },
  },
);
