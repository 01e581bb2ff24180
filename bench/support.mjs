// Shared by bench/run.mjs and bench/soak.mjs: the built app as real processes on loopback.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer, stopProcess } from '../apps/server/src/testing/server-process.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DATA = path.resolve(
  ROOT,
  process.env.SHARED_DATA ?? path.join(ROOT, '..', 'shared', 'market-data', 'us-equities-eod'),
);
export const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');
export const CLI = path.join(ROOT, 'apps/server/bin/solstice.js');
export const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
export const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

export const ADMIN = { email: 'bench@solstice.test', password: 'bench-password-1234' };
/** A second admin: four concurrent scans need two users (two analytics jobs per user at once). */
export const ADMIN2 = { email: 'bench2@solstice.test', password: 'bench-password-5678' };

/** What the benchmarks need that `npm run build` makes; missing parts named. */
export function missingBuild() {
  const missing = [];
  if (!fs.existsSync(SERVER_MAIN)) missing.push('apps/server/dist/main.js');
  if (!fs.existsSync(path.join(ROOT, 'apps/server/dist/cli.js'))) missing.push('apps/server/dist/cli.js');
  if (!fs.existsSync(WEB_INDEX)) missing.push('apps/web/dist/index.html');
  return missing;
}

export function tempDir(prefix = 'solstice-bench-') {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export { freePort };

/** Runs the solstice CLI synchronously; returns { status, stdout, stderr, seconds }. */
export function cli(args, databaseUrl) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [CLI, ...args, '--db', databaseUrl, '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, seconds: (performance.now() - t0) / 1000 };
}

/** Imports the shared dataset into a fresh database; the CLI's report plus the wall time. */
export function importDataset(databaseUrl) {
  const r = cli(['import', DATA], databaseUrl);
  if (r.status !== 0) throw new Error(`import failed (${r.status}): ${r.stderr.slice(0, 2000)}`);
  const report = JSON.parse(r.stdout);
  return { report, seconds: r.seconds };
}

export function createAdmin(databaseUrl, who = ADMIN) {
  const r = cli(['user', 'create', '--admin', '--email', who.email, '--password', who.password], databaseUrl);
  if (r.status !== 0) throw new Error(`user create failed (${r.status}): ${r.stderr}`);
}

/**
 * Starts apps/server/dist/main.js and waits for /api/health to answer 200, polling every
 * 10 ms. Returns the process, its URL and the seconds from spawn to the first 200.
 */
export async function startServer(databaseUrl, env = {}) {
  const server = await spawnServer({
    main: SERVER_MAIN,
    cwd: ROOT,
    env: {
      LOG_LEVEL: 'warn',
      // The journey pays with the built-in test checkout (card 4242…).
      BILLING_TEST_MODE: 'true',
      DATABASE_URL: databaseUrl,
      ...env,
    },
    timeoutMs: 180_000,
    pollMs: 10,
  });
  const { child, url, port, seconds, output } = server;
  return { child, url, port, seconds, log: output, stop: () => stopProcess(child) };
}

/** Signs the bench admin in; returns the Cookie header value. */
export async function signIn(url, who = ADMIN) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: who.email, password: who.password }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return cookies.join('; ');
}

/** Resident set size and its peak of a process, in MB (Linux /proc). */
export function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss_mb: Math.round(kb('VmRSS') / 1024), peak_mb: Math.round(kb('VmHWM') / 1024) };
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpu_model: cpus[0]?.model ?? 'unknown',
    memory_gb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    load_average_1m: Math.round(os.loadavg()[0] * 100) / 100,
  };
}

/** Runs a TypeScript benchmark that prints one JSON line; returns the parsed object. */
export function runTsBench(file, env = {}) {
  const r = spawnSync(TSX, [path.join(ROOT, 'bench', file)], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`${file} failed (${r.status}):\n${r.stderr.slice(-4000)}`);
  const line = r.stdout.trim().split('\n').filter(Boolean).pop();
  return JSON.parse(line);
}
