import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  port: number;
  databaseUrl: string;
  output: () => string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server (apps/server/dist) as a real process on a free port with its own
 * SQLite file unless DATABASE_URL is given, and waits until /api/health answers.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const main = path.join(ROOT, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-e2e-'));
  const databaseUrl = env.DATABASE_URL ?? `file:${path.join(dir, 'e2e.sqlite')}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_ON_EMPTY: 'false',
      // Each test's database is a new file (production refuses to create one unless told to).
      CREATE_DATABASE: 'true',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The journey pays with the built-in test checkout (card 4242…).
      BILLING_TEST_MODE: 'true',
      // The market snapshot (PostgreSQL's too) in this run's folder, not the repository's data/.
      MARKET_SNAPSHOT_DIR: dir,
      ...env,
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    databaseUrl,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
