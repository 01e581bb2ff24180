import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requestAs, signedInUser, type SignedIn } from '../../../testing/auth-helpers.js';
import { FakeMarket, startFakeYahoo, type FakeYahoo } from '../../../testing/fake-providers/index.js';
import { FAST } from '../../../testing/fake-providers/test-deps.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { testDialects } from '../../../testing/test-databases.js';
import { ManualClock } from '../../jobs/clock.js';
import { createYahooProvider } from '../providers/yahoo.js';
import type { DataUpdateStatus } from './data-updates.tables.js';
import { ABANDONED_AFTER_MS, NO_UPDATE_COUNTS, runMarketUpdate } from './market-update.js';

/** Friday 2026-11-20, 18:31 New York: that day's bars are final. */
const FRIDAY_EVENING = Date.UTC(2026, 10, 20, 23, 31);
const MINUTE = 60_000;

describe.each(testDialects())('runs whose process died (%s)', (dialect) => {
  let t: TestApp;
  let yahoo: FakeYahoo;
  let clock: ManualClock;
  let admin: SignedIn;

  beforeEach(async () => {
    yahoo = await startFakeYahoo(new FakeMarket('2026-11-20').add('AAA', { from: '2026-10-01' }), { latencyMs: 150 });
    clock = new ManualClock(FRIDAY_EVENING);
    t = await createTestApp(dialect, { DATA_PROVIDERS: 'yahoo', YAHOO_BASE_URL: yahoo.baseUrl }, { clock });
    admin = await signedInUser(t, { role: 'admin' });
    await t.services.database.db
      .insertInto('instruments')
      .values({ symbol: 'AAA', name: 'AAA', type: 'stock', currency: 'USD', synthetic: 0, updated_at: 0 } as never)
      .execute();
  });
  afterEach(async () => {
    await t?.close();
    await yahoo?.close();
  });

  const run = (status: DataUpdateStatus, startedAt: number, heartbeatAt: number | null) =>
    t.services.database.db
      .insertInto('data_updates')
      .values({
        trigger: 'schedule',
        session: null,
        started_at: startedAt,
        finished_at: status === 'running' ? null : startedAt + MINUTE,
        heartbeat_at: heartbeatAt,
        status,
        providers: 'yahoo',
        ...NO_UPDATE_COUNTS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('the next run marks a run without a heartbeat for 10 minutes abandoned, and leaves a live one running', async () => {
    const now = clock.now();
    const finished = await run('partial', now - 60 * MINUTE, now - 59 * MINUTE);
    await t.services.database.db
      .insertInto('data_update_symbols')
      .values({
        update_id: finished.id,
        symbol: 'AAA',
        status: 'failed',
        provider: null,
        reason: 'down',
        last_bar: null,
      })
      .execute();
    const killed = await run('running', now - 30 * MINUTE, now - ABANDONED_AFTER_MS - 1);
    // Before heartbeats existed: only its start time to go by.
    const legacy = await run('running', now - 120 * MINUTE, null);
    // Another process, still beating.
    const live = await run('running', now - 30 * MINUTE, now - ABANDONED_AFTER_MS + MINUTE);

    const started = await requestAs(t, admin, 'POST', '/api/v1/admin/data/update', {});
    expect(started.statusCode).toBe(202);
    const dataPage = async () => (await requestAs(t, admin, 'GET', '/api/v1/admin/data')).json();
    // While the new run waits for the provider, the failures shown are the last finished
    // run's: an abandoned run recorded none.
    let during = await dataPage();
    while (during.runs[0].trigger !== 'admin') during = await dataPage();
    expect(during.runs[0].status).toBe('running');
    expect(during.failing).toEqual([{ symbol: 'AAA', reason: 'down' }]);
    await t.services.jobs.runDue();

    const page = await dataPage();
    const byId = new Map(page.runs.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(killed.id)).toMatchObject({
      status: 'abandoned',
      finishedAt: now - ABANDONED_AFTER_MS - 1,
      error: expect.stringMatching(/process ended before the run finished/),
    });
    expect(byId.get(legacy.id)).toMatchObject({ status: 'abandoned', finishedAt: now - 120 * MINUTE });
    expect(byId.get(live.id)).toMatchObject({ status: 'running', finishedAt: null, error: null });
    expect(byId.get(finished.id)).toMatchObject({ status: 'partial', error: null });
    expect(page.runs[0]).toMatchObject({ trigger: 'admin', status: 'ok', updated: 1 });
    expect(page.failing).toEqual([]);
  });

  it('a running update stamps its heartbeat while its process lives', async () => {
    const t0 = Date.now();
    const { id } = await runMarketUpdate(
      {
        database: t.services.database,
        settings: t.services.settings,
        now: () => FRIDAY_EVENING + (Date.now() - t0),
        providers: [createYahooProvider({ baseUrl: yahoo.baseUrl, policy: FAST })],
        heartbeatMs: 20,
      },
      'cli',
    );
    const row = await t.services.database.db
      .selectFrom('data_updates')
      .select(['started_at', 'heartbeat_at', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ok');
    // The request alone takes 150 ms: several 20 ms beats fell inside the run.
    expect(Number(row.heartbeat_at) - Number(row.started_at)).toBeGreaterThanOrEqual(100);
  });
});
