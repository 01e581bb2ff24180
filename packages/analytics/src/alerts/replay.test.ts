/**
 * Alerts replayed on real prices (../shared/market-data, or SHARED_DATA): every session of
 * October 2017 evaluated as of that day, against a brute-force computation written here
 * that rebuilds each symbol's state from its history cut at each date and checks every
 * seasonal window with the single-window pattern (not the grid the alerts use).
 */
import { describe, expect, it } from 'vitest';
import { isTradingDay } from '../calendar/sessions.js';
import { compileScan } from '../scanner/scan.js';
import { fieldTableFromSeries, type ScanInstrument } from '../scanner/field-table.js';
import { testInstrument } from '../scanner/test-table.js';
import { seasonalPattern } from '../seasonality/pattern.js';
import { seriesFromRows, type PriceSeries } from '../series.js';
import { evaluateAlertsAsOf, type AlertSpec, type AlertTrigger } from './evaluate.js';
import type { SeasonalAlertCriteria } from './seasonal-alert.js';
import { sharedDailySeries, sharedDataPresent } from '../testing/shared-market-data.js';

const SYMBOLS = ['KO', 'AAPL', 'MSFT', 'XOM', 'JNJ', 'PG', 'WMT', 'IBM', 'GE', 'INTC', 'PFE', 'MRK', 'CVX', 'JPM'];
const SEASONAL_SYMBOLS = ['KO', 'XOM', 'PG', 'JNJ', 'WMT', 'IBM'];

const load = sharedDailySeries;

const instrument = (symbol: string): ScanInstrument => testInstrument(symbol, null, { name: symbol });

// ---- brute force --------------------------------------------------------------------

const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

const cuts = new Map<string, PriceSeries>();
/** A fresh copy of the bars on or before `date` (a copy, not a view: nothing shared), made once per symbol and date. */
function cut(series: PriceSeries, date: string): PriceSeries {
  const key = `${series.symbol}@${date}`;
  let hit = cuts.get(key);
  if (!hit) {
    hit = copyUpTo(series, date);
    cuts.set(key, hit);
  }
  return hit;
}

function copyUpTo(series: PriceSeries, date: string): PriceSeries {
  const rows: { date: string; open: number; high: number; low: number; close: number; volume: number }[] = [];
  for (let i = 0; i < series.dates.length; i++) {
    const d = iso(series.dates[i]!);
    if (d > date) break;
    rows.push({
      date: d,
      open: series.open[i]!,
      high: series.high[i]!,
      low: series.low[i]!,
      close: series.close[i]!,
      volume: series.volume[i]!,
    });
  }
  return seriesFromRows(series.symbol, rows);
}

/** Whether the expression is true for the symbol at `date`, from its history up to that date alone. */
const tables = new Map<string, ReturnType<typeof fieldTableFromSeries> | null>();
function trueAt(series: PriceSeries, expression: string, date: string): boolean {
  const key = `${series.symbol}@${date}`;
  let table = tables.get(key);
  if (table === undefined) {
    const known = cut(series, date);
    table =
      known.dates.length === 0 || iso(known.dates[known.dates.length - 1]!) !== date
        ? null
        : fieldTableFromSeries([{ instrument: instrument(series.symbol), series: known }]);
    tables.set(key, table);
  }
  return table !== null && compileScan(expression).condition(table)[0] === 1;
}

function hasBar(series: PriceSeries, date: string): boolean {
  for (let i = 0; i < series.dates.length; i++) if (iso(series.dates[i]!) === date) return true;
  return false;
}

function addDays(date: string, n: number): string {
  return iso(Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000) + n);
}

const CALENDAR: string[] = Array.from({ length: 365 }, (_, k) =>
  new Date(Date.UTC(2019, 0, 1 + k)).toISOString().slice(5, 10),
);

function bruteSeasonal(series: PriceSeries, date: string, c: SeasonalAlertCriteria) {
  let entry = date;
  for (let n = 0; n < c.leadDays;) {
    entry = addDays(entry, 1);
    if (isTradingDay(entry)) n++;
  }
  let before = addDays(entry, -1);
  while (!isTradingDay(before)) before = addDays(before, -1);
  const known = cut(series, date);
  const candidates: {
    start: string;
    end: string;
    days: number;
    direction: 'long' | 'short';
    winRate: number;
    mean: number;
    order: number;
  }[] = [];
  let order = 0;
  for (let d = addDays(before, 1); d <= entry; d = addDays(d, 1)) {
    const start = d.slice(5);
    if (start === '02-29') continue;
    const k = CALENDAR.indexOf(start);
    for (let days = c.minDays; days <= c.maxDays; days++, order++) {
      const end = CALENDAR[(k + days) % 365]!;
      for (const direction of c.direction === 'both' ? (['long', 'short'] as const) : [c.direction]) {
        const { stats } = seasonalPattern(known, { start, end, direction });
        if (!stats || stats.count < c.minYears || stats.winRate < c.minWinRate) continue;
        if (c.maxPValue !== null && (stats.pValue === null || stats.pValue > c.maxPValue)) continue;
        candidates.push({ start, end, days, direction, winRate: stats.winRate, mean: stats.mean, order });
      }
    }
  }
  candidates.sort(
    (a, b) =>
      b.winRate - a.winRate ||
      (a.mean !== b.mean ? (b.mean > a.mean ? 1 : -1) : 0) ||
      a.order - b.order ||
      (a.direction === b.direction ? 0 : a.direction === 'long' ? -1 : 1),
  );
  return candidates[0] ? { ...candidates[0], entryDate: entry } : null;
}

type Plain = { alertId: number; symbol: string; barDate: string; event: string; window?: string };

