// The built command line (apps/server/bin/solstice.js) as an operator runs it, against a
// test's database: its --json answer, parsed.
import path from 'node:path';
import { runNode } from '../../apps/server/src/testing/server-process.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SOLSTICE_CLI = path.join(ROOT, 'apps/server/bin/solstice.js');

/**
 * Runs `solstice <args> --json --db <databaseUrl>` and resolves with its JSON output; rejects
 * with the command, its exit code and its output when it fails.
 */
export async function solsticeJson<T>(databaseUrl: string, args: readonly string[]): Promise<T> {
  const { code, stdout, stderr } = await runNode([SOLSTICE_CLI, ...args, '--json', '--db', databaseUrl], {
    cwd: ROOT,
    env: { ...process.env, SEED_ON_EMPTY: 'false', LOG_LEVEL: 'warn' },
  }).exited;
  const command = `solstice ${args.join(' ')}`;
  if (code !== 0) throw new Error(`${command} exited with ${code}:\n${stderr}\n${stdout}`);
  try {
    return JSON.parse(stdout) as T;
  } catch (error) {
    throw new Error(`${command} did not print JSON (${(error as Error).message}):\n${stdout}\n${stderr}`);
  }
}
