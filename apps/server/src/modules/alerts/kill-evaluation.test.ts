import { isoDate } from '@solstice/analytics';
import { scratchDatabase } from '../../testing/scratch-database.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { alertRow, createUser } from '../../testing/factories.js';
import { runBundledCli } from '../../testing/server-bundle.js';
import { insertBars } from '../../testing/market-fixtures.js';
import { syntheticSeries } from '../../testing/synthetic-series.js';
import { testDialects } from '../../testing/test-databases.js';

const SYMBOLS = Array.from({ length: 20 }, (_, i) => `KE${String(i).padStart(2, '0')}`);

interface Run {
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }>;
}

/** The real `solstice alerts run` in a child process; `killAt` kills it (SIGKILL) at the first progress event of that phase. */
function alertsRun(databaseUrl: string, asOf: string, killAt?: 'recording'): Run {
  const run = runBundledCli(['--json', '--db', databaseUrl, 'alerts', 'run', '--as-of', asOf]);
  run.child.stderr!.on('data', () => {
    // Progress events carry rows once the triggers are being written, inside the transaction.
    if (killAt === 'recording' && /"event":"progress".*"rows":[1-9]/.test(run.stderr())) run.child.kill('SIGKILL');
  });
  return { exited: run.exited };
}

describe.each(testDialects())('kill -9 while an evaluation writes its triggers, then run it again (%s)', (dialect) => {
  let scratch: { url: string; drop(): Promise<void> };
  let database: DatabaseHandle;
  let asOf = '';

  beforeEach(async () => {
    scratch = await scratchDatabase(dialect, 'alert-kill');
    database = await openDatabase(scratch.url, { create: true });
    await migrateToLatest(database);
    const user = await createUser(database.db, { subscriber: true });
    for (const [k, symbol] of SYMBOLS.entries()) {
      const s = syntheticSeries(symbol, 2000, 2019, 1000 + k);
      await database.db
        .insertInto('instruments')
        .values({ symbol, name: symbol, type: 'stock', currency: 'USD', synthetic: 0, updated_at: 0 } as never)
        .execute();
      const rows = Array.from(s.dates, (d, i) => ({
        symbol,
        date: isoDate(d),
        open: s.open[i]!,
        high: s.high[i]!,
        low: s.low[i]!,
        close: s.close[i]!,
        volume: 1000,
      }));
      await insertBars(database.db, rows);
      asOf = isoDate(s.dates[s.dates.length - 1]!);
    }
    const list = await database.db
      .insertInto('watchlists')
      .values({
        user_id: user.id,
        name: 'All',
        position: 0,
        symbols: JSON.stringify(SYMBOLS.map((sym) => ({ sym, description: '' }))),
        created_at: 0,
        updated_at: 0,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    // Loose criteria on a random walk: most alerts fire for many symbols, so the write is long.
    const alerts = Array.from({ length: 120 }, (_, k) =>
      alertRow(user.id, {
        name: `seasonal ${k}`,
        kind: 'seasonal',
        watchlist_id: Number(list.id),
        params: JSON.stringify({
          leadDays: 1 + (k % 5),
          minDays: 5 + (k % 7),
          maxDays: 20 + (k % 11),
          minWinRate: 0.5,
          minYears: 5,
          maxPValue: null,
          direction: 'both',
        }),
        mail: 0,
      }),
    );
    await database.db.insertInto('alerts').values(alerts).execute();
  }, 120_000);

  afterEach(async () => {
    await database?.close();
    await scratch?.drop();
  });

  const triggerRows = async () =>
    database.db.selectFrom('alert_triggers').select(['alert_id', 'symbol', 'bar_date']).execute();

  it('loses nothing and doubles nothing', { timeout: 240_000 }, async () => {
    const killed = await alertsRun(scratch.url, asOf, 'recording').exited;
    expect(killed.signal).toBe('SIGKILL');
    // Killed inside the transaction: none of its rows stayed.
    expect(await triggerRows()).toEqual([]);

    const restarted = await alertsRun(scratch.url, asOf).exited;
    expect(restarted.code).toBe(0);
    const result = JSON.parse(restarted.stdout) as { triggers: unknown[]; recorded: number };
    expect(result.triggers.length).toBeGreaterThan(1000);
    expect(result.recorded).toBe(result.triggers.length);
    const rows = await triggerRows();
    expect(rows).toHaveLength(result.triggers.length);
    expect(new Set(rows.map((r) => `${r.alert_id}/${r.symbol}/${r.bar_date}`)).size).toBe(rows.length);

    // And once more: everything is already there.
    const again = JSON.parse((await alertsRun(scratch.url, asOf).exited).stdout) as { recorded: number };
    expect(again.recorded).toBe(0);
    expect(await triggerRows()).toHaveLength(result.triggers.length);
  });
});
