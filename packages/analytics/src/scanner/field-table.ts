import { DEFAULT_CALENDAR, type SeriesTraits } from '../calendar/trading-calendar.js';
import { indicatorBars, type IndicatorBar } from '../indicators/snapshot.js';
import { dayNumber, isoDate, type PriceSeries } from '../series.js';
import { memoized } from '../memo.js';
import type { SeriesContext } from '../language/series.js';
import { lowerBound } from '../seasonality/pattern.js';
import { seasonalRows, type SeasonalRows } from './seasonal-columns.js';
import { NUMERIC_FIELDS, PERFORMANCE_FIELDS, TEXT_FIELDS, type NumericField, type TextField } from './fields.js';

export interface ScanInstrument extends SeriesTraits {
  symbol: string;
  name: string;
  type: string;
  sector: string | null;
  industry: string | null;
  /** equity, etf, index, future, fx or crypto (absent: null, as a symbol without a sector). */
  assetClass?: string | null;
  marketCap: number | null;
}

/**
 * Every scanner field of every symbol in columns (one array per field across symbols), at the
 * latest bar (`current`) and the bar before (`previous`, for crosses above/below). Built once
 * per market-data version; a scan only reads it. NaN stands for null.
 */
export interface FieldTable {
  /** The session every row is evaluated at (market-wide views use one date). */
  asOf: string | null;
  /** Symbols left out because they have no bar on `asOf` (stale data), counted, never mixed in. */
  stale: number;
  size: number;
  current: Record<NumericField, Float64Array>;
  previous: Record<NumericField, Float64Array>;
  /** Text values for the result rows. */
  text: Record<TextField, (string | null)[]>;
  /** Text values as codes of their lower-cased form (−1 = null), for fast, case-insensitive equality. */
  textCodes: Record<TextField, Int32Array>;
  codeOf: ReadonlyMap<string, number>;
  /** Each symbol's latest bar date. */
  dates: string[];
  /** The rows' series for the `season<L>.<stat>` fields (absent: those fields are null). */
  seasonal?: SeasonalRows;
  /**
   * Each row's daily bars (null: none given) and the index of its evaluation bar in them:
   * the scan language's functions, offsets, timeframes and rs() read these, never a bar after.
   */
  series: (PriceSeries | null)[];
  at: Int32Array;
  /** Each row's calendar and volume, which its terms are evaluated with. */
  traits: SeriesTraits[];
  /** The symbols rs() may name (any symbol of the market, scanned or not), by lower-cased symbol. */
  others: ReadonlyMap<string, PriceSeries>;
  /** Each term of the scan language computed so far, by canonical text: once per table. */
  terms: Map<string, Float64Array>;
}

export interface FieldTableEntry {
  instrument: ScanInstrument;
  /** The symbol's last bars, oldest first: [previous, latest] or just [latest]. */
  bars: readonly IndicatorBar[];
  /** The symbol's series (its bars after the latest one are never read): seasonal fields. */
  series?: PriceSeries;
}

/** The `pctFrom…` fields and the bar value each is measured from. */
const REFERENCES = {
  pctFromHigh52w: 'high52w',
  pctFromLow52w: 'low52w',
  pctFromSma20: 'sma20',
  pctFromSma50: 'sma50',
  pctFromSma200: 'sma200',
} as const satisfies Partial<Record<NumericField, keyof IndicatorBar>>;
type ReferenceField = keyof typeof REFERENCES;
const isReference = (field: NumericField): field is ReferenceField => field in REFERENCES;

type PerformanceField = keyof IndicatorBar['perf'];
const PERFORMANCE: readonly NumericField[] = PERFORMANCE_FIELDS satisfies readonly PerformanceField[];
const isPerformance = (field: NumericField): field is PerformanceField => PERFORMANCE.includes(field);

function numericValue(bar: IndicatorBar | undefined, instrument: ScanInstrument, field: NumericField): number {
  if (!bar) return NaN;
  let v: number | null;
  if (field === 'price') v = bar.close;
  else if (field === 'marketCap') v = instrument.marketCap;
  // close / reference − 1 (analytics.md); null when the reference is (history too short).
  else if (isReference(field)) v = fromReference(bar.close, bar[REFERENCES[field]]);
  else if (isPerformance(field)) v = bar.perf[field];
  else v = bar[field];
  return v ?? NaN;
}

function fromReference(close: number, reference: number | null): number | null {
  return reference === null || reference === 0 ? null : close / reference - 1;
}

