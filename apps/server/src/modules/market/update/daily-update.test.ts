import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { testDialects } from '../../../testing/test-databases.js';
import { requestAs, signedInUser, type SignedIn } from '../../../testing/auth-helpers.js';
import { FakeMarket, startFakeYahoo, type FakeYahoo } from '../../../testing/fake-providers/index.js';
import { instrumentRow } from '../../../testing/market-fixtures.js';
import { readBarRows } from '../bars/stored-series.js';
import { ManualClock } from '../../jobs/clock.js';
import { afterTheClose } from './update-schedule.js';
import { MARKET_UPDATE_JOB } from './market-update.jobs.js';

/** Friday 2026-11-20, 12:00 New York. */
const FRIDAY_NOON = Date.UTC(2026, 10, 20, 17, 0);

describe('afterTheClose: sessions only, New York time', () => {
  const next = afterTheClose('18:30');
  const ny = (ms: number) => new Date(ms).toISOString();
  it('runs the same evening on a session, skips weekends and holidays', () => {
    expect(ny(next(FRIDAY_NOON))).toBe('2026-11-20T23:30:00.000Z');
    // After Friday's run: Monday 2026-11-23.
    expect(ny(next(Date.UTC(2026, 10, 20, 23, 30)))).toBe('2026-11-23T23:30:00.000Z');
    // Wednesday before Thanksgiving → Friday (Thursday 2026-11-26 is closed).
    expect(ny(next(Date.UTC(2026, 10, 25, 23, 31)))).toBe('2026-11-27T23:30:00.000Z');
    // Summer time: 18:30 New York is 22:30 UTC.
    expect(ny(next(Date.UTC(2026, 6, 1, 12, 0)))).toBe('2026-07-01T22:30:00.000Z');
  });
});

