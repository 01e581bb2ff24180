import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import nodeModule from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DialectName } from './db/database.js';
import { scratchDatabase } from './testing/scratch-database.js';
import { serverBundle } from './testing/server-bundle.js';
import { spawnServer, type ServerProcess } from './testing/server-process.mjs';
import { afterEach, describe, expect, it } from 'vitest';
import { testDialects } from './testing/test-databases.js';
import { WARM_UP_AFTER_START_MS } from './modules/seasonality/pool/warm-up.js';

/**
 * The server as operators run it: a real process (src/main.ts bundled as `npm run build` does,
 * from the sources as they are: testing/server-bundle.ts), stopped with SIGTERM while it works.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  return spawnServer({
    main: serverBundle().main,
    cwd: ROOT,
    env: {
      DATABASE_URL: databaseUrl,
      // A first install on SQLite: production refuses to create the file unless told to.
      CREATE_DATABASE: 'true',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    timeoutMs: 60_000,
  });
}

/** Steps to run after each test of the block, the last registered first. */
function cleanupAfterEach(): (() => Promise<void>)[] {
  const steps: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of steps.splice(0).reverse()) await step();
  });
  return steps;
}

/** startServer on a scratch database; after the test the server is killed if it still runs, then the database dropped. */
async function startOnScratch(
  cleanup: (() => Promise<void>)[],
  dialect: DialectName,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const db = await scratchDatabase(dialect, 'sigterm');
  cleanup.push(db.drop);
  const server = await startServer(db.url, env);
  cleanup.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  });
  return server;
}

/**
 * A request whose headers and first half of body are sent now, the rest when told: it is
 * accepted and in flight (routed, waiting for its body) until then.
 */
