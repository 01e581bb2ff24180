import { isTradingDay, nextTradingDay, previousTradingDay } from '../calendar/sessions.js';
import { civilDate, dayNumber, isoDate, type PriceSeries } from '../series.js';
import { dateInYear, indexOfDate, parseMonthDay } from '../seasonality/calendar-days.js';
import { seasonalPattern } from '../seasonality/pattern.js';
import { type Direction, type WindowRiskStats } from '../seasonality/statistics.js';
import { WindowGrid, windowDetails, type SeasonalWindow } from '../seasonality/window-grid.js';
import { cellPValuesFor, prefillRateBooks } from '../seasonality/window-pvalues.js';
import type { WindowTable } from '../seasonality/window-table.js';
import { yearSetTable } from '../seasonality/year-set-table.js';
import type { YearSet } from '../seasonality/year-sets.js';
import { benjaminiHochberg } from '../stats/multiple-testing.js';
import { seriesUpTo } from './as-of.js';

/** A seasonal alert given by a rule: every window of these lengths entered `leadDays` sessions later. */
export interface SeasonalAlertCriteria {
  /** Trading days between the evaluation session and the window's entry session. */
  leadDays: number;
  minDays: number;
  maxDays: number;
  minWinRate: number;
  minYears: number;
  maxPValue: number | null;
  /** Benjamini–Hochberg over the windows the alert tests for the symbol at D (docs/alerts.md). */
  maxQValue?: number | null;
  direction: Direction | 'both';
  /** The start years used (analytics.md, "Year sets"); default: every year the data holds. */
  years?: YearSet;
}

/** One window (as the pattern screen shows it) a seasonal alert watches. */
export interface AlertWindow {
  /** 'MM-DD' */
  start: string;
  /** 'MM-DD' */
  end: string;
  direction: Direction;
}

/** A seasonal alert given by one window: it fires `leadDays` sessions before that window's entry. */
export interface SeasonalWindowCriteria {
  leadDays: number;
  window: AlertWindow;
  minWinRate: number;
  minYears: number;
  maxPValue: number | null;
  /** One test: the window's qValue is its pValue. */
  maxQValue?: number | null;
  years?: YearSet;
}

export type SeasonalCriteria = SeasonalAlertCriteria | SeasonalWindowCriteria;

export const isWindowCriteria = (c: SeasonalCriteria): c is SeasonalWindowCriteria => 'window' in c;

export interface SeasonalOpening extends SeasonalWindow {
  direction: Direction;
  /** The session the window will be entered on (leadDays NYSE sessions after asOf). */
  entryDate: string;
  /** The window's statistics over the years up to asOf, with its pValue adjusted over the alert's tests. */
  stats: WindowRiskStats & { qValue: number | null };
}

/** The NYSE session `lead` sessions after `date`. */
export function sessionsAfter(date: string, lead: number): string {
  let d = date;
  for (let i = 0; i < lead; i++) d = nextTradingDay(d);
  return d;
}

/**
 * The calendar positions (0 … 364) of the window starts whose entry is the session `entry`:
 * the days after the session before it, up to and including it (Feb 29 has no position).
 */
export function startsEnteredOn(entry: string): Int32Array {
  const first = dayNumber(previousTradingDay(entry)) + 1;
  const last = dayNumber(entry);
  const out: number[] = [];
  for (let day = first; day <= last; day++) {
    const { month, day: d } = civilDate(day);
    if (month === 2 && d === 29) continue;
    out.push(indexOfDate(month, d));
  }
  return Int32Array.from(out);
}

/**
 * The NYSE session a window starting on `start` ('MM-DD') is entered on in `year`: the first
 * session on or after its start date (02-29 is 02-28 in a year that is not leap).
 */
export function windowEntrySession(start: string, year: number): string {
  const date = isoDate(dateInYear(year, parseMonthDay(start)));
  return isTradingDay(date) ? date : nextTradingDay(date);
}

/**
 * Whether the session `entry` is the entry of a window starting on `start`: in its own year,
 * or in the year before (a start late in December can be entered in January).
 */
export function windowEnteredOn(start: string, entry: string): boolean {
  const year = Number(entry.slice(0, 4));
  return windowEntrySession(start, year) === entry || windowEntrySession(start, year - 1) === entry;
}

