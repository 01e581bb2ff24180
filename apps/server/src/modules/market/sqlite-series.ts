import type SQLite from 'better-sqlite3';
import { allocateSeries, type PriceSeries } from '@solstice/analytics';
import { dayNumberFast } from './dates.js';

/**
 * The series of `symbols` read from a SQLite database (in the order given; a symbol without
 * bars gives an empty series). One range scan per symbol with all() costs a quarter less than
 * iterating one big ORDER BY symbol, date (fewer native round trips), and holds one symbol's
 * rows at a time. The loader's worker threads (series-load-worker.ts) run the same code.
 */
export function readSeriesSqlite(sqlite: SQLite.Database, symbols: readonly string[]): PriceSeries[] {
  const statement = sqlite
    .prepare('SELECT date, open, high, low, close, volume FROM daily_bars WHERE symbol = ? ORDER BY date')
    .raw(true);
  return symbols.map((symbol) => {
    const rows = statement.all(symbol) as Array<[string, number, number, number, number, number]>;
    const n = rows.length;
    const s = allocateSeries(symbol, n);
    for (let i = 0; i < n; i++) {
      const r = rows[i]!;
      s.dates[i] = dayNumberFast(r[0]);
      s.open[i] = r[1];
      s.high[i] = r[2];
      s.low[i] = r[3];
      s.close[i] = r[4];
      s.volume[i] = r[5];
    }
    return s;
  });
}

/** Every symbol that has bars, in order. */
export function symbolsWithBars(sqlite: SQLite.Database): string[] {
  return sqlite.prepare('SELECT DISTINCT symbol FROM daily_bars ORDER BY symbol').pluck().all() as string[];
}
