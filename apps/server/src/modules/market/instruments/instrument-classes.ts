import { isStale, lastSessionOf, rollGaps, type RollGap } from '@solstice/analytics';
import { sql } from 'kysely';
import type { AssetClass } from '@solstice/contracts';
import type { DatabaseHandle } from '../../../db/database.js';
import { readBarRows } from '../bars/stored-series.js';
import type { MarketDataProvider } from '../providers/provider.js';
import { ProviderError } from '../providers/provider-error.js';
import type { InstrumentDescription } from '../providers/yahoo-instrument.js';

/** An instrument as `instruments list` and `add` report it (data-providers.md §15.2): what describes it, and its bars. */
export interface InstrumentView extends Omit<InstrumentDescription, 'type'> {
  tracked: boolean;
  firstBar: string | null;
  lastBar: string | null;
}

/** `instruments show`: the view, its last completed session now, whether it is stale, its roll gaps. */
export interface InstrumentDetailView extends InstrumentView {
  session: string;
  stale: boolean;
  /** Suspected rolls of a future (§15.5); [] for every other class. */
  rollGaps: RollGap[];
}

export interface AddOutcome {
  added: InstrumentView[];
  existing: InstrumentView[];
  failed: Array<{ symbol: string; reason: string }>;
}

/**
 * Adds instruments as the provider describes them (one request of the last 31 days each):
 * stored real and tracked, without bars (the sync brings their history). A symbol already
 * an instrument is `existing`, its class, currency, zone, calendar, exchange and volume
 * flag refreshed (and tracked again). A failure names the symbol and the provider's words
 * and stores nothing.
 */
export async function addInstruments(
  database: DatabaseHandle,
  provider: MarketDataProvider,
  symbols: readonly string[],
  now: number,
): Promise<AddOutcome> {
  const outcome: AddOutcome = { added: [], existing: [], failed: [] };
  if (!provider.describe) throw new Error(`${provider.info.name} cannot describe an instrument`);
  for (const symbol of symbols) {
    let described: InstrumentDescription;
    try {
      described = await provider.describe(symbol, now);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      outcome.failed.push({ symbol, reason: `${symbol}: ${error.detail}` });
      continue;
    }
    const stored = await storeDescribed(database, described, now);
    const view = (await instrumentViews(database, { symbols: [symbol] }))[0]!;
    (stored === 'added' ? outcome.added : outcome.existing).push(view);
  }
  return outcome;
}

/** Inserts a described instrument, or refreshes the §15.2 fields of the stored one. */
export async function storeDescribed(
  database: DatabaseHandle,
  d: InstrumentDescription,
  now: number,
): Promise<'added' | 'existing'> {
  const { db } = database;
  const fields = {
    type: d.type,
    asset_class: d.assetClass,
    currency: d.currency,
    timezone: d.timezone,
    calendar: d.calendar,
    exchange: d.exchange,
    has_volume: d.hasVolume ? 1 : 0,
    tracked: 1,
    updated_at: now,
  };
  const found = await db.selectFrom('instruments').select(['name']).where('symbol', '=', d.symbol).executeTakeFirst();
  if (found) {
    // an imported name (the shared universe's) stays; a placeholder (the bare symbol) gets the provider's
    const name = found.name === d.symbol ? { name: d.name } : {};
    await db
      .updateTable('instruments')
      .set({ ...fields, ...name })
      .where('symbol', '=', d.symbol)
      .execute();
    return 'existing';
  }
  await db
    .insertInto('instruments')
    .values({ symbol: d.symbol, name: d.name, sector: null, industry: null, market_cap: null, synthetic: 0, ...fields })
    .execute();
  return 'added';
}

/** The instruments with their first and last bar, by symbol; only the classes or symbols asked for. */
export async function instrumentViews(
  database: DatabaseHandle,
  filter: { assetClasses?: readonly AssetClass[]; symbols?: readonly string[] } = {},
): Promise<InstrumentView[]> {
  let query = database.db
    .selectFrom('instruments')
    .select([
      'symbol',
      'name',
      'asset_class',
      'currency',
      'timezone',
      'calendar',
      'exchange',
      'has_volume',
      'tracked',
      (eb) =>
        eb
          .selectFrom('bar_chunks')
          .select(sql<string>`min(first_date)`.as('f'))
          .whereRef('bar_chunks.symbol', '=', 'instruments.symbol')
          .as('first_bar'),
      (eb) =>
        eb
          .selectFrom('bar_chunks')
          .select(sql<string>`max(last_date)`.as('l'))
          .whereRef('bar_chunks.symbol', '=', 'instruments.symbol')
          .as('last_bar'),
    ])
    .orderBy('symbol');
  if (filter.assetClasses) query = query.where('asset_class', 'in', [...filter.assetClasses]);
  if (filter.symbols) query = query.where('symbol', 'in', filter.symbols.length > 0 ? [...filter.symbols] : ['']);
  const rows = await query.execute();
  return rows.map((r) => ({
    symbol: r.symbol,
    name: r.name,
    assetClass: r.asset_class,
    currency: r.currency,
    timezone: r.timezone,
    calendar: r.calendar,
    exchange: r.exchange,
    hasVolume: Number(r.has_volume) === 1,
    tracked: Number(r.tracked) === 1,
    firstBar: r.first_bar ?? null,
    lastBar: r.last_bar ?? null,
  }));
}

/** One instrument with its session, staleness and roll gaps at `now`; null when there is none. */
export async function instrumentDetail(
  database: DatabaseHandle,
  symbol: string,
  now: number,
): Promise<InstrumentDetailView | null> {
  const view = (await instrumentViews(database, { symbols: [symbol] }))[0];
  if (!view) return null;
  const session = lastSessionOf(view.calendar, view.timezone, now);
  const gaps = view.assetClass === 'future' ? rollGaps(await readBarRows(database.db, symbol)) : [];
  return { ...view, session, stale: isStale(view.calendar, view.lastBar, session), rollGaps: gaps };
}
