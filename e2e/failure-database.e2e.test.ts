// PostgreSQL going away: the built server answers 503 with a clear message instead of
// hanging or crashing, and recovers by itself when the database is back. The server reaches
// PostgreSQL through a TCP proxy on 127.0.0.1 that the test cuts and restores.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.js';
import {
  api,
  createScratchPostgres,
  postgresAvailable,
  POSTGRES_URL,
  signUpCookie,
  TcpProxy,
  waitFor,
  type ScratchPostgres,
} from './failure-support.js';

const UNAVAILABLE = {
  error: { code: 'service_unavailable', message: 'The database is unavailable; try again shortly.' },
};

describe.runIf(postgresAvailable())('the database going away (PostgreSQL through a proxy)', () => {
  let scratch: ScratchPostgres;
  let proxy: TcpProxy;
  let server: RunningServer;
  beforeAll(async () => {
    scratch = await createScratchPostgres();
    const target = new URL(POSTGRES_URL);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.start();
    server = await startServer({ DATABASE_URL: scratch.urlVia(port) });
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.cut();
    await scratch?.drop();
  });

  it('answers 503 while it is gone and recovers when it is back', async () => {
    const cookie = await signUpCookie(server.url, 'away');
    expect((await api(server.url, 'GET', '/api/health', null)).status).toBe(200);
    expect((await api(server.url, 'GET', '/api/me', cookie)).status).toBe(200);

    await proxy.cut();
    const health = await api(server.url, 'GET', '/api/health', null);
    expect({ status: health.status, json: health.json }).toEqual({ status: 503, json: UNAVAILABLE });
    // A signed-in request needs the session from the database: also 503, not 401 or 500.
    const me = await api(server.url, 'GET', '/api/me', cookie);
    expect({ status: me.status, json: me.json }).toEqual({ status: 503, json: UNAVAILABLE });
    const write = await api(server.url, 'POST', '/api/v1/watchlists', cookie, { name: 'While away' });
    expect({ status: write.status, json: write.json }).toEqual({ status: 503, json: UNAVAILABLE });

    await proxy.restore();
    await waitFor('health 200 after the database came back', async () =>
      (await api(server.url, 'GET', '/api/health', null)).status === 200 ? true : undefined,
    );
    // The session survived: the same cookie works, and writes go through again.
    const again = await api(server.url, 'GET', '/api/me', cookie);
    expect(again.status).toBe(200);
    expect(JSON.stringify(again.json)).toContain('away@solstice.test');
    const created = await api(server.url, 'POST', '/api/v1/watchlists', cookie, { name: 'After' });
    expect(created.status).toBe(201);
    // Still one process: it neither crashed nor restarted.
    expect(server.output()).not.toMatch(/could not start|uncaught/i);
  });
});
