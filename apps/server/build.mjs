// Bundles the server and the command line into dist/, with the workspace packages inlined
// (they are TypeScript sources) and every npm dependency left external. The chunks' names
// change with their contents: dist/ is emptied first so that old ones do not pile up.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { serverBuildOptions } from './build-options.mjs';

rmSync('dist', { recursive: true, force: true });
await build(serverBuildOptions('dist'));
