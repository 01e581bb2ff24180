import path from 'node:path';
import { inject } from 'vitest';

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
