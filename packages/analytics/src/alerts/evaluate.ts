import { dayNumber, type PriceSeries } from '../series.js';
import type { FieldTable, ScanInstrument } from '../scanner/field-table.js';
import { fieldColumn } from '../scanner/evaluate.js';
import { lookupField, type TextField } from '../scanner/fields.js';
import { twoSessionTables } from './tables.js';
import type { CompiledScan } from '../scanner/scan.js';
import { hasBarOn, previousDataSession, seriesUpTo } from './as-of.js';
import { SeasonalAlertBook, type SeasonalCriteria, type SeasonalOpening } from './seasonal-alert.js';

export type AlertSpec =
  | { id: number; kind: 'scan'; scan: CompiledScan; onExit: boolean }
  | { id: number; kind: 'condition'; scan: CompiledScan; symbols: readonly string[] }
  | { id: number; kind: 'seasonal'; symbols: readonly string[]; criteria: SeasonalCriteria };

export type AlertEvent = 'entered' | 'left' | 'became-true' | 'window-opens';

export interface AlertTrigger {
  alertId: number;
  symbol: string;
  barDate: string;
  event: AlertEvent;
  /** Seasonal alerts: the window about to open. */
  window?: SeasonalOpening;
  /** The symbol's close at barDate (null when unknown). */
  close?: number | null;
  /** Scan and condition alerts: the value at barDate of every field the expression names (null when unknown). */
  values?: Record<string, number | string | null>;
}

export interface AlertUniverseEntry {
  instrument: ScanInstrument;
  series: PriceSeries | undefined;
}

export interface AlertEvaluation {
  asOf: string;
  /** The session compared with (null when asOf is the first one in the data). */
  previous: string | null;
  triggers: AlertTrigger[];
}

/** True rows of a scan over a table, as a set of symbols. */
function matching(table: FieldTable | null, scan: CompiledScan, symbols: (string | null)[] | null): Set<string> {
  const out = new Set<string>();
  if (!table || !symbols) return out;
  const mask = scan.condition(table);
  for (let i = 0; i < mask.length; i++) if (mask[i] === 1) out.add(symbols[i]!);
  return out;
}

/**
 * Every alert as of the session `asOf`, from the data up to that session only (docs/alerts.md):
 * the state at `asOf` against the state at the session before it, so that the answer is the
 * same whenever it is computed and whatever was evaluated before. Symbols without a bar on
 * `asOf` do not fire. Triggers are ordered by alert, then symbol.
 */
export function evaluateAlertsAsOf(
  universe: readonly AlertUniverseEntry[],
  alerts: readonly AlertSpec[],
  asOf: string,
): AlertEvaluation {
  const prepared = prepareAlertsAsOf(
    universe,
    asOf,
    alerts.some((a) => a.kind !== 'seasonal'),
  );
  return { asOf, previous: prepared.previous, triggers: prepared.evaluate(alerts) };
}

export interface PreparedEvaluation {
  asOf: string;
  previous: string | null;
  /** The triggers of these alerts (callers may pass the alerts in chunks and yield between). */
  evaluate(alerts: readonly AlertSpec[]): AlertTrigger[];
}

/** The session compared with and the field tables at both sessions (null when no alert needs them). */
export interface AlertTables {
  previous: string | null;
  now: FieldTable | null;
  before: FieldTable | null;
}

/**
 * The field tables at `asOf` and at the session before, in steps (see fieldTableSteps): a
 * server drives the generator and lets requests run between steps.
 */
export function* alertTablesSteps(
  universe: readonly AlertUniverseEntry[],
  asOf: string,
  needsTables = true,
  every = 25,
): Generator<void, AlertTables, void> {
  const withSeries = universe.filter(
    (u): u is { instrument: ScanInstrument; series: PriceSeries } => u.series !== undefined,
  );
  const previous = previousDataSession(
    withSeries.map((u) => u.series),
    asOf,
  );
  if (!needsTables) return { previous, now: null, before: null };
  const { now, before } = yield* twoSessionTables(withSeries, asOf, previous, every);
  return { previous, now, before };
}

