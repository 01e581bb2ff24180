import type { DatabaseHandle } from '../../../db/database.js';
import type { ProviderBar } from '../providers/provider.js';

export interface SyncTarget {
  symbol: string;
  /** Demo data: replaced whole by the first real history. */
  synthetic: boolean;
}

/**
 * The instruments to update: every real one by default; named ones (demo included) when
 * asked, with the names that are no instrument at all.
 */
export async function syncTargets(
  database: DatabaseHandle,
  symbols?: readonly string[],
): Promise<{ targets: SyncTarget[]; unknown: string[] }> {
  let query = database.db.selectFrom('instruments').select(['symbol', 'synthetic']).orderBy('symbol');
  query = symbols
    ? query.where('symbol', 'in', symbols.length > 0 ? [...symbols] : [''])
    : query.where('synthetic', '=', 0).where('tracked', '=', 1);
  const rows = await query.execute();
  const found = new Set(rows.map((r) => r.symbol));
  return {
    targets: rows.map((r) => ({ symbol: r.symbol, synthetic: Number(r.synthetic) === 1 })),
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
  const tail = await database.db
    .selectFrom('daily_bars')
    .select(['date', 'open', 'high', 'low', 'close', 'volume'])
    .where('symbol', '=', symbol)
    .orderBy('date', 'desc')
    .limit(tailSize)
    .execute();
  if (tail.length === 0) return { first: null, last: null, count: 0, tail: [] };
  const stats = await database.db
    .selectFrom('daily_bars')
    .select((eb) => [eb.fn.min('date').as('first'), eb.fn.countAll().as('count')])
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow();
  return {
    first: stats.first,
    last: tail[0]!.date,
    count: Number(stats.count),
    tail: tail
      .reverse()
      .map((b) => ({ ...b, open: +b.open, high: +b.high, low: +b.low, close: +b.close, volume: +b.volume })),
  };
}
