/**
 * The seasonal tools on real prices (../shared/market-data, or SHARED_DATA) against an
 * independent, deliberately plain re-implementation over date strings written here.
 */
import { describe, expect, it } from 'vitest';
import { seriesFromRows, type PriceSeries } from '../series.js';
import { bestTrades } from './best-trades.js';
import { seasonalCalendar } from './calendar.js';
import { seasonalChart } from './chart.js';
import { seasonalPattern } from './pattern.js';
import { plainBinomialTail } from './test-fixtures.js';
import { sharedDailyLines, sharedDataPresent } from '../testing/shared-market-data.js';

interface Row {
  date: string;
  close: number;
}

function readRows(symbol: string): Row[] {
  return sharedDailyLines(symbol).map((line) => {
    const cells = line.split(',');
    return { date: cells[0]!, close: Number(cells[4]) };
  });
}

function toSeries(symbol: string, rows: Row[]): PriceSeries {
  return seriesFromRows(
    symbol,
    rows.map((r) => ({ date: r.date, open: r.close, high: r.close, low: r.close, close: r.close, volume: 0 })),
  );
}

// ---- the independent implementation -------------------------------------------------

const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (y: number, mmdd: string) => `${y}-${mmdd === '02-29' && !leap(y) ? '02-28' : mmdd}`;
/** The non-leap calendar as month-days, Jan 1 … Dec 31. */
const CALENDAR: string[] = Array.from({ length: 365 }, (_, k) =>
  new Date(Date.UTC(2019, 0, 1 + k)).toISOString().slice(5, 10),
);
const position = (mmdd: string) => CALENDAR.indexOf(mmdd === '02-29' ? '02-28' : mmdd);

/** Index of the first row with date ≥ d. */
function firstAtOrAfter(rows: Row[], d: string): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (rows[mid]!.date < d) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function plainYears(rows: Row[], start: string, end: string, from: number, to: number, short: boolean) {
  const crosses = end < start;
  const out: { year: number; entryDate: string; exitDate: string; r: number; rise: number; drop: number }[] = [];
  const firstYear = Number(rows[0]!.date.slice(0, 4));
  const lastYear = Number(rows[rows.length - 1]!.date.slice(0, 4));
  for (let y = Math.max(from, firstYear); y <= Math.min(to, lastYear); y++) {
    const s = dateOf(y, start);
    const e = dateOf(crosses ? y + 1 : y, end);
    if (rows[0]!.date > s || rows[rows.length - 1]!.date < e) continue;
    const i = firstAtOrAfter(rows, s);
    const j = firstAtOrAfter(rows, e + 'z') - 1;
    if (!(i < j)) continue;
    const path = rows.slice(i, j + 1).map((row) => row.close / rows[i]!.close - 1);
    const r = rows[j]!.close / rows[i]!.close - 1;
    const rise = Math.max(...path);
    const drop = Math.min(...path);
    out.push({
      year: y,
      entryDate: rows[i]!.date,
      exitDate: rows[j]!.date,
      r: short ? -r : r,
      rise: short ? -drop : rise,
      drop: short ? -rise : drop,
    });
  }
  return out;
}

function plainStats(rows: Row[], rs: number[], years: number[], days: number, short: boolean) {
  const n = rs.length;
  const mean = rs.reduce((a, b) => a + b, 0) / n;
  const sorted = [...rs].sort((a, b) => a - b);
  const median = n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  const sd = n < 2 ? 0 : Math.sqrt(rs.reduce((a, r) => a + (r - mean) ** 2, 0) / (n - 1));
  const gains = rs.filter((r) => r > 0);
  const losses = rs.filter((r) => r < 0);
  // Base rate: every start of the non-leap calendar, the same length, the same years.
  let wins = 0;
  let all = 0;
  for (let k = 0; k < 365; k++) {
    const s = CALENDAR[k]!;
    const e = CALENDAR[(k + days) % 365]!;
    for (const w of plainYears(rows, s, e, -Infinity, Infinity, short)) {
      if (!years.includes(w.year)) continue;
      all++;
      if (w.r > 0) wins++;
    }
  }
  const without = [...rs];
  without.splice(rs.indexOf(Math.max(...rs)), 1);
  const recent = rs.slice(-Math.min(5, n));
  return {
    count: n,
    winners: gains.length,
    losers: losses.length,
    winRate: gains.length / n,
    mean,
    median,
    stdDev: sd,
    min: sorted[0],
    max: sorted[n - 1],
    avgGain: gains.length ? gains.reduce((a, b) => a + b, 0) / gains.length : null,
    avgLoss: losses.length ? losses.reduce((a, b) => a + b, 0) / losses.length : null,
    annualized: (1 + mean) ** (365 / days) - 1,
    sharpe: sd === 0 ? null : (mean / sd) * Math.sqrt(365 / days),
    calendarDays: days,
    pValue: plainBinomialTail(gains.length, n, wins / all),
    withoutBest: n < 2 ? null : without.reduce((a, b) => a + b, 0) / without.length,
    recent: recent.filter((r) => r > 0).length / recent.length,
  };
}