function slowSignup(port: number) {
  const id = randomBytes(4).toString('hex');
  const body = JSON.stringify({
    email: `slow-${id}@example.com`,
    username: `slow_${id}`,
    password: `Quiet-Harbor-${id}-91`,
  });
  const socket = net.connect({ host: '127.0.0.1', port });
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  const response = new Promise<string>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', resolve));
  const half = Math.floor(body.length / 2);
  return {
    async start() {
      await connected;
      socket.write(
        [
          'POST /api/auth/signup HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          `Origin: http://127.0.0.1:${port}`,
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(body)}`,
          'Connection: keep-alive',
          '',
          body.slice(0, half),
        ].join('\r\n'),
      );
    },
    finish() {
      socket.write(body.slice(half));
      return response;
    },
  };
}

type Outcome =
  | { kind: 'answered'; status: number; afterSignal: boolean }
  /** The connection failed before any answer (refused, or an idle keep-alive closed under it). */
  | { kind: 'unanswered'; afterSignal: boolean; error: string }
  /** An answer began and was cut off: an accepted request that failed. */
  | { kind: 'cut'; status: number; error: string };

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe.each(testDialects())('SIGTERM on %s', (dialect) => {
  const cleanup = cleanupAfterEach();

  it('stops accepting, finishes accepted requests under load, closes the database and exits 0', async () => {
    const server = await startOnScratch(cleanup, dialect);

    let signalled = false;
    let loadRunning = true;
    const outcomes: Outcome[] = [];
    const load = async () => {
      while (loadRunning) {
        const afterSignal = signalled;
        let status = 0;
        try {
          const res = await fetch(`${server.url}/api/health`);
          status = res.status;
          await res.text();
          outcomes.push({ kind: 'answered', status, afterSignal });
        } catch (error) {
          const message = String((error as Error & { cause?: unknown }).cause ?? error);
          outcomes.push(
            status ? { kind: 'cut', status, error: message } : { kind: 'unanswered', afterSignal, error: message },
          );
          if (/ECONNREFUSED/.test(message)) return;
        }
      }
    };
    const loaders = Array.from({ length: 4 }, load);
    await new Promise((r) => setTimeout(r, 300));

    const slow = [slowSignup(server.port), slowSignup(server.port), slowSignup(server.port)];
    for (const request of slow) await request.start();
    await new Promise((r) => setTimeout(r, 300));

    const signalledAt = Date.now();
    signalled = true;
    server.child.kill('SIGTERM');

    // While the slow requests are still in flight: no new connection is taken.
    let refused = false;
    for (let i = 0; i < 50 && !refused; i++) {
      refused = await connectionRefused(server.port);
      if (!refused) await new Promise((r) => setTimeout(r, 20));
    }
    expect(refused, 'new connections are refused once SIGTERM arrived').toBe(true);
    expect(server.child.exitCode, 'the process waits for the requests in flight').toBeNull();
    await new Promise((r) => setTimeout(r, 500));
    expect(server.child.exitCode, 'still waiting half a second later').toBeNull();

    const answers = await Promise.all(slow.map((request) => request.finish()));
    for (const answer of answers) {
      expect(answer, answer.slice(0, 300)).toMatch(/^HTTP\/1\.1 201 /);
      expect(answer.toLowerCase()).toContain('connection: close');
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(body)).toMatchObject({ data: { username: expect.stringMatching(/^slow_/) } });
    }

    const exit = await server.exited;
    loadRunning = false;
    await Promise.all(loaders);
    expect(exit, server.output()).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalledAt).toBeLessThan(10_000);
    expect(server.output()).toContain('SIGTERM: stopped');
    expect(await connectionRefused(server.port)).toBe(true);

    const before = outcomes.filter((o) => o.kind !== 'cut' && !o.afterSignal);
    expect(before.length).toBeGreaterThan(20);
    expect(before.every((o) => o.kind === 'answered' && o.status === 200)).toBe(true);
    // No request that got an answer lost it, and every answer is a 200 or the draining 503.
    expect(outcomes.filter((o) => o.kind === 'cut')).toEqual([]);
    const statuses = new Set(outcomes.flatMap((o) => (o.kind === 'answered' ? [o.status] : [])));
    expect(
      [...statuses].every((s) => s === 200 || s === 503),
      [...statuses].join(),
    ).toBe(true);
  }, 90_000);
});

// The bound is the process's own, whatever the database: one dialect shows it.
describe('SIGTERM past SHUTDOWN_TIMEOUT_MS', () => {
  const dialect = 'sqlite' as const;
  const cleanup = cleanupAfterEach();

  it('quits with 1 when a request outlasts SHUTDOWN_TIMEOUT_MS', async () => {
    const server = await startOnScratch(cleanup, dialect, { SHUTDOWN_TIMEOUT_MS: '1000' });
    const stuck = slowSignup(server.port);
    await stuck.start();
    await new Promise((r) => setTimeout(r, 200));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit.code, server.output()).toBe(1);
    expect(exit.at - signalledAt).toBeGreaterThanOrEqual(900);
    expect(exit.at - signalledAt).toBeLessThan(5000);
    expect(server.output()).toContain('still busy after 1000 ms (SHUTDOWN_TIMEOUT_MS)');
  }, 60_000);
});

describe('the analytics warm-up at start', () => {
  const cleanup = cleanupAfterEach();

  it('runs once the server listens, not before (the workers do not compete with the start)', async () => {
    // SEED_ON_EMPTY: a first start with the built-in sample market, so there is something to warm.
    const server = await startOnScratch(cleanup, 'sqlite', { SEED_ON_EMPTY: 'true' });
    const deadline = Date.now() + 30_000;
    while (!server.output().includes('analytics: warmed up in') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const output = server.output();
    const listening = output.indexOf('Server listening at');
    expect(listening, output).toBeGreaterThanOrEqual(0);
    expect(output.indexOf('analytics: warming up'), output).toBeGreaterThan(listening);
    expect(output.indexOf('analytics: warmed up in'), output).toBeGreaterThan(listening);
  }, 60_000);
});

describe("Node's compile cache", () => {
  const cleanup = cleanupAfterEach();
  // Node 22.1 and later have it; Node 20 has not, and the server starts as before there.
  const nodeHasIt = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function';

  it(`keeps the compiled server in the cache once it has started, even if it is then killed (${process.version}: ${nodeHasIt ? 'has one' : 'none'})`, async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-compile-cache-'));
    cleanup.push(async () => fs.rmSync(tmp, { recursive: true, force: true }));
    // The server's temp folder: Node's default place for the cache (NODE_COMPILE_CACHE unset).
    const server = await startOnScratch(cleanup, 'sqlite', { TMPDIR: tmp });
    const cache = path.join(tmp, 'node-compile-cache');
    const entries = () => (fs.existsSync(cache) ? fs.readdirSync(cache, { recursive: true }) : []);
    // Written a second after the start (with the analytics warm-up), while the server runs.
    const deadline = Date.now() + (nodeHasIt ? 20_000 : WARM_UP_AFTER_START_MS + 1500);
    while (Date.now() < deadline && entries().length < 2) await new Promise((r) => setTimeout(r, 100));
    server.child.kill('SIGKILL');
    await server.exited;
    if (nodeHasIt) expect(entries().length, 'files in the compile cache').toBeGreaterThan(1);
    else expect(entries()).toEqual([]);
  }, 60_000);
});