/** The field tables at `asOf` and at the session before, built once for any number of alerts. */
export function prepareAlertsAsOf(
  universe: readonly AlertUniverseEntry[],
  asOf: string,
  needsTables = true,
  tables?: AlertTables,
): PreparedEvaluation {
  const day = dayNumber(asOf);
  let built = tables;
  if (!built) {
    const steps = alertTablesSteps(universe, asOf, needsTables, Infinity);
    let step = steps.next();
    while (!step.done) step = steps.next();
    built = step.value;
  }
  const { previous, now, before } = built;
  const withSeries = universe.filter(
    (u): u is { instrument: ScanInstrument; series: PriceSeries } => u.series !== undefined,
  );
  const nowSymbols = now ? now.text.symbol : null;
  const beforeSymbols = before ? before.text.symbol : null;
  // One evaluation per distinct expression, shared by every alert that uses it.
  const memo = new Map<string, { now: Set<string>; before: Set<string> }>();
  const states = (scan: CompiledScan) => {
    let hit = memo.get(scan.expression);
    if (!hit) {
      hit = { now: matching(now, scan, nowSymbols), before: matching(before, scan, beforeSymbols) };
      memo.set(scan.expression, hit);
    }
    return hit;
  };
  const present = new Set(nowSymbols?.map((s) => s ?? '') ?? []);
  const rowOf = new Map<string, number>();
  nowSymbols?.forEach((symbol, i) => {
    if (symbol !== null) rowOf.set(symbol, i);
  });
  // The values of an expression's fields at asOf, per symbol, read once for every alert that uses it.
  const valueMemo = new Map<string, Map<string, Record<string, number | string | null>>>();
  const valuesAt = (scan: CompiledScan, symbols: readonly string[]) => {
    let memo = valueMemo.get(scan.expression);
    if (!memo) valueMemo.set(scan.expression, (memo = new Map()));
    const missing = symbols.filter((s) => !memo.has(s) && rowOf.has(s));
    if (missing.length > 0 && now) {
      const mask = new Uint8Array(now.size);
      for (const symbol of missing) mask[rowOf.get(symbol)!] = 1;
      const columns = scan.fields.map((name) => {
        const info = lookupField(name);
        return info?.kind === 'number' ? fieldColumn(now, info, mask) : null;
      });
      for (const symbol of missing) {
        const row = rowOf.get(symbol)!;
        const values: Record<string, number | string | null> = {};
        scan.fields.forEach((name, f) => {
          const column = columns[f];
          const v = column ? column[row]! : (now.text[name as TextField]?.[row] ?? null);
          values[name] = typeof v === 'number' && Number.isNaN(v) ? null : v;
        });
        memo.set(symbol, values);
      }
    }
    return memo;
  };
  const closeAt = (symbol: string): number | null => {
    const row = rowOf.get(symbol);
    const v = row === undefined || !now ? NaN : now.current.price[row]!;
    return Number.isNaN(v) ? null : v;
  };
  const bySymbol = new Map(withSeries.map((u) => [u.instrument.symbol, u.series]));
  // Each symbol's history cut at asOf, once: its window table and base rates are memoized on it.
  const known = new Map<string, PriceSeries | null>();
  const knownSeries = (symbol: string): PriceSeries | null => {
    let hit = known.get(symbol);
    if (hit === undefined) {
      const series = bySymbol.get(symbol);
      hit = series && hasBarOn(series, day) ? seriesUpTo(series, day) : null;
      known.set(symbol, hit);
    }
    return hit;
  };
  const seasonal = new SeasonalAlertBook(asOf);
  const evaluate = (alerts: readonly AlertSpec[]): AlertTrigger[] => {
    const triggers: AlertTrigger[] = [];
    seasonal.plan(alerts.flatMap((a) => (a.kind === 'seasonal' ? [a.criteria] : [])));
    for (const alert of alerts) {
      const fired: AlertTrigger[] = [];
      if (alert.kind === 'scan') {
        const s = states(alert.scan);
        for (const symbol of s.now)
          if (!s.before.has(symbol)) fired.push({ alertId: alert.id, symbol, barDate: asOf, event: 'entered' });
        if (alert.onExit) {
          for (const symbol of s.before) {
            if (!s.now.has(symbol) && present.has(symbol))
              fired.push({ alertId: alert.id, symbol, barDate: asOf, event: 'left' });
          }
        }
      } else if (alert.kind === 'condition') {
        const s = states(alert.scan);
        for (const symbol of new Set(alert.symbols)) {
          if (s.now.has(symbol) && !s.before.has(symbol))
            fired.push({ alertId: alert.id, symbol, barDate: asOf, event: 'became-true' });
        }
      } else {
        for (const symbol of new Set(alert.symbols)) {
          const series = knownSeries(symbol);
          if (!series) continue;
          const window = seasonal.opening(symbol, series, alert.criteria);
          if (window)
            fired.push({
              alertId: alert.id,
              symbol,
              barDate: asOf,
              event: 'window-opens',
              window,
              close: series.close[series.close.length - 1]!,
            });
        }
      }
      if (alert.kind !== 'seasonal' && fired.length > 0) {
        const values = valuesAt(
          alert.scan,
          fired.map((t) => t.symbol),
        );
        for (const t of fired) {
          t.close = closeAt(t.symbol);
          t.values = values.get(t.symbol) ?? {};
        }
      }
      fired.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
      triggers.push(...fired);
    }
    return triggers;
  };
  return { asOf, previous, evaluate };
}