/**
 * A window alert as of the session `asOf` (docs/alerts.md): when the window is entered
 * `leadDays` sessions later, its record over the years the data up to `asOf` holds (the
 * pattern's, with the alert's year set), if it meets every criterion; null otherwise. It is a
 * single test, so its qValue is its pValue.
 */
export function seasonalWindowOpening(
  series: PriceSeries,
  asOf: string,
  criteria: SeasonalWindowCriteria,
): SeasonalOpening | null {
  const entryDate = sessionsAfter(asOf, criteria.leadDays);
  if (!windowEnteredOn(criteria.window.start, entryDate)) return null;
  return windowRecord(seriesUpTo(series, dayNumber(asOf)), criteria, entryDate);
}

function windowRecord(known: PriceSeries, criteria: SeasonalWindowCriteria, entryDate: string): SeasonalOpening | null {
  if (known.dates.length === 0) return null;
  const { window } = criteria;
  const result = seasonalPattern(known, { ...criteria.years, ...window });
  const stats = result.stats;
  if (!stats || stats.count < Math.max(1, criteria.minYears) || stats.winRate < criteria.minWinRate) return null;
  if (!withinBound(stats.pValue, criteria.maxPValue) || !withinBound(stats.pValue, criteria.maxQValue ?? null))
    return null;
  return {
    start: result.start,
    end: result.end,
    days: stats.calendarDays,
    direction: window.direction,
    entryDate,
    stats: { ...stats, qValue: stats.pValue },
  };
}

/** A value under an optional bound: a missing value (null, NaN) never passes a bound. */
function withinBound(value: number | null, bound: number | null): boolean {
  return bound === null || (value !== null && value <= bound);
}

/**
 * A rule alert as of the session `asOf` (docs/alerts.md): among the windows entered
 * `leadDays` sessions later, those that meet every criterion over the years the data up to
 * `asOf` holds, the best one ranked as in best trades; null when none does.
 */
export function seasonalOpening(
  series: PriceSeries,
  asOf: string,
  criteria: SeasonalAlertCriteria,
): SeasonalOpening | null {
  if (criteria.minDays > criteria.maxDays) return null;
  const known = seriesUpTo(series, dayNumber(asOf));
  const entryDate = sessionsAfter(asOf, criteria.leadDays);
  const grid = EntryGrid.build(known, criteria.years ?? {}, entryDate, criteria.minDays, criteria.maxDays);
  return grid ? grid.opening(criteria) : null;
}

/**
 * One symbol's windows entered on one session, over a range of lengths and one year set:
 * their counts (one WindowGrid), and the pValues, qValue families and openings found so far.
 * An evaluation shares it between every rule alert with that lead and year set whose lengths
 * it covers; each alert reads its own cells.
 */
export class EntryGrid {
  private readonly pValues: Record<Direction, Float64Array>;
  private readonly pKnown: Record<Direction, Uint8Array>;
  private readonly families = new Map<string, Record<Direction, Float64Array>>();
  private readonly openings = new Map<string, SeasonalOpening | null>();

  private constructor(
    private readonly known: PriceSeries,
    private readonly table: WindowTable,
    private readonly lo: number,
    private readonly hi: number,
    readonly grid: WindowGrid,
    readonly entryDate: string,
  ) {
    const cells = grid.count.length;
    this.pValues = { long: new Float64Array(cells), short: new Float64Array(cells) };
    this.pKnown = { long: new Uint8Array(cells), short: new Uint8Array(cells) };
  }

  /** The grid of `known` (a history cut at the evaluation session), or null when nothing can count. */
  static build(
    known: PriceSeries,
    years: YearSet,
    entryDate: string,
    minDays: number,
    maxDays: number,
  ): EntryGrid | null {
    if (known.dates.length === 0) return null;
    const starts = startsEnteredOn(entryDate);
    if (starts.length === 0) return null;
    const { table, lo, hi } = yearSetTable(known, years);
    if (lo > hi) return null;
    const grid = new WindowGrid(starts, minDays, maxDays);
    grid.fill(known, table, lo, hi);
    return new EntryGrid(known, table, lo, hi, grid, entryDate);
  }

