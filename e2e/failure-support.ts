// Helpers of the failure tests (e2e/failure-*.e2e.test.ts): small generated datasets, a
// throw-away PostgreSQL database, the built CLI as a child process, and a TCP proxy that
// can cut the server off from PostgreSQL and let it back.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../apps/server/src/testing/postgres-admin.mjs';
import { runNode } from '../apps/server/src/testing/server-process.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
export const CLI = path.join(ROOT, 'apps/server/bin/solstice.js');
export const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Set by test/global-setup.ts when PostgreSQL answered. */
export function postgresAvailable(): boolean {
  return process.env.SOLSTICE_TEST_POSTGRES === '1';
}

export interface Fixture {
  dir: string;
  /** symbol → number of bars in its file */
  rows: Map<string, number>;
  /** symbol → the close of its last bar */
  lastClose: Map<string, number>;
  lastDate: string;
  total: number;
  remove(): void;
}

/**
 * Writes `files` daily CSVs (Date,Open,High,Low,Close,Volume; the symbol is the file name)
 * of `bars` weekdays each from 1990-01-01, with valid OHLC, into a fresh directory.
 */
export function writeFixture(files: number, bars: number, prefix = 'FX'): Fixture {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-failure-'));
  const rows = new Map<string, number>();
  const lastClose = new Map<string, number>();
  let lastDate = '';
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let f = 0; f < files; f++) {
    const symbol = `${prefix}${String(f).padStart(3, '0')}`;
    const lines = ['Date,Open,High,Low,Close,Volume'];
    let price = 20 + f;
    let day = Date.UTC(1990, 0, 1);
    for (let i = 0; i < bars; i++) {
      while ([0, 6].includes(new Date(day).getUTCDay())) day += 86_400_000;
      const open = price;
      price = Math.max(1, Math.round(price * (1 + (random() - 0.5) * 0.04) * 100) / 100);
      const high = Math.max(open, price) + 0.5;
      const low = Math.max(0.01, Math.min(open, price) - 0.5);
      lastDate = new Date(day).toISOString().slice(0, 10);
      lines.push(`${lastDate},${open},${high},${low},${price},${1000 + i}`);
      day += 86_400_000;
    }
    fs.writeFileSync(path.join(dir, `${symbol}.csv`), `${lines.join('\n')}\n`);
    rows.set(symbol, bars);
    lastClose.set(symbol, price);
  }
  return {
    dir,
    rows,
    lastClose,
    lastDate,
    total: files * bars,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export interface CliRun {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed) and the output. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/** Starts the built CLI (`solstice ARGS --db URL --json`) as a child process. */
export function runCli(args: string[], databaseUrl: string): CliRun {
  if (!fs.existsSync(path.join(ROOT, 'apps/server/dist/cli.js'))) {
    throw new Error('apps/server/dist/cli.js is missing: run `npm run build` first');
  }
  const { child, exited } = runNode([CLI, ...args, '--db', databaseUrl, '--json'], {
    cwd: ROOT,
    // PostgreSQL's market snapshot would go to the repository's data/ (the servers of these
    // tests keep theirs in their own temp dirs): none for the command line here.
    env: { ...process.env, ...(databaseUrl.startsWith('postgres') ? { MARKET_SNAPSHOT: 'false' } : {}) },
  });
  return { child, done: exited };
}

export interface ScratchPostgres {
  /** DATABASE_URL of the fresh database */
  url: string;
  name: string;
  /** A DATABASE_URL of the same database through another host:port (a proxy). */
  urlVia(port: number): string;
  drop(): Promise<void>;
}

/** A fresh PostgreSQL database (not a schema: the server and the CLI use the default search_path). */
export async function createScratchPostgres(): Promise<ScratchPostgres> {
  const name = `solstice_failure_${randomBytes(5).toString('hex')}`;
  const { url, drop } = await createPostgresDatabase(POSTGRES_URL, name);
  return {
    url,
    name,
    urlVia: (port) => {
      const via = new URL(url);
      via.hostname = '127.0.0.1';
      via.port = String(port);
      return via.toString();
    },
    drop,
  };
}

/**
 * A TCP proxy on 127.0.0.1 to PostgreSQL. `cut()` stops listening and drops every open
 * connection (to the server it looks like PostgreSQL went away); `restore()` listens again
 * on the same port.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<number> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
    return this.port;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async restore(): Promise<void> {
    await this.start(this.port);
  }

  get openConnections(): number {
    return this.sockets.size;
  }
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = undefined;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** fetch with the session cookie and, for writes, the same-origin header the origin check wants. */
export async function api(
  base: string,
  method: string,
  pathname: string,
  cookie: string | null,
  body?: unknown,
): Promise<{ status: number; json: unknown; setCookie: string[] }> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers.origin = base;
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json, setCookie: res.headers.getSetCookie() };
}

export function cookieOf(setCookie: string[]): string {
  return setCookie.map((c) => c.split(';')[0]).join('; ');
}

/**
 * Signs `username` up through the API (as <username>@solstice.test) and answers its session's
 * Cookie header; throws unless the signup is a 201.
 */
export async function signUpCookie(base: string, username: string): Promise<string> {
  const account = { email: `${username}@solstice.test`, username, password: 'a-long-password-1' };
  const signup = await api(base, 'POST', '/api/auth/signup', null, account);
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${JSON.stringify(signup.json)}`);
  return cookieOf(signup.setCookie);
}
