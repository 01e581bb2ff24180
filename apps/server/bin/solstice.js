#!/usr/bin/env node
import { existsSync } from 'node:fs';
import nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('solstice: the server is not built yet; run `npm run build` (or `npm start`) first.\n');
  process.exit(1);
}
// Node 22.1+: the bundle's compiled code is kept in Node's compile cache (as the server does,
// src/start.ts); NODE_DISABLE_COMPILE_CACHE=1 turns it off.
nodeModule.enableCompileCache?.();
await import(cli);