  /** Whether the grid holds every length from minDays to maxDays. */
  covers(minDays: number, maxDays: number): boolean {
    return minDays >= this.grid.minDays && maxDays <= this.grid.minDays + this.grid.lengths - 1;
  }

  /** The best window of a rule alert whose lengths the grid covers (seasonalOpening's answer). */
  opening(criteria: SeasonalAlertCriteria): SeasonalOpening | null {
    const key = [
      criteria.minDays,
      criteria.maxDays,
      criteria.minWinRate,
      Math.max(1, criteria.minYears),
      criteria.maxPValue,
      criteria.maxQValue ?? null,
      criteria.direction,
    ].join('|');
    let hit = this.openings.get(key);
    if (hit === undefined) {
      hit = this.select(criteria);
      this.openings.set(key, hit);
    }
    return hit;
  }

  private select(criteria: SeasonalAlertCriteria): SeasonalOpening | null {
    const { grid } = this;
    const minYears = Math.max(1, criteria.minYears);
    const directions: Direction[] = criteria.direction === 'both' ? ['long', 'short'] : [criteria.direction];
    const tested = this.testedCells(criteria.minDays, criteria.maxDays, minYears);
    const candidate = (cell: number, direction: Direction) => grid.winRateOf(cell, direction) >= criteria.minWinRate;
    // Most evaluations find nothing: the pValues are read only when some window may qualify.
    if (!directions.some((direction) => tested.some((cell) => candidate(cell, direction)))) return null;
    const familyKey = `${criteria.minDays}|${criteria.maxDays}|${minYears}|${criteria.direction}`;
    const q = this.qValues(familyKey, tested, directions);
    let best = -1;
    let bestDirection: Direction = 'long';
    // The ranking of best trades, first found kept on a tie: long before short.
    for (const direction of directions) {
      const p = this.pValues[direction];
      for (const cell of tested) {
        if (!candidate(cell, direction)) continue;
        if (criteria.maxPValue !== null && !(p[cell]! <= criteria.maxPValue)) continue;
        const maxQ = criteria.maxQValue ?? null;
        if (maxQ !== null && !(q[direction][cell]! <= maxQ)) continue;
        if (best < 0 || grid.compare(cell, direction, best, bestDirection) < 0) {
          best = cell;
          bestDirection = direction;
        }
      }
    }
    if (best < 0) return null;
    const window = windowDetails(
      this.known,
      this.table,
      grid.startOf(best),
      grid.daysOf(best),
      this.lo,
      this.hi,
      bestDirection,
    );
    const qValue = q[bestDirection][best]!;
    return {
      ...window,
      direction: bestDirection,
      entryDate: this.entryDate,
      stats: { ...window.stats, qValue: Number.isNaN(qValue) ? null : qValue },
    };
  }

  /** The cells of the lengths minDays … maxDays counted in at least minYears years, start by start. */
  private testedCells(minDays: number, maxDays: number, minYears: number): number[] {
    const { grid } = this;
    const out: number[] = [];
    for (let s = 0; s < grid.starts.length; s++) {
      for (let days = minDays; days <= maxDays; days++) {
        const cell = s * grid.lengths + days - grid.minDays;
        if (grid.count[cell]! >= minYears) out.push(cell);
      }
    }
    return out;
  }

  /**
   * The qValues of a family of tests (the tested cells in each direction), by cell: the
   * Benjamini–Hochberg adjustment over all of them (a test without a pValue counts as p = 1).
   */
  private qValues(
    key: string,
    tested: readonly number[],
    directions: readonly Direction[],
  ): Record<Direction, Float64Array> {
    let hit = this.families.get(key);
    if (hit) return hit;
    for (const direction of directions) this.knowPValues(tested, direction);
    const all: number[] = [];
    for (const direction of directions) {
      const p = this.pValues[direction];
      for (const cell of tested) all.push(Number.isNaN(p[cell]!) ? 1 : p[cell]!);
    }
    const adjusted = benjaminiHochberg(all);
    const cells = this.grid.count.length;
    hit = { long: new Float64Array(cells).fill(NaN), short: new Float64Array(cells).fill(NaN) };
    directions.forEach((direction, d) => {
      const p = this.pValues[direction];
      tested.forEach((cell, i) => {
        hit![direction][cell] = Number.isNaN(p[cell]!) ? NaN : adjusted[d * tested.length + i]!;
      });
    });
    this.families.set(key, hit);
    return hit;
  }