/** The given series by lower-cased symbol: where rs() finds the symbol it names. */
export function seriesBySymbol(series: Iterable<PriceSeries>): Map<string, PriceSeries> {
  const bySymbol = new Map<string, PriceSeries>();
  for (const s of series) bySymbol.set(s.symbol.toLowerCase(), s);
  return bySymbol;
}

/** A series context over a table's `others`. */
export function tableContext(table: Pick<FieldTable, 'others'>): SeriesContext {
  return { series: (symbol) => table.others.get(symbol.toLowerCase()) };
}

/**
 * `others`: where rs() finds the symbol it names (default: among the entries' own series).
 */
export function buildFieldTable(
  entries: readonly FieldTableEntry[],
  others?: ReadonlyMap<string, PriceSeries>,
): FieldTable {
  const size = entries.length;
  const current = {} as Record<NumericField, Float64Array>;
  const previous = {} as Record<NumericField, Float64Array>;
  for (const field of NUMERIC_FIELDS) {
    const cur = new Float64Array(size);
    const prev = new Float64Array(size);
    entries.forEach((e, i) => {
      const latest = e.bars[e.bars.length - 1];
      const before = e.bars.length >= 2 ? e.bars[e.bars.length - 2] : undefined;
      cur[i] = numericValue(latest, e.instrument, field);
      prev[i] = numericValue(before, e.instrument, field);
    });
    current[field] = cur;
    previous[field] = prev;
  }
  const codeOf = new Map<string, number>();
  const text = {} as Record<TextField, (string | null)[]>;
  const textCodes = {} as Record<TextField, Int32Array>;
  for (const field of TEXT_FIELDS) {
    const values = entries.map((e) => e.instrument[field] ?? null);
    const codes = new Int32Array(size);
    values.forEach((v, i) => {
      codes[i] = v === null ? -1 : internCode(codeOf, v);
    });
    text[field] = values;
    textCodes[field] = codes;
  }
  const dates = entries.map((e) => e.bars[e.bars.length - 1]?.asOf ?? '');
  const asOf = dates.reduce<string | null>((max, d) => (d && (max === null || d > max) ? d : max), null);
  const series = entries.map((e) => e.series ?? null);
  const at = Int32Array.from(entries, (e, i) => {
    const s = series[i];
    const last = dates[i];
    if (!s || !last) return -1;
    const day = dayNumber(last);
    const k = lowerBound(s.dates, day);
    return k < s.dates.length && s.dates[k] === day ? k : -1;
  });
  const context = others ?? seriesBySymbol(series.filter((s): s is PriceSeries => s !== null));
  const table: FieldTable = {
    asOf,
    stale: 0,
    size,
    current,
    previous,
    text,
    textCodes,
    codeOf,
    dates,
    series,
    at,
    traits: entries.map((e) => ({ calendar: e.instrument.calendar, hasVolume: e.instrument.hasVolume })),
    others: context,
    terms: new Map(),
  };
  if (entries.some((e) => e.series)) {
    const days = Int32Array.from(dates, (d) => (d ? dayNumber(d) : -1));
    table.seasonal = seasonalRows(
      entries.map((e) => e.series ?? null),
      days,
    );
  }
  return table;
}

/**
 * The table of some of its rows, in their order: a universe narrowed (by asset class) at the
 * same session. Each row keeps its values and the terms computed for it so far; rank() is
 * computed anew among these rows only, and `stale` is the narrowed universe's own count.
 */
export function fieldTableRows(table: FieldTable, rows: readonly number[], stale: number): FieldTable {
  const pick = <T>(values: readonly T[]): T[] => rows.map((i) => values[i]!);
  const pickNumbers = (values: Float64Array) => Float64Array.from(rows, (i) => values[i]!);
  const numbers = (columns: Record<NumericField, Float64Array>) => {
    const out = {} as Record<NumericField, Float64Array>;
    for (const field of NUMERIC_FIELDS) out[field] = pickNumbers(columns[field]);
    return out;
  };
  const text = {} as Record<TextField, (string | null)[]>;
  const textCodes = {} as Record<TextField, Int32Array>;
  for (const field of TEXT_FIELDS) {
    text[field] = pick(table.text[field]);
    textCodes[field] = Int32Array.from(rows, (i) => table.textCodes[field][i]!);
  }
  // a rank is among the table's rows: only the per-row terms carry over
  const terms = new Map<string, Float64Array>();
  for (const [key, column] of table.terms) if (!key.startsWith('rank(')) terms.set(key, pickNumbers(column));
  const series = pick(table.series);
  const dates = pick(table.dates);
  return {
    asOf: table.asOf,
    stale,
    size: rows.length,
    current: numbers(table.current),
    previous: numbers(table.previous),
    text,
    textCodes,
    codeOf: table.codeOf,
    dates,
    ...(table.seasonal
      ? {
          seasonal: seasonalRows(
            series,
            Int32Array.from(rows, (i) => table.seasonal!.days[i]!),
          ),
        }
      : {}),
    series,
    at: Int32Array.from(rows, (i) => table.at[i]!),
    traits: pick(table.traits),
    others: table.others,
    terms,
  };
}

