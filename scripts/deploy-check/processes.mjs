// Commands and long-running processes of the deploy check, run from the repository's root.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { clearTimeout } from 'node:timers';
import { ROOT } from './options.mjs';
import { CheckFailed, seconds } from './report.mjs';

export const which = (name, extra = []) =>
  [...(process.env.PATH ?? '').split(':').map((d) => path.join(d, name)), ...extra].find((p) => fs.existsSync(p));

export function run(command, argv, env, what) {
  const result = spawnSync(command, argv, { cwd: ROOT, env, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new CheckFailed(`${what} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

export async function waitFor(what, probe, timeoutMs, proc) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc && proc.child.exitCode !== null) throw new CheckFailed(`${what}: the process exited:\n${proc.log()}`);
    try {
      if (await probe()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline)
      throw new CheckFailed(`${what}: not within ${seconds(timeoutMs)}${proc ? `\n${proc.log()}` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function startProcess(name, command, argv, env, logFile) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, argv, { cwd: ROOT, env, stdio: ['ignore', out, out] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { name, child, exited, log: () => fs.readFileSync(logFile, 'utf8').slice(-4000) };
}

export async function stopProcess(proc, signal = 'SIGTERM', timeoutMs = 15_000) {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return proc ? proc.exited : null;
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), timeoutMs);
  const result = await proc.exited;
  clearTimeout(timer);
  return result;
}
