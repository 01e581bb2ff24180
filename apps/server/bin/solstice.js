#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('solstice: the server is not built yet; run `npm run build` (or `npm start`) first.\n');
  process.exit(1);
}
await import(cli);
