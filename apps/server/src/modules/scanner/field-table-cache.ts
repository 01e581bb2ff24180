import {
  buildFieldTable,
  dayNumber,
  fieldTableFromSeries,
  fieldTableRows,
  fieldTableSteps,
  lowerBound,
  marketSessionMembers,
  scanDate,
  seriesUpTo,
  type FieldTable,
  type PriceSeries,
  type ScanInstrument,
} from '@solstice/analytics';
import type { AssetClass } from '@solstice/contracts';
import type { MarketCache } from '../market/market-cache.js';

/**
 * Derived data computed once per market-cache version and shared by every request of that
 * version (per cache object, so test apps never see each other's data).
 */
export function perVersion<T>(compute: (market: MarketCache) => T): (market: MarketCache) => T {
  const memo = new WeakMap<MarketCache, { version: number; value: T }>();
  return (market) => {
    const hit = memo.get(market);
    if (hit && hit.version === market.version) return hit.value;
    const value = compute(market);
    memo.set(market, { version: market.version, value });
    return value;
  };
}

type UniverseEntry = { instrument: ScanInstrument; series: PriceSeries | undefined };

/** Every instrument of the market with its series, as the field tables read them. */
const scanUniverse: (market: MarketCache) => readonly UniverseEntry[] = perVersion((market) =>
  market.instruments().map((i) => ({
    instrument: {
      symbol: i.symbol,
      name: i.name,
      type: i.type,
      sector: i.sector,
      industry: i.industry,
      assetClass: i.assetClass,
      marketCap: i.marketCap,
      // each symbol on its own calendar; without volume every function of volume is null
      calendar: i.calendar,
      hasVolume: i.hasVolume,
    },
    series: market.series(i.symbol),
  })),
);

/** Every instrument with bars: the scanner's columns at the latest and the previous bar. */
export const marketFieldTable: (market: MarketCache) => FieldTable = perVersion((market) =>
  fieldTableFromSeries(scanUniverse(market)),
);

/** Field tables of past scan dates kept per market version: the latest few dates asked. */
export const PAST_TABLES = 4;
/** Symbols computed between two yields to the event loop while a past table is built. */
const STEP_SYMBOLS = 10;

const pastTables = new WeakMap<MarketCache, { version: number; tables: Map<number, Promise<FieldTable>> }>();
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The field table of a scan as of the calendar date `asOf` (YYYY-MM-DD), evaluated at the
 * scan's date M (scanDate); without a date, or when M is the latest session, the market's
 * table. A past table costs seconds of CPU on a long history: it is built in steps with a
 * yield between them, so other requests are answered meanwhile, shared by concurrent
 * requests for the same M and kept for the last PAST_TABLES dates of the data version.
 * With `classes`, the universe is the instruments of those asset classes: M is found among
 * them, and the table holds their rows of the market's table at M (classTable).
 */
export async function scanFieldTable(
  market: MarketCache,
  asOf?: string,
  classes?: readonly AssetClass[],
): Promise<FieldTable> {
  if (asOf === undefined && classes === undefined) return marketFieldTable(market);
  const members = classes === undefined ? scanUniverse(market) : classUniverse(market, classes);
  // the market's scan date is the NYSE universe's, as the market table's session (§15.4)
  const dates =
    classes === undefined ? sessionDates(members) : members.flatMap((u) => (u.series ? [u.series.dates] : []));
  const at = scanDate(dates, asOf === undefined ? undefined : dayNumber(asOf));
  if (at === null) return buildFieldTable([]);
  const table = await tableAt(market, at);
  return classes === undefined ? table : classTable(table, classes, members, at);
}

/** The dates of the symbols the market's session is taken over (marketSessionMembers). */
function sessionDates(universe: readonly UniverseEntry[]): Int32Array[] {
  const withBars = universe.filter((u) => u.series !== undefined && u.series.dates.length > 0);
  return marketSessionMembers(withBars).map((u) => u.series!.dates);
}

/** The instruments of these classes, in the market's order. */
function classUniverse(market: MarketCache, classes: readonly AssetClass[]): readonly UniverseEntry[] {
  return scanUniverse(market).filter((u) => classes.includes(u.instrument.assetClass as AssetClass));
}

/** The whole market's table at the session `at` (a day number). */
async function tableAt(market: MarketCache, at: number): Promise<FieldTable> {
  const universe = scanUniverse(market);
  if (at === scanDate(sessionDates(universe))) return marketFieldTable(market);

  let entry = pastTables.get(market);
  if (!entry || entry.version !== market.version) {
    entry = { version: market.version, tables: new Map() };
    pastTables.set(market, entry);
  }
  const { tables } = entry;
  let table = tables.get(at);
  if (table) {
    // The most recently asked date goes last, so the oldest ask is the one dropped.
    tables.delete(at);
    tables.set(at, table);
    return table;
  }
  table = buildInSteps(universe, at);
  tables.set(at, table);
  // A failed build is not kept: the next ask tries again.
  void table.catch(() => {
    if (tables.get(at) === table) tables.delete(at);
  });
  while (tables.size > PAST_TABLES) tables.delete(tables.keys().next().value!);
  return table;
}

/** Each table's narrowings by asset classes, kept with it: a term computed on one serves the next scan. */
const narrowed = new WeakMap<FieldTable, Map<string, FieldTable>>();

/**
 * The rows of `table` (at the session `at`) whose instrument is of one of `classes`: rank()
 * among them; `stale` counts those of them whose first bar is on or before `at` without a
 * bar on it. rs() still reads any symbol of the market.
 */
function classTable(
  table: FieldTable,
  classes: readonly AssetClass[],
  members: readonly UniverseEntry[],
  at: number,
): FieldTable {
  const key = [...classes].sort().join(',');
  let byKey = narrowed.get(table);
  if (!byKey) narrowed.set(table, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit) return hit;
  const rows: number[] = [];
  table.text.assetClass.forEach((c, i) => {
    if (c !== null && classes.includes(c as AssetClass)) rows.push(i);
  });
  let stale = 0;
  for (const { series } of members) {
    if (!series || series.dates.length === 0 || series.dates[0]! > at) continue;
    const k = lowerBound(series.dates, at);
    if (k >= series.dates.length || series.dates[k] !== at) stale++;
  }
  const rowsTable = fieldTableRows(table, rows, stale);
  byKey.set(key, rowsTable);
  return rowsTable;
}

async function buildInSteps(universe: readonly UniverseEntry[], at: number): Promise<FieldTable> {
  // Each series as it stood at M (views, no copy): nothing after M can be read, and the
  // recursive indicators stop there instead of running to the end of the history.
  const known = universe.map((u) => ({ ...u, series: u.series && seriesUpTo(u.series, at) }));
  const steps = fieldTableSteps(known, { asOf: at, every: STEP_SYMBOLS });
  let step = steps.next();
  while (!step.done) {
    await yieldToEventLoop();
    step = steps.next();
  }
  return step.value;
}
