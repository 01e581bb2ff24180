// Bundles the server and the command line into dist/, with the workspace packages inlined
// (they are TypeScript sources) and every npm dependency left external.
import { build } from 'esbuild';
import { serverBuildOptions } from './build-options.mjs';

await build(serverBuildOptions('dist'));
