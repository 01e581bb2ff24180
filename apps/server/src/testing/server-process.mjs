// The built server as a real process on loopback, for the tests that start one (main.test.ts,
// e2e/support/server.ts) and for bench/support.mjs and scripts/deploy-check.mjs. Plain
// JavaScript (types in server-process.d.mts) so that `node bench/run.mjs` can import it too.
// Also `runNode`: the built command line as a child process, its output collected.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { performance } from 'node:perf_hooks';

/** A TCP port that is free on 127.0.0.1 now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Spawns `main` in production mode on a free port (PUBLIC_URL its loopback URL, no seeding,
 * then `env` over that) and waits until /api/health answers 200, polling every `pollMs`;
 * on a timeout the process is killed. Returns the process, its port and URL, all it wrote,
 * when it exits, and the seconds from spawn to the first 200.
 */
export async function spawnServer({ main, cwd, env = {}, timeoutMs = 120_000, pollMs = 100 }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const t0 = performance.now();
  const child = spawn(process.execPath, [main], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      SEED_ON_EMPTY: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (log += d.toString()));
  child.stderr.on('data', (d) => (log += d.toString()));
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /api/health in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  return { child, port, url, output: () => log, exited, seconds: (performance.now() - t0) / 1000 };
}

/**
 * Runs `node ...args` (a CLI, typically) with its output collected; `exited` resolves when it
 * has closed its output, rejects when it could not start. `stderr()` is what it wrote so far.
 */
export function runNode(args, { cwd, env }) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d.toString()));
  child.stderr.on('data', (d) => (stderr += d.toString()));
  const exited = new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, exited, stderr: () => stderr };
}

/** SIGTERM, then SIGKILL if the process has not exited within 5 s. */
export async function stopProcess(child) {
  // A process ended by a signal has no exit code, only a signal code.
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  if (ended()) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (!ended()) child.kill('SIGKILL');
}