function bruteForce(universe: PriceSeries[], alerts: readonly BruteAlert[], date: string, previous: string): Plain[] {
  const out: Plain[] = [];
  for (const alert of alerts) {
    const fired: Plain[] = [];
    if (alert.kind === 'seasonal') {
      for (const symbol of alert.symbols) {
        const series = universe.find((s) => s.symbol === symbol)!;
        if (!hasBar(series, date)) continue;
        const w = bruteSeasonal(series, date, alert.criteria);
        if (w)
          fired.push({
            alertId: alert.id,
            symbol,
            barDate: date,
            event: 'window-opens',
            window: `${w.direction} ${w.start} ${w.end} ${w.days} ${w.entryDate}`,
          });
      }
    } else {
      const symbols = alert.kind === 'scan' ? universe.map((s) => s.symbol) : alert.symbols;
      for (const symbol of symbols) {
        const series = universe.find((s) => s.symbol === symbol)!;
        const now = trueAt(series, alert.expression, date);
        const then = trueAt(series, alert.expression, previous);
        if (now && !then)
          fired.push({
            alertId: alert.id,
            symbol,
            barDate: date,
            event: alert.kind === 'scan' ? 'entered' : 'became-true',
          });
        if (alert.kind === 'scan' && alert.onExit && then && !now && hasBar(series, date))
          fired.push({ alertId: alert.id, symbol, barDate: date, event: 'left' });
      }
    }
    fired.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
    out.push(...fired);
  }
  return out;
}

type BruteAlert =
  | { id: number; kind: 'scan'; expression: string; onExit: boolean }
  | { id: number; kind: 'condition'; expression: string; symbols: string[] }
  | { id: number; kind: 'seasonal'; symbols: string[]; criteria: SeasonalAlertCriteria };

const ALERTS: BruteAlert[] = [
  { id: 1, kind: 'scan', expression: 'rsi14 < 40', onExit: true },
  { id: 2, kind: 'scan', expression: 'close crosses above sma20', onExit: false },
  { id: 3, kind: 'scan', expression: 'change1d > 0.01 and relVolume > 1.2', onExit: true },
  { id: 4, kind: 'condition', expression: 'close > sma50', symbols: ['KO', 'XOM', 'GE', 'IBM'] },
  { id: 5, kind: 'condition', expression: 'rsi14 > 60', symbols: ['AAPL', 'MSFT', 'INTC', 'JPM', 'CVX'] },
  { id: 6, kind: 'condition', expression: 'close crosses below sma20', symbols: SYMBOLS },
  {
    id: 7,
    kind: 'seasonal',
    symbols: SEASONAL_SYMBOLS,
    criteria: {
      leadDays: 3,
      minDays: 10,
      maxDays: 25,
      minWinRate: 0.7,
      minYears: 15,
      maxPValue: null,
      direction: 'both',
    },
  },
  {
    id: 8,
    kind: 'seasonal',
    symbols: ['KO', 'PG', 'WMT'],
    criteria: {
      leadDays: 1,
      minDays: 20,
      maxDays: 30,
      minWinRate: 0.65,
      minYears: 20,
      maxPValue: 0.2,
      direction: 'long',
    },
  },
];

function toSpec(a: BruteAlert): AlertSpec {
  if (a.kind === 'seasonal') return a;
  return a.kind === 'scan'
    ? { id: a.id, kind: 'scan', scan: compileScan(a.expression), onExit: a.onExit }
    : { id: a.id, kind: 'condition', scan: compileScan(a.expression), symbols: a.symbols };
}

const plain = (t: AlertTrigger): Plain => ({
  alertId: t.alertId,
  symbol: t.symbol,
  barDate: t.barDate,
  event: t.event,
  ...(t.window
    ? { window: `${t.window.direction} ${t.window.start} ${t.window.end} ${t.window.days} ${t.window.entryDate}` }
    : {}),
});

describe.runIf(sharedDataPresent)(
  'alerts replayed on real data (October 2017) agree with a brute-force computation',
  () => {
    const universe = SYMBOLS.map(load);
    const entries = universe.map((series) => ({ instrument: instrument(series.symbol), series }));
    const ko = universe[0]!;
    const sessions: string[] = [];
    for (let i = 0; i < ko.dates.length; i++) {
      const d = iso(ko.dates[i]!);
      if (d >= '2017-10-01' && d <= '2017-10-31') sessions.push(d);
    }

    it('has the month of sessions', () => {
      expect(sessions).toHaveLength(22);
    });

    it('gives identical triggers, session by session, for all three kinds', { timeout: 240_000 }, () => {
      const specs = ALERTS.map(toSpec);
      const kinds = new Set<string>();
      let total = 0;
      for (const date of sessions) {
        const evaluation = evaluateAlertsAsOf(entries, specs, date);
        const previous = evaluation.previous!;
        expect(previous < date).toBe(true);
        const expected = bruteForce(universe, ALERTS, date, previous);
        expect(evaluation.triggers.map(plain), date).toEqual(expected);
        for (const t of evaluation.triggers) kinds.add(t.event);
        total += evaluation.triggers.length;
      }
      // Not a vacuous agreement: every kind of event happened in the month.
      expect([...kinds].sort()).toEqual(['became-true', 'entered', 'left', 'window-opens']);
      expect(total).toBeGreaterThan(50);
    });

    it('does not depend on data after the session: the answer with the whole history equals the one with history cut there', () => {
      const specs = ALERTS.map(toSpec);
      const date = '2017-10-16';
      const cutUniverse = universe.map((s) => ({ instrument: instrument(s.symbol), series: cut(s, date) }));
      expect(evaluateAlertsAsOf(entries, specs, date)).toEqual(evaluateAlertsAsOf(cutUniverse, specs, date));
    });
  },
);
