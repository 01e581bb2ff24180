// Vitest globalSetup of the server project: bundles the server and the command line from the
// sources as they are now, once per run, for the tests that start them as real processes
// (testing/server-bundle.ts). A child process started from the bundle is ready in a fraction
// of what `node --import tsx src/...` takes, which transforms every module on each start.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { serverBuildOptions } from '../../build-options.mjs';
import type { TestProject } from 'vitest/node';

const SERVER = path.resolve(import.meta.dirname, '../..');

/** The bundle of apps/server/build.mjs (build-options.mjs), written to `outdir`. */
async function bundle(outdir: string): Promise<void> {
  await build({ ...serverBuildOptions(outdir), absWorkingDir: SERVER });
}

export default async function setup(project: TestProject): Promise<() => void> {
  // Inside apps/server/node_modules: the bundle's npm imports resolve as they do from dist/
  // (the server's own better-sqlite3 first), and git, ESLint and Prettier ignore it. One
  // folder per run, so runs side by side never share one.
  const cache = path.join(SERVER, 'node_modules/.cache/solstice-test-server');
  fs.mkdirSync(cache, { recursive: true });
  // What a killed run left behind (its teardown never ran), a day on.
  for (const entry of fs.readdirSync(cache)) {
    const dir = path.join(cache, entry);
    const stat = fs.statSync(dir, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > 86_400_000) fs.rmSync(dir, { recursive: true, force: true });
  }
  const outdir = fs.mkdtempSync(path.join(cache, 'run-'));
  await bundle(outdir);
  // Read by serverBundle() (testing/server-bundle.ts), which declares the key's type.
  project.provide('solsticeServerBundle', outdir);
  // Watch mode: a rerun starts processes from the sources as they are then.
  project.onTestsRerun(async () => {
    fs.rmSync(outdir, { recursive: true, force: true });
    await bundle(outdir);
  });
  return () => fs.rmSync(outdir, { recursive: true, force: true });
}
