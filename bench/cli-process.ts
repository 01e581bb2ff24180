// The built `solstice` CLI run as a child process, for the benches that time it whole.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** Wall time of the whole process, start-up included. */
  seconds: number;
}

/**
 * Runs `cli` (a built CLI's path) with `args` from the repository's root, logging at warn.
 * Asynchronous, so that a bench can serve a fake provider in its own process meanwhile.
 */
export function runCli(cli: string, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr, seconds: (performance.now() - t0) / 1000 }));
  });
}
