import type { BuildOptions } from 'esbuild';

/** The esbuild options of the server bundle, written to `outdir` (build-options.mjs). */
export function serverBuildOptions(outdir: string): BuildOptions;
