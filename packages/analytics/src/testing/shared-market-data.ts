/**
 * The shared real-price dataset for tests (../shared/market-data, or SHARED_DATA): its
 * directory (the us-equities-eod folder when SHARED_DATA names its parent), whether it is
 * there, and, under CI, a loud failure when it is not. Test-only: it reads files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seriesFromRows, type PriceSeries } from '../series.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const shared = process.env.SHARED_DATA ?? path.resolve(repoRoot, '../shared/market-data');

export const sharedDataDir = fs.existsSync(path.join(shared, 'us-equities-eod'))
  ? path.join(shared, 'us-equities-eod')
  : shared;
export const sharedDataPresent = fs.existsSync(path.join(sharedDataDir, 'daily', 'AAPL.csv'));
if (!sharedDataPresent && process.env.CI && process.env.CI !== 'false') {
  throw new Error(`market data not found at ${sharedDataDir}: CI needs ../shared/market-data (or SHARED_DATA)`);
}

/** The lines of a symbol's daily CSV, header dropped. */
export function sharedDailyLines(symbol: string): string[] {
  return fs
    .readFileSync(path.join(sharedDataDir, 'daily', `${symbol}.csv`), 'utf8')
    .trim()
    .split('\n')
    .slice(1);
}

/** A symbol's daily bars from the shared dataset, as a price series. */
export function sharedDailySeries(symbol: string): PriceSeries {
  return seriesFromRows(
    symbol,
    sharedDailyLines(symbol).map((line) => {
      const [date, open, high, low, close, volume] = line.split(',');
      return { date: date!, open: +open!, high: +high!, low: +low!, close: +close!, volume: +volume! };
    }),
  );
}
