import { indicatorBars, type IndicatorBar } from '../indicators/snapshot.js';
import type { PriceSeries } from '../series.js';
import { NUMERIC_FIELDS, TEXT_FIELDS, type NumericField, type TextField } from './fields.js';

export interface ScanInstrument {
  symbol: string;
  name: string;
  type: string;
  sector: string | null;
  industry: string | null;
  marketCap: number | null;
}

/**
 * Every scanner field of every symbol in columns (one array per field across symbols), at the
 * latest bar (`current`) and the bar before (`previous`, for crosses above/below). Built once
 * per market-data version; a scan only reads it. NaN stands for null.
 */
export interface FieldTable {
  asOf: string | null;
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
}

export interface FieldTableEntry {
  instrument: ScanInstrument;
  /** The symbol's last bars, oldest first: [previous, latest] or just [latest]. */
  bars: readonly IndicatorBar[];
}

function numericValue(bar: IndicatorBar | undefined, instrument: ScanInstrument, field: NumericField): number {
  if (!bar) return NaN;
  let v: number | null;
  switch (field) {
    case 'price':
      v = bar.close;
      break;
    case 'marketCap':
      v = instrument.marketCap;
      break;
    case 'w1':
    case 'm1':
    case 'm3':
    case 'm6':
    case 'ytd':
    case 'y1':
      v = bar.perf[field];
      break;
    default:
      v = bar[field];
  }
  return v ?? NaN;
}

export function buildFieldTable(entries: readonly FieldTableEntry[]): FieldTable {
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
  return { asOf, size, current, previous, text, textCodes, codeOf, dates };
}

function internCode(codeOf: Map<string, number>, value: string): number {
  const key = value.toLowerCase();
  let code = codeOf.get(key);
  if (code === undefined) {
    code = codeOf.size;
    codeOf.set(key, code);
  }
  return code;
}

/** The field table of a universe straight from price series (the server caches the result). */
export function fieldTableFromSeries(
  universe: ReadonlyArray<{ instrument: ScanInstrument; series: PriceSeries | undefined }>,
): FieldTable {
  return buildFieldTable(
    universe
      .map((u) => ({ instrument: u.instrument, bars: u.series ? indicatorBars(u.series, 2) : [] }))
      .filter((e) => e.bars.length > 0),
  );
}