function plainPattern(rows: Row[], start: string, end: string, from: number, to: number, short: boolean) {
  const years = plainYears(rows, start, end, from, to, short);
  const days = (position(end) - position(start) + 365) % 365 || (end < start ? 365 : 0);
  return {
    years,
    stats: plainStats(
      rows,
      years.map((y) => y.r),
      years.map((y) => y.year),
      days,
      short,
    ),
  };
}

/** Deep equality with numbers within 1e-9 (relative above 1). */
function expectClose(actual: unknown, expected: unknown, where = '$'): void {
  if (typeof expected === 'number') {
    expect(typeof actual, where).toBe('number');
    expect(Math.abs((actual as number) - expected), where).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual), where).toBe(true);
    expect((actual as unknown[]).length, where).toBe(expected.length);
    expected.forEach((e, i) => expectClose((actual as unknown[])[i], e, `${where}[${i}]`));
  } else if (expected !== null && typeof expected === 'object') {
    for (const [k, v] of Object.entries(expected))
      expectClose((actual as Record<string, unknown>)[k], v, `${where}.${k}`);
  } else {
    expect(actual, where).toBe(expected);
  }
}

// ---- the comparison -----------------------------------------------------------------

describe.skipIf(!sharedDataPresent)('seasonality on real data (AAPL) against a plain re-implementation', () => {
  const rows = sharedDataPresent ? readRows('AAPL') : [];
  const series = toSeries('AAPL', rows);

  it.each([
    ['12-20', '01-10', 1990, 2016, false],
    ['02-29', '03-15', -Infinity, Infinity, false],
    ['10-01', '10-31', 2000, 2017, true],
    ['01-01', '12-31', 1985, 2016, false],
    ['06-15', '02-29', -Infinity, Infinity, true],
  ] as const)('pattern %s → %s (%s … %s, short %s)', (start, end, from, to, short) => {
    const got = seasonalPattern(series, {
      start,
      end,
      from: Number.isFinite(from) ? from : undefined,
      to: Number.isFinite(to) ? to : undefined,
      direction: short ? 'short' : 'long',
    });
    const want = plainPattern(rows, start, end, from, to, short);
    expect(got.years.length).toBeGreaterThan(10);
    expectClose(
      got.years.map((y) => [y.year, y.entryDate, y.exitDate, y.return, y.maxRise, y.maxDrop]),
      want.years.map((y) => [y.year, y.entryDate, y.exitDate, y.r, y.rise, y.drop]),
    );
    expectClose(got.stats, want.stats);
  });

  it('calendar', () => {
    const got = seasonalCalendar(series, { from: 1995, to: 2017 });
    const monthEnd = new Map<string, number>();
    for (const r of rows) monthEnd.set(r.date.slice(0, 7), r.close);
    // The month and the year of the latest bar are "to date": listed, in no statistic.
    const latest = rows[rows.length - 1]!.date;
    const months: { year: number; month: number; return: number; partial: boolean }[] = [];
    for (const [ym, close] of monthEnd) {
      const y = Number(ym.slice(0, 4));
      const m = Number(ym.slice(5, 7));
      const before = m === 1 ? `${y - 1}-12` : `${y}-${pad(m - 1)}`;
      if (y >= 1995 && y <= 2017 && monthEnd.has(before))
        months.push({
          year: y,
          month: m,
          return: close / monthEnd.get(before)! - 1,
          partial: ym === latest.slice(0, 7),
        });
    }
    expect(months.filter((x) => x.partial).map((x) => [x.year, x.month])).toEqual([[2017, 11]]);
    expectClose(got.months, months);
    const yearEnd = new Map<number, number>();
    for (const r of rows) yearEnd.set(Number(r.date.slice(0, 4)), r.close);
    expectClose(
      got.years,
      [...yearEnd]
        .filter(([y]) => y >= 1995 && yearEnd.has(y - 1))
        .map(([y, c]) => ({ year: y, return: c / yearEnd.get(y - 1)! - 1, partial: y === Number(latest.slice(0, 4)) })),
    );
    for (let m = 1; m <= 12; m++) {
      const rs = months.filter((x) => x.month === m && !x.partial).map((x) => x.return);
      const mean = rs.reduce((a, b) => a + b, 0) / rs.length;
      const sorted = [...rs].sort((a, b) => a - b);
      expectClose(got.summary[m - 1], {
        month: m,
        count: rs.length,
        mean,
        median: rs.length % 2 ? sorted[(rs.length - 1) / 2] : (sorted[rs.length / 2 - 1]! + sorted[rs.length / 2]!) / 2,
        winRate: rs.filter((r) => r > 0).length / rs.length,
        min: sorted[0],
        max: sorted[sorted.length - 1],
        stdDev: Math.sqrt(rs.reduce((a, r) => a + (r - mean) ** 2, 0) / (rs.length - 1)),
      });
    }
  });

  it('chart', () => {
    const got = seasonalChart(series, { from: 1990 });
    const last = rows[rows.length - 1]!.date;
    const years: number[] = [];
    const valuesOf = (y: number, through: number) => {
      const prevIdx = firstAtOrAfter(rows, `${y}-01-01`) - 1;
      if (prevIdx < 0 || !rows[prevIdx]!.date.startsWith(String(y - 1))) return null;
      const base = rows[prevIdx]!.close;
      return CALENDAR.slice(0, through).map((mmdd) => {
        const i = firstAtOrAfter(rows, `${y}-${mmdd}z`) - 1;
        return i === prevIdx ? 0 : rows[i]!.close / base - 1;
      });
    };
    const curves: number[][] = [];
    for (let y = 1990; y <= Number(last.slice(0, 4)); y++) {
      if (last < `${y}-12-31`) continue;
      const v = valuesOf(y, 365);
      if (v) {
        years.push(y);
        curves.push(v);
      }
    }
    const curve = CALENDAR.map((_, d) => curves.reduce((a, v) => a + v[d]!, 0) / curves.length);
    expect(got.years).toEqual(years);
    expectClose(got.curve, curve);
    expectClose(
      got.detrended,
      curve.map((v, d) => v - (curve[364]! * d) / 364),
    );
    const y = Number(last.slice(0, 4));
    expectClose(got.current, { year: y, values: valuesOf(y, position(last.slice(5)) + 1) });
  });

  it('best trades', () => {
    const got = bestTrades(series, { minDays: 10, maxDays: 12, from: 2008, to: 2016, top: 4 });
    for (const short of [false, true]) {
      const windows = [];
      for (let k = 0; k < 365; k++) {
        for (let days = 10; days <= 12; days++) {
          const ys = plainYears(rows, CALENDAR[k]!, CALENDAR[(k + days) % 365]!, 2008, 2016, short);
          const rs = ys.map((w) => w.r);
          windows.push({
            k,
            days,
            ys,
            n: rs.length,
            winRate: rs.filter((r) => r > 0).length / rs.length,
            mean: rs.reduce((a, b) => a + b, 0) / rs.length,
          });
        }
      }
      // The default minYears: the most any window reaches, less 2.
      const most = Math.max(...windows.map((w) => w.n));
      const ranked = windows
        .filter((w) => w.n >= Math.max(1, most - 2))
        .sort((a, b) => b.winRate - a.winRate || b.mean - a.mean || a.k - b.k || a.days - b.days);
      const used = new Set<number>();
      const chosen = [];
      for (const w of ranked) {
        if (chosen.length === 4) break;
        const span = Array.from({ length: w.days + 1 }, (_, d) => (w.k + d) % 365);
        if (span.some((d) => used.has(d))) continue;
        span.forEach((d) => used.add(d));
        chosen.push({
          start: CALENDAR[w.k],
          end: CALENDAR[(w.k + w.days) % 365],
          days: w.days,
          stats: plainStats(
            rows,
            w.ys.map((y) => y.r),
            w.ys.map((y) => y.year),
            w.days,
            short,
          ),
        });
      }
      expectClose(short ? got.short : got.long, chosen);
    }
  });
});
