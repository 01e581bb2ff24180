// The built command line (apps/server/bin/solstice.js) as an operator runs it, against a
// test's database: its --json answer, parsed.
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SOLSTICE_CLI = path.join(ROOT, 'apps/server/bin/solstice.js');

/**
 * Runs `solstice <args> --json --db <databaseUrl>` and resolves with its JSON output; rejects
 * with the command, its exit code and its output when it fails.
 */
export function solsticeJson<T>(databaseUrl: string, args: readonly string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SOLSTICE_CLI, ...args, '--json', '--db', databaseUrl], {
      cwd: ROOT,
      env: { ...process.env, SEED_ON_EMPTY: 'false', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      const command = `solstice ${args.join(' ')}`;
      if (code !== 0) return reject(new Error(`${command} exited with ${code}:\n${stderr}\n${stdout}`));
      try {
        resolve(JSON.parse(stdout) as T);
      } catch (error) {
        reject(new Error(`${command} did not print JSON (${(error as Error).message}):\n${stdout}\n${stderr}`));
      }
    });
  });
}
