// Bundles the server and the command line into dist/, with the workspace packages inlined
// (they are TypeScript sources) and every npm dependency left external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@solstice/'));

await build({
  // The analytics pool's worker is an entry of its own: the pool starts dist/analytics-worker.js.
  entryPoints: {
    main: 'src/main.ts',
    cli: 'src/cli/main.ts',
    'analytics-worker': 'src/modules/seasonality/pool/analytics-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  splitting: true,
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __solsticeCreateRequire } from 'node:module'; const require = __solsticeCreateRequire(import.meta.url);",
  },
});
