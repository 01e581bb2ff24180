// Issue 18: the built server (apps/server/dist) runs seasonality scans in its worker pool
// (dist/analytics-worker.js, a build entry of its own), and answers exactly what the
// built command line computes in process on the same database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, writeFixture, type Fixture } from './failure-support.js';
import { startServer, type RunningServer } from './support/server.js';
import { loginCookie } from './support/accounts.js';

const ADMIN = { email: 'pool@solstice.test', password: 'pool-password-1234' };

describe('the built server: scans in the analytics pool', () => {
  let fixture: Fixture;
  let dir: string;
  let databaseUrl: string;
  let server: RunningServer;
  let cookie: string;
  beforeAll(async () => {
    // 40 symbols: enough that a scan is split over the threads (at least 16 a thread).
    fixture = writeFixture(40, 3200, 'PL');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-pool-'));
    databaseUrl = `file:${path.join(dir, 'pool.sqlite')}`;
    const imported = await runCli(['import', fixture.dir], databaseUrl).done;
    expect(imported.code, imported.stderr).toBe(0);
    const admin = await runCli(
      ['user', 'create', '--admin', '--email', ADMIN.email, '--password', ADMIN.password],
      databaseUrl,
    ).done;
    expect(admin.code, admin.stderr).toBe(0);
    server = await startServer({ DATABASE_URL: databaseUrl });
    cookie = await loginCookie(server, ADMIN);
  });
  afterAll(async () => {
    await server?.stop();
    fixture?.remove();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const scan = (body: object) =>
    fetch(`${server.url}/api/v1/seasonality/scan`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers a scan exactly as the command line computes it in process', async () => {
    const res = await scan({
      startFrom: '01-01',
      startTo: '12-31',
      minDays: 1,
      maxDays: 30,
      direction: 'both',
      minYears: 5,
    });
    expect(res.status, server.output()).toBe(200);
    const answer = (await res.json()) as { results: { symbol: string }[]; tested: number };
    expect(answer.results).toHaveLength(40);
    expect(answer.tested).toBeGreaterThan(0);
    const cli = await runCli(
      [
        'seasonality',
        'scan',
        '--start-from',
        '01-01',
        '--start-to',
        '12-31',
        '--min-days',
        '1',
        '--max-days',
        '30',
        '--direction',
        'both',
        '--min-years',
        '5',
      ],
      databaseUrl,
    ).done;
    expect(cli.code, cli.stderr).toBe(0);
    expect(answer).toEqual(JSON.parse(cli.stdout));
  });
});
