// The esbuild options of the server bundle, shared by build.mjs (dist/) and the server tests'
// global setup (src/testing/server-bundle.global-setup.ts), so that the tests start the same
// bundle as production: the server and the command line, the workspace packages inlined
// (they are TypeScript sources), every npm dependency left external but INLINED.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/**
 * npm dependencies inlined all the same, the pure-JavaScript ones every start loads: Kysely is
 * hundreds of small ES modules that only our code imports, and resolving them file by file was
 * a tenth of the server's start; Fastify, its plugins, pino and commander are CommonJS, which
 * an ES module imports only after Node's lexer has parsed each file for its export names.
 * Left external: native addons (better-sqlite3, argon2), packages loaded when first used (pg,
 * ioredis, Stripe, nodemailer, prom-client), and piscina, whose worker is a file of its own.
 */
const INLINED = new Set([
  'kysely',
  'fastify',
  '@fastify/cookie',
  '@fastify/helmet',
  '@fastify/static',
  '@fastify/swagger',
  'fastify-type-provider-zod',
  'zod',
  'pino',
  'commander',
]);

/** @param {string} outdir @returns {import('esbuild').BuildOptions} */
export function serverBuildOptions(outdir) {
  return {
    // The analytics pool's worker is an entry of its own: the pool starts dist/analytics-worker.js.
    entryPoints: {
      // dist/main.js turns on Node's compile cache, then loads the server (src/main.ts).
      main: 'src/start.ts',
      cli: 'src/cli/main.ts',
      'analytics-worker': 'src/modules/seasonality/pool/analytics-worker.ts',
      // An import's parsing thread (import/parse-ahead.ts) starts dist/import-parse-worker.js.
      'import-parse-worker': 'src/modules/market/import/parse-ahead-worker.ts',
    },
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    splitting: true,
    sourcemap: true,
    external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@solstice/') && !INLINED.has(name)),
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __solsticeCreateRequire } from 'node:module'; const require = __solsticeCreateRequire(import.meta.url);",
    },
  };
}
