import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, healthResponseSchema } from '@solstice/contracts';
import { createTestApp, withTestApp, type TestApp } from '../testing/test-app.js';
import { testDialects } from '../testing/test-databases.js';
import { useTestApp } from '../testing/test-fixtures.js';
import { flatBar, insertBars, instrumentRow } from '../testing/market-fixtures.js';
import { signedInUser } from '../testing/auth-helpers.js';
import { writeWebDist } from '../testing/web-dist.js';

describe.each(testDialects())('the HTTP shell on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('reports health with a null asOf on an empty store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = healthResponseSchema.parse(res.json());
    expect(body).toEqual({ status: 'ok', version: t.services.version, database: dialect, asOf: null });
  });

  it('reports the date of the latest bar as asOf', async () => {
    const db = t.database.db;
    await db
      .insertInto('instruments')
      .values(instrumentRow('ZZZ', { name: 'Test', synthetic: 1 }))
      .execute();
    await insertBars(db, [flatBar('ZZZ', '2020-01-02', 1, 10), flatBar('ZZZ', '2020-01-03', 1, 10)]);
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().asOf).toBe('2020-01-03');
    await db.deleteFrom('bar_chunks').execute();
    await db.deleteFrom('instruments').execute();
  });

  it('answers unknown API paths with the error shape and 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    const body = errorResponseSchema.parse(res.json());
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toBe('No such endpoint: GET /api/nope');
  });

  it('sets security headers with a Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('turns bad JSON into a 400 with the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect([400, 404]).toContain(res.statusCode);
    errorResponseSchema.parse(res.json());
  });
});

describe('serving the built web app', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = writeWebDist('solstice-web-');
    t = await createTestApp('sqlite', { WEB_DIST: dir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('falls back to index.html for client routes (history mode)', async () => {
    // Pages other than / need a session (the gate is tested in modules/auth).
    const { cookie } = await signedInUser(t);
    for (const url of ['/', '/seasonality/pattern', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url, headers: url === '/' ? {} : { cookie } });
      // A path that names no page is the same page with status 404 (app/page-routes.ts).
      expect(res.statusCode).toBe(url === '/no/such/page' ? 404 : 200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Solstice</title>');
    }
  });

  it('writes the operator’s default language and time zone into the page (no request before the first render)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain(
      '<meta name="solstice-default-language" content="en"><meta name="solstice-default-time-zone" content="Europe/Istanbul">',
    );
    await withTestApp(
      'sqlite',
      { WEB_DIST: dir, DEFAULT_LANGUAGE: 'tr', DEFAULT_TIME_ZONE: 'UTC' },
      async (turkish) => {
        const page = await turkish.app.inject({ method: 'GET', url: '/' });
        expect(page.body).toContain('<meta name="solstice-default-language" content="tr">');
        expect(page.body).toContain('<meta name="solstice-default-time-zone" content="UTC">');
      },
    );
  });

  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('never falls back to HTML under /api', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});
