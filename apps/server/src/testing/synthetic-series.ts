import { seriesFromRows, type PriceSeries } from '@solstice/analytics';
import { SqliteChunkStore, yearsOf } from '../modules/market/bars/chunk-store.js';
import type { TestApp } from './test-app.js';

/**
 * A weekday random walk from Jan 1 of `firstYear` to Dec 31 of `lastYear`, the same for the
 * same seed: seasonal windows with every kind of outcome, and years enough to rank them.
 */
export function syntheticSeries(symbol: string, firstYear: number, lastYear: number, seed: number): PriceSeries {
  const from = Date.UTC(firstYear, 0, 1) / 86_400_000;
  const to = Date.UTC(lastYear, 11, 31) / 86_400_000;
  const days: number[] = [];
  for (let d = from; d <= to; d++) {
    const weekday = new Date(d * 86_400_000).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(d);
  }
  const close = new Float64Array(days.length);
  let state = seed >>> 0 || 1;
  let price = 100;
  for (let i = 0; i < days.length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    price *= 1 + (state / 2 ** 32 - 0.5) * 0.04;
    close[i] = Math.round(price * 100) / 100;
  }
  return {
    symbol,
    dates: Int32Array.from(days),
    open: close.slice(),
    high: close.slice(),
    low: close.slice(),
    close,
    volume: new Float64Array(days.length).fill(1000),
  };
}

/** A bar every weekday from `from` to `to` (ISO dates), its close (and open, high, low) the i-th weekday's price, volume 1. */
export function weekdaySeries(symbol: string, from: string, to: string, price: (i: number) => number): PriceSeries {
  const rows = [];
  for (let d = Date.parse(from) / 864e5, i = 0; d <= Date.parse(to) / 864e5; d++) {
    const wd = new Date(d * 864e5).getUTCDay();
    if (wd === 0 || wd === 6) continue;
    const close = price(i++);
    const date = new Date(d * 864e5).toISOString().slice(0, 10);
    rows.push({ date, open: close, high: close, low: close, close, volume: 1 });
  }
  return seriesFromRows(symbol, rows);
}

/** Writes instruments and their bars into a SQLite test app in one transaction, then reloads its market. */
export async function loadSeriesSqlite(t: Pick<TestApp, 'database' | 'services'>, series: readonly PriceSeries[]) {
  const sqlite = t.database.sqlite;
  if (!sqlite) throw new Error('loadSeriesSqlite needs a SQLite test database');
  const instrument = sqlite.prepare(
    `INSERT INTO instruments (symbol, name, type, exchange, sector, industry, currency, market_cap, synthetic, updated_at)
     VALUES (?, ?, 'stock', NULL, NULL, NULL, 'USD', NULL, 1, 0)`,
  );
  const chunks = new SqliteChunkStore(sqlite);
  sqlite.transaction(() => {
    for (const s of series) {
      instrument.run(s.symbol, `${s.symbol} Inc.`);
      // Open, high and low as the close.
      chunks.write({ ...s, open: s.close, high: s.close, low: s.close }, yearsOf(s));
    }
  })();
  await t.services.market.reload();
}
