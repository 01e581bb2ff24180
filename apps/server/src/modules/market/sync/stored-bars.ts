import type { TradingCalendar } from '@solstice/analytics';
import type { DatabaseHandle } from '../../../db/database.js';
import type { ProviderBar } from '../providers/provider.js';
import { seriesFromChunks } from '../bars/chunk-codec.js';
import { barRows } from '../bars/stored-series.js';

export interface SyncTarget {
  symbol: string;
  /** Demo data: replaced whole by the first real history. */
  synthetic: boolean;
  /** Which bars are accepted and which session it is brought up to (data-providers.md §15.4). */
  calendar: TradingCalendar;
  /** The zone its provider's timestamps are read in. */
  timezone: string;
  /** fx: never has volume, whatever the bars say. */
  fx: boolean;
}

/**
 * The instruments to update: every real one by default; named ones (demo included) when
 * asked, with the names that are no instrument at all.
 */
export async function syncTargets(
  database: DatabaseHandle,
  symbols?: readonly string[],
): Promise<{ targets: SyncTarget[]; unknown: string[] }> {
  let query = database.db
    .selectFrom('instruments')
    .select(['symbol', 'synthetic', 'calendar', 'timezone', 'asset_class'])
    .orderBy('symbol');
  query = symbols
    ? query.where('symbol', 'in', symbols.length > 0 ? [...symbols] : [''])
    : query.where('synthetic', '=', 0).where('tracked', '=', 1);
  const rows = await query.execute();
  const found = new Set(rows.map((r) => r.symbol));
  return {
    targets: rows.map((r) => ({
      symbol: r.symbol,
      synthetic: Number(r.synthetic) === 1,
      calendar: r.calendar,
      timezone: r.timezone,
      fx: r.asset_class === 'fx',
    })),
    unknown: (symbols ?? []).filter((s) => !found.has(s)),
  };
}

export interface StoredBars {
  first: string | null;
  last: string | null;
  count: number;
  /** The latest stored bars, oldest first: compared with the provider's to see whether history changed. */
  tail: ProviderBar[];
}

export async function storedBars(database: DatabaseHandle, symbol: string, tailSize: number): Promise<StoredBars> {
  const years = await database.db
    .selectFrom('bar_chunks')
    .select(['year', 'bars', 'first_date', 'last_date'])
    .where('symbol', '=', symbol)
    .orderBy('year', 'desc')
    .execute();
  if (years.length === 0) return { first: null, last: null, count: 0, tail: [] };
  // The latest chunks that hold the tail (a chunk is a calendar year).
  let needed = 0;
  for (let bars = 0; needed < years.length && bars < tailSize; needed++) bars += years[needed]!.bars;
  const chunks = await database.db
    .selectFrom('bar_chunks')
    .select(['year', 'data'])
    .where('symbol', '=', symbol)
    .where('year', '>=', years[Math.max(needed, 1) - 1]!.year)
    .orderBy('year')
    .execute();
  const series = seriesFromChunks(symbol, chunks);
  const rows = barRows(series);
  return {
    first: years[years.length - 1]!.first_date,
    last: years[0]!.last_date,
    count: years.reduce((n, y) => n + y.bars, 0),
    tail: rows.slice(rows.length - Math.min(tailSize, rows.length)).map(({ symbol: _symbol, ...bar }) => bar),
  };
}