function internCode(codeOf: Map<string, number>, value: string): number {
  return memoized(codeOf, value.toLowerCase(), () => codeOf.size);
}

/** The share of symbols whose data must reach a session for it to be the market's date. */
export const SESSION_SHARE = 0.5;

/**
 * The market's session date from each symbol's last bar date (day numbers): the latest day
 * that at least `share` of the symbols reach. One symbol updated today does not move the
 * market to today while most end earlier, and a few symbols that stopped long ago do not
 * hold it back. Null without symbols.
 */
export function sessionDate(lastDays: readonly number[], share = SESSION_SHARE): number | null {
  if (lastDays.length === 0) return null;
  const sorted = [...lastDays].sort((a, b) => b - a);
  const need = Math.max(1, Math.ceil(share * sorted.length));
  return sorted[need - 1] ?? null;
}

/**
 * The symbols the market's session date is taken over (data-providers.md §15.4): those on the
 * NYSE calendar, so that crypto's weekend bars or fx's NYSE-holiday bars do not move the
 * market-wide date; every symbol when none is on it. Pass symbols that have bars.
 */
export function marketSessionMembers<T extends { instrument: SeriesTraits }>(universe: readonly T[]): readonly T[] {
  const nyse = universe.filter((u) => (u.instrument.calendar ?? DEFAULT_CALENDAR) === 'nyse');
  return nyse.length > 0 && nyse.length < universe.length ? nyse : universe;
}

/** The index of `day` in ascending `dates`, or −1. */
function indexOfDay(dates: Int32Array, day: number): number {
  let lo = 0;
  let hi = dates.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const d = dates[mid]!;
    if (d === day) return mid;
    if (d < day) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * The field table of a universe straight from price series (the server caches the result),
 * every row evaluated at one session: `asOf` when given (a replay), else the market's session
 * date (sessionDate over marketSessionMembers). A symbol without a bar on that session is left
 * out, and counted stale when the session is taken over it.
 */
export function fieldTableFromSeries(
  universe: ReadonlyArray<{ instrument: ScanInstrument; series: PriceSeries | undefined }>,
  options: { asOf?: number; share?: number } = {},
): FieldTable {
  const steps = fieldTableSteps(universe, { ...options, every: Infinity });
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/**
 * fieldTableFromSeries in steps: the generator pauses after every `every` symbols, so that a
 * caller on a server can let other work run between them (a table over the whole universe
 * costs seconds of CPU on a long history), and returns the same table.
 */
export function* fieldTableSteps(
  universe: ReadonlyArray<{ instrument: ScanInstrument; series: PriceSeries | undefined }>,
  options: { asOf?: number; share?: number; every?: number } = {},
): Generator<void, FieldTable, void> {
  const withBars = universe.filter(
    (u): u is { instrument: ScanInstrument; series: PriceSeries } =>
      u.series !== undefined && u.series.dates.length > 0,
  );
  const members = marketSessionMembers(withBars);
  const session =
    options.asOf ??
    sessionDate(
      members.map((u) => u.series.dates[u.series.dates.length - 1]!),
      options.share,
    );
  if (session === null) return buildFieldTable([]);
  const counted = members === withBars ? null : new Set(members);
  const every = options.every ?? 25;
  const entries: FieldTableEntry[] = [];
  let stale = 0;
  let done = 0;
  for (const u of withBars) {
    if (++done % every === 0) yield;
    const at = indexOfDay(u.series.dates, session);
    if (at < 0) {
      // a symbol on another calendar without a bar on that date is behind its own as-of, not the market's
      if (u.series.dates[0]! <= session && (!counted || counted.has(u))) stale++;
      continue;
    }
    entries.push({ instrument: u.instrument, bars: indicatorBars(u.series, 2, at, u.instrument), series: u.series });
  }
  const others = seriesBySymbol(withBars.map((u) => u.series));
  return { ...buildFieldTable(entries, others), asOf: isoDate(session), stale };
}
