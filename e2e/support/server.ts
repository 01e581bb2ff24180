import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer, stopProcess } from '../../apps/server/src/testing/server-process.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  port: number;
  databaseUrl: string;
  output: () => string;
  stop(): Promise<void>;
}

export { freePort };

/**
 * Starts the built server (apps/server/dist) as a real process on a free port with its own
 * SQLite file unless DATABASE_URL is given, and waits until /api/health answers.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const main = path.join(ROOT, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-e2e-'));
  const databaseUrl = env.DATABASE_URL ?? `file:${path.join(dir, 'e2e.sqlite')}`;
  const { child, port, url, output } = await spawnServer({
    main,
    cwd: ROOT,
    env: {
      LOG_LEVEL: 'warn',
      // Each test's database is a new file (production refuses to create one unless told to).
      CREATE_DATABASE: 'true',
      // The journey pays with the built-in test checkout (card 4242…).
      BILLING_TEST_MODE: 'true',
      // The market snapshot (PostgreSQL's too) in this run's folder, not the repository's data/.
      MARKET_SNAPSHOT_DIR: dir,
      ...env,
      DATABASE_URL: databaseUrl,
    },
  });
  return {
    url,
    port,
    databaseUrl,
    output,
    stop: async () => {
      await stopProcess(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