  /** Computes the pValues not known yet of these cells in one direction (as windowDetails reports them). */
  private knowPValues(cells: readonly number[], direction: Direction): void {
    const known = this.pKnown[direction];
    const missing = cells.filter((cell) => known[cell] === 0);
    if (missing.length === 0) return;
    // The base rates of all their lengths at once (the pValues read them length by length).
    const asked = { series: this.known, table: this.table, grid: this.grid, cells: missing, lo: this.lo, hi: this.hi };
    prefillRateBooks(asked);
    const [values] = cellPValuesFor(asked, [direction]);
    const p = this.pValues[direction];
    missing.forEach((cell, i) => {
      p[cell] = values![i]!;
      known[cell] = 1;
    });
  }
}

/** A year set as a key: alerts with equal sets share their grids. */
export function yearSetKey(years: YearSet | undefined): string {
  const y = years ?? {};
  return JSON.stringify([y.from ?? null, y.to ?? null, y.cycle ?? null, y.parity ?? null, y.exclude ?? null]);
}

/**
 * Seasonal alerts of one evaluation (as of one session): each symbol's EntryGrid per lead and
 * year set, over the union of the lengths the alerts asked so far, and each window alert's
 * record, computed once and read by every alert that needs them.
 */
export class SeasonalAlertBook {
  private readonly entries = new Map<number, string>();
  private readonly lengths = new Map<string, { minDays: number; maxDays: number }>();
  private readonly grids = new Map<string, EntryGrid | null>();
  private readonly windows = new Map<string, SeasonalOpening | null>();

  constructor(readonly asOf: string) {}

  entryDate(leadDays: number): string {
    let hit = this.entries.get(leadDays);
    if (hit === undefined) {
      hit = sessionsAfter(this.asOf, leadDays);
      this.entries.set(leadDays, hit);
    }
    return hit;
  }

  /**
   * Makes the grids of later calls hold these alerts' lengths too: called with a chunk of
   * alerts before any of them is evaluated, so that one grid serves them all.
   */
  plan(criteria: readonly SeasonalCriteria[]): void {
    for (const c of criteria) {
      if (isWindowCriteria(c) || c.minDays > c.maxDays) continue;
      const key = `${c.leadDays}|${yearSetKey(c.years)}`;
      const range = this.lengths.get(key);
      if (!range) this.lengths.set(key, { minDays: c.minDays, maxDays: c.maxDays });
      else {
        range.minDays = Math.min(range.minDays, c.minDays);
        range.maxDays = Math.max(range.maxDays, c.maxDays);
      }
    }
  }

  /** The alert's opening for one symbol, from its history cut at asOf (null when it does not fire). */
  opening(symbol: string, known: PriceSeries, criteria: SeasonalCriteria): SeasonalOpening | null {
    const entryDate = this.entryDate(criteria.leadDays);
    if (isWindowCriteria(criteria)) {
      if (!windowEnteredOn(criteria.window.start, entryDate)) return null;
      const { window } = criteria;
      const key = [
        symbol,
        criteria.leadDays,
        window.start,
        window.end,
        window.direction,
        criteria.minWinRate,
        criteria.minYears,
        criteria.maxPValue,
        criteria.maxQValue ?? null,
        yearSetKey(criteria.years),
      ].join('|');
      let hit = this.windows.get(key);
      if (hit === undefined) {
        hit = windowRecord(known, criteria, entryDate);
        this.windows.set(key, hit);
      }
      return hit;
    }
    if (criteria.minDays > criteria.maxDays) return null;
    const lengthsKey = `${criteria.leadDays}|${yearSetKey(criteria.years)}`;
    const key = `${symbol}|${lengthsKey}`;
    let grid = this.grids.get(key);
    if (grid === undefined || (grid !== null && !grid.covers(criteria.minDays, criteria.maxDays))) {
      this.plan([criteria]);
      const range = this.lengths.get(lengthsKey)!;
      grid = EntryGrid.build(known, criteria.years ?? {}, entryDate, range.minDays, range.maxDays);
      this.grids.set(key, grid);
    }
    return grid ? grid.opening(criteria) : null;
  }
}
