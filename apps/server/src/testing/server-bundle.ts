import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { runNode, type NodeRun } from './server-process.mjs';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's server bundle (testing/server-bundle.global-setup.ts). */
    solsticeServerBundle: string;
  }
}

/**
 * The server (`main`) and the command line (`cli`) bundled from the current sources at the
 * start of this test run, for tests that start them as real processes:
 * `spawn(process.execPath, [serverBundle().cli, ...args])` is `solstice ...args`.
 */
export function serverBundle(): { main: string; cli: string } {
  const dir = inject('solsticeServerBundle');
  if (!dir) throw new Error('no server bundle: run the tests through the server project of vitest.config.ts');
  return { main: path.join(dir, 'main.js'), cli: path.join(dir, 'cli.js') };
}

/** `solstice ...args` from the bundle in a child process at the repository root, logging nothing. */
export function runBundledCli(args: readonly string[]): NodeRun {
  return runNode([serverBundle().cli, ...args], {
    cwd: REPO,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  });
}
