// Two server processes on one PostgreSQL database (a deployment behind a load balancer):
// a session made on one is valid on the other, watchlists written through one are read
// through the other, and an import through one (or the command line) refreshes the other's
// analytics cache (LISTEN/NOTIFY in modules/market/market-events.ts) without a restart.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.js';
import {
  api,
  cookieOf,
  createScratchPostgres,
  postgresAvailable,
  runCli,
  signUpCookie,
  waitFor,
  writeFixture,
  type Fixture,
  type ScratchPostgres,
} from './failure-support.js';

const ADMIN = { email: 'admin@solstice.test', password: 'admin-password-123' };

interface Indicators {
  symbol: string;
  asOf: string;
  close: number;
}

describe.runIf(postgresAvailable())('two server processes on one PostgreSQL', () => {
  let scratch: ScratchPostgres;
  let a: RunningServer;
  let b: RunningServer;
  let fixture: Fixture;
  beforeAll(async () => {
    scratch = await createScratchPostgres();
    fixture = writeFixture(3, 300, 'TWO');
    // One after the other: the first start migrates the empty database.
    const env = {
      DATABASE_URL: scratch.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      IMPORT_DIR: fixture.dir,
    };
    a = await startServer(env);
    b = await startServer(env);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    fixture?.remove();
    await scratch?.drop();
  });

  it('share sessions and watchlists', async () => {
    const cookie = await signUpCookie(a.url, 'both');
    const meA = await api(a.url, 'GET', '/api/me', cookie);
    const meB = await api(b.url, 'GET', '/api/me', cookie);
    expect(meB.status).toBe(200);
    expect(meB.json).toEqual(meA.json);

    const created = await api(a.url, 'POST', '/api/v1/watchlists', cookie, {
      name: 'Shared',
      symbols: [{ sym: 'TWO000' }, { sym: 'TWO001' }],
    });
    expect(created.status).toBe(201);
    const id = (created.json as { data: { id: number } }).data.id;
    const onB = await api(b.url, 'GET', `/api/v1/watchlists/${id}`, cookie);
    expect(onB.status).toBe(200);
    expect(onB.json).toEqual(created.json);

    const replaced = await api(b.url, 'PUT', `/api/v1/watchlists/${id}`, cookie, {
      name: 'Shared',
      symbols: [{ sym: 'TWO002' }],
    });
    expect(replaced.status).toBe(200);
    const onA = await api(a.url, 'GET', `/api/v1/watchlists/${id}`, cookie);
    expect(onA.json).toEqual(replaced.json);

    // Signing out through B ends the session on A too.
    expect((await api(b.url, 'POST', '/api/auth/logout', cookie)).status).toBe(204);
    expect((await api(a.url, 'GET', '/api/me', cookie)).status).toBe(401);
  });

  it("an import through one refreshes the other's analytics cache", async () => {
    const login = await api(a.url, 'POST', '/api/auth/login', null, { login: ADMIN.email, password: ADMIN.password });
    expect(login.status).toBe(200);
    const cookie = cookieOf(login.setCookie);
    for (const s of [a, b]) expect((await api(s.url, 'GET', '/api/v1/indicators/TWO001', cookie)).status).toBe(404);

    // Through A's admin endpoint: A reloads itself, B hears NOTIFY and reloads.
    const imported = await api(a.url, 'POST', '/api/v1/admin/import', cookie, { paths: ['.'] });
    expect(imported.status, JSON.stringify(imported.json)).toBe(200);
    expect(imported.json).toMatchObject({ files: 3, inserted: fixture.total, updated: 0 });
    const expected = { symbol: 'TWO001', asOf: fixture.lastDate, close: fixture.lastClose.get('TWO001') };
    const readBoth = async () =>
      Promise.all(
        [a, b].map(async (s) => {
          const r = await api(s.url, 'GET', '/api/v1/indicators/TWO001', cookie);
          if (r.status !== 200) return undefined;
          const { symbol, asOf, close } = r.json as Indicators;
          return { symbol, asOf, close };
        }),
      );
    const both = await waitFor('both caches to have TWO001', async () => {
      const r = await readBoth();
      return r.every((x) => x !== undefined) ? r : undefined;
    });
    expect(both).toEqual([expected, expected]);

    // A correction of the last close imported by the command line (a third process) reaches both.
    const file = path.join(fixture.dir, 'TWO001.csv');
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    const last = lines[lines.length - 1]!.split(',');
    const corrected = Number(last[4]) + 1;
    last[2] = String(Math.max(Number(last[2]), corrected)); // high stays ≥ close
    last[4] = String(corrected);
    lines[lines.length - 1] = last.join(',');
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    const again = await runCli(['import', file], scratch.url).done;
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ inserted: 0, updated: 1 });
    const updated = await waitFor('both caches to see the corrected close', async () => {
      const r = await readBoth();
      return r.every((x) => x?.close === corrected) ? r : undefined;
    });
    expect(updated).toEqual([
      { ...expected, close: corrected },
      { ...expected, close: corrected },
    ]);
  });
});