describe.each(testDialects())('the daily market update on %s', (dialect) => {
  let t: TestApp;
  let yahoo: FakeYahoo;
  let market: FakeMarket;
  let clock: ManualClock;
  let admin: SignedIn;

  beforeEach(async () => {
    market = new FakeMarket('2026-11-19').add('AAA', { from: '2026-10-01' }).add('BBB', { from: '2026-10-01' });
    yahoo = await startFakeYahoo(market);
    clock = new ManualClock(FRIDAY_NOON);
    t = await createTestApp(dialect, { DATA_PROVIDERS: 'yahoo', YAHOO_BASE_URL: yahoo.baseUrl }, { clock });
    admin = await signedInUser(t, { role: 'admin' });
    for (const symbol of ['AAA', 'BBB']) {
      await t.services.database.db.insertInto('instruments').values(instrumentRow(symbol)).execute();
    }
  });
  afterEach(async () => {
    await t?.close();
    await yahoo?.close();
  });

  const bars = async (symbol: string) =>
    (await readBarRows(t.services.database.db, symbol)).map((b) => ({ date: b.date }));
  const dataPage = async () => (await requestAs(t, admin, 'GET', '/api/v1/admin/data')).json();

  it('runs once at the scheduled time on a session, against the provider, and the data page shows it', async () => {
    await t.services.jobs.scheduleRecurring();
    await t.services.jobs.scheduleRecurring(); // a second process scheduling: still one occurrence
    const pending = await t.services.database.db
      .selectFrom('jobs')
      .select(['unique_key', 'run_at'])
      .where('series', '=', MARKET_UPDATE_JOB)
      .where('status', '=', 'pending')
      .execute();
    expect(pending.map((p) => p.unique_key)).toEqual(['market.update@2026-11-20T23:30Z']);
    expect((await dataPage()).schedule.nextRunAt).toBe(Date.UTC(2026, 10, 20, 23, 30));

    // Before the time: nothing runs.
    expect(await t.services.jobs.runDue()).toBe(0);
    expect(await bars('AAA')).toEqual([]);

    // The time arrives (Friday 18:31 New York): the whole history up to Friday comes in.
    market.until = '2026-11-20';
    clock.set(Date.UTC(2026, 10, 20, 23, 31));
    await t.services.jobs.runDue();
    const aaa = await bars('AAA');
    expect(aaa.at(-1)?.date).toBe('2026-11-20');
    expect(aaa[0]?.date).toBe('2026-10-01');

    const page = await dataPage();
    expect(page.runs).toHaveLength(1);
    expect(page.runs[0]).toMatchObject({
      trigger: 'schedule',
      session: '2026-11-20',
      status: 'ok',
      updated: 2,
      failed: 0,
      providers: ['yahoo'],
      byProvider: { yahoo: 2 },
    });
    expect(page.failing).toEqual([]);
    expect(page.instruments.find((i: { symbol: string }) => i.symbol === 'AAA')).toMatchObject({
      firstBar: '2026-10-01',
      lastBar: '2026-11-20',
      tracked: true,
      tradingDaysBehind: 0,
    });
    // The next occurrence is Monday's.
    expect(page.schedule.nextRunAt).toBe(Date.UTC(2026, 10, 23, 23, 30));
    await t.services.market.reload();
    expect(page.freshness.lastSession).toBe('2026-11-20');
    expect((await dataPage()).freshness).toEqual({
      asOf: '2026-11-20',
      lastSession: '2026-11-20',
      tradingDaysBehind: 0,
    });
  });

  it('records a failing symbol with its reason, and the next run picks it up without doubling a bar', async () => {
    market.until = '2026-11-20';
    clock.set(Date.UTC(2026, 10, 20, 23, 31));
    yahoo.scenario('BBB', 'unknown');
    const first = await requestAs(t, admin, 'POST', '/api/v1/admin/data/update', {});
    expect(first.statusCode).toBe(202);
    await t.services.jobs.runDue();
    let page = await dataPage();
    expect(page.runs[0]).toMatchObject({ trigger: 'admin', status: 'partial', updated: 1, failed: 1 });
    expect(page.failing).toHaveLength(1);
    expect(page.failing[0].symbol).toBe('BBB');
    expect(page.failing[0].reason).toMatch(/Yahoo BBB: unknown symbol/);
    const aaaBefore = await bars('AAA');

    yahoo.scenario('BBB', 'ok');
    clock.advance(60_000);
    await requestAs(t, admin, 'POST', '/api/v1/admin/data/update', {});
    await t.services.jobs.runDue();
    page = await dataPage();
    expect(page.runs[0]).toMatchObject({ status: 'ok', updated: 1, unchanged: 1, failed: 0 });
    expect(await bars('AAA')).toEqual(aaaBefore);
    const bbb = await bars('BBB');
    expect(new Set(bbb.map((b) => b.date)).size).toBe(bbb.length);
    expect(bbb.at(-1)?.date).toBe('2026-11-20');
  });

  it("a provider without the session's bar yet makes the run partial, with the reason, not ok", async () => {
    market.until = '2026-11-20';
    clock.set(Date.UTC(2026, 10, 20, 23, 31));
    await requestAs(t, admin, 'POST', '/api/v1/admin/data/update', {});
    await t.services.jobs.runDue();
    expect((await dataPage()).runs[0]).toMatchObject({ status: 'ok', updated: 2 });
    // Monday evening, but the provider has nothing after Friday yet.
    clock.set(Date.UTC(2026, 10, 23, 23, 40));
    await requestAs(t, admin, 'POST', '/api/v1/admin/data/update', {});
    await t.services.jobs.runDue();
    const page = await dataPage();
    expect(page.runs[0]).toMatchObject({
      session: '2026-11-23',
      status: 'partial',
      updated: 0,
      unchanged: 2,
      failed: 0,
    });
    const rows = await t.services.database.db
      .selectFrom('data_update_symbols')
      .select(['symbol', 'reason'])
      .where('update_id', '=', page.runs[0].id)
      .orderBy('symbol')
      .execute();
    expect(rows).toEqual([
      { symbol: 'AAA', reason: 'no bar for 2026-11-23 from yahoo yet' },
      { symbol: 'BBB', reason: 'no bar for 2026-11-23 from yahoo yet' },
    ]);
  });

  it('adds a ticker with its whole history, and removing one keeps its history unless purged', async () => {
    market.add('NEWCO', { from: '2026-09-01' });
    market.until = '2026-11-20';
    clock.set(Date.UTC(2026, 10, 20, 23, 31));
    const added = await requestAs(t, admin, 'POST', '/api/v1/admin/instruments', { symbol: 'newco', name: 'New Co' });
    expect(added.statusCode).toBe(202);
    await t.services.jobs.runDue();
    expect((await bars('NEWCO'))[0]?.date).toBe('2026-09-01');
    const again = await requestAs(t, admin, 'POST', '/api/v1/admin/instruments', { symbol: 'NEWCO' });
    expect(again.statusCode).toBe(409);

    const removed = await requestAs(t, admin, 'DELETE', '/api/v1/admin/instruments/NEWCO');
    expect(removed.statusCode).toBe(204);
    expect((await bars('NEWCO')).length).toBeGreaterThan(50);
    const page = await dataPage();
    expect(page.instruments.find((i: { symbol: string }) => i.symbol === 'NEWCO')).toMatchObject({ tracked: false });
    // An update no longer asks for it.
    await requestAs(t, admin, 'POST', '/api/v1/admin/data/update', {});
    await t.services.jobs.runDue();
    const run = (await dataPage()).runs[0];
    expect(run.updated + run.unchanged + run.failed).toBe(2);

    const purged = await requestAs(t, admin, 'DELETE', '/api/v1/admin/instruments/NEWCO?purge=true');
    expect(purged.statusCode).toBe(204);
    expect(await bars('NEWCO')).toEqual([]);
  });

  it('is for admins only', async () => {
    const member = await signedInUser(t);
    expect((await requestAs(t, member, 'GET', '/api/v1/admin/data')).statusCode).toBe(403);
    expect((await requestAs(t, member, 'POST', '/api/v1/admin/data/update', {})).statusCode).toBe(403);
  });
});
