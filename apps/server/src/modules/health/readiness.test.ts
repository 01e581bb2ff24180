import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  errorResponseSchema,
  healthResponseSchema,
  notReadyDetailsSchema,
  readyResponseSchema,
} from '@solstice/contracts';
import type { Database } from '../../db/schema.js';
import { testDialects } from '../../testing/test-databases.js';
import { useLiveServer } from '../../testing/test-fixtures.js';
import { buildApp } from '../../app/app.js';
import { insertBars, instrumentRow } from '../../testing/market-fixtures.js';
import { latestBarOf } from './readiness.js';

const DAY = 86_400_000;
const isoDaysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

describe.each(testDialects())('GET /api/ready on %s', (dialect) => {
  const live = useLiveServer(dialect, { scope: 'each' });

  async function loadBars(latest: string) {
    const db = live.services.database.db;
    await db
      .insertInto('instruments')
      .values(instrumentRow('SPY', { name: 'SPDR S&P 500', type: 'etf', updated_at: Date.now() }))
      .execute();
    await insertBars(db, [
      { symbol: 'SPY', date: '2024-01-02', open: 1, high: 2, low: 1, close: 2, volume: 10 },
      { symbol: 'SPY', date: latest, open: 2, high: 3, low: 2, close: 3, volume: 10 },
    ]);
    await live.services.market.reload();
  }

  async function notReady() {
    const res = await fetch(`${live.baseUrl}/api/ready`);
    expect(res.status).toBe(503);
    const body = errorResponseSchema.parse(await res.json());
    expect(body.error.code).toBe('service_unavailable');
    return { message: body.error.message, details: notReadyDetailsSchema.parse(body.error.details) };
  }

  it('is 503 without market data while /api/health (liveness) stays 200', async () => {
    const health = await fetch(`${live.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(healthResponseSchema.parse(await health.json()).status).toBe('ok');

    const { message, details } = await notReady();
    expect(message).toMatch(/^Not ready: market: no market data loaded/);
    expect(details.checks.map((c) => [c.name, c.ok])).toEqual([
      ['database', true],
      ['migrations', true],
      ['market', false],
    ]);
    expect(details.latestBar).toEqual({ asOf: null, ageCalendarDays: null });
  });

  it('is 200 with the age of the latest bar in calendar days once data is loaded', async () => {
    const latest = isoDaysAgo(3);
    await loadBars(latest);
    const res = await fetch(`${live.baseUrl}/api/ready`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = readyResponseSchema.parse(await res.json());
    expect(body.status).toBe('ready');
    expect(body.database).toBe(dialect);
    expect(body.latestBar).toEqual({ asOf: latest, ageCalendarDays: 3 });
    expect(body.checks.every((c) => c.ok)).toBe(true);
  });

  it('is 503 naming the migration that is not applied', async () => {
    await loadBars(isoDaysAgo(1));
    await sql`delete from kysely_migration where name = ${'0003_accounts'}`.execute(live.services.database.db);
    const { message, details } = await notReady();
    expect(message).toContain('migrations: not applied: 0003_accounts');
    expect(details.checks.find((c) => c.name === 'migrations')?.ok).toBe(false);
    expect(details.latestBar.ageCalendarDays).toBe(1);
  });

  it('is 503 when the database does not answer, and ready again when it does', async () => {
    await loadBars(isoDaysAgo(0));
    const real = live.services.database;
    // A database nobody listens for: the probe must report it, not hang or crash.
    const unreachable = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 1000 }),
      }),
    });
    // The same services but this database: a second app, as a process whose database went away.
    const cut = await buildApp({ ...live.services, database: { ...real, db: unreachable } });
    try {
      const res = await cut.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      const body = errorResponseSchema.parse(res.json());
      expect(body.error.message).toMatch(/database: the database does not answer/);
      expect(notReadyDetailsSchema.parse(body.error.details).checks.find((c) => c.name === 'migrations')?.detail).toBe(
        'not checked: the database does not answer',
      );
    } finally {
      await cut.close();
      await unreachable.destroy();
    }
    expect((await fetch(`${live.baseUrl}/api/ready`)).status).toBe(200);
  });
});

describe('latestBarOf', () => {
  it('counts calendar days, weekends included, against the UTC date', () => {
    const market = { asOf: () => '2025-01-03', instruments: () => [] } as never;
    // Friday's bar seen on Monday 2025-01-06 at 23:59 UTC: three calendar days.
    expect(latestBarOf({ market }, Date.parse('2025-01-06T23:59:00Z'))).toEqual({
      asOf: '2025-01-03',
      ageCalendarDays: 3,
    });
    expect(latestBarOf({ market }, Date.parse('2025-01-03T00:00:00Z')).ageCalendarDays).toBe(0);
  });
});
