// Seasonality benchmarks on the shared dataset, read from the SQLite file that `npm run bench`
// imported (BENCH_DB=file:PATH), through the server's own market cache:
//   seasonality_scan_p50_ms  all instruments, 15 start days (06-01 … 06-15) × 10–30-day
//                            windows, 20 start years (1997–2016), long, warm (target ≤ 10 ms, issue 18; 50 ms, issue 9)
//   best_trades_p50_ms       one symbol (AAPL, else the longest history), 5–60 days,
//                            30 start years (1987–2016), warm (target ≤ 150 ms)
//   best_trades_risk_p50_ms  the same best trades ranked by returnToRisk (issue 44: every
//                            window's mean MAE is read), warm
//   seasonality_scan_risk_p50_ms  the same scan ranked by returnToRisk, warm
//   walk_forward_p50_ms      walk-forward (issue 22) of the same symbol, 5–60 days, all
//                            years, trainYears 10, warm (target ≤ 300 ms)
//   duckdb_scan_ratio        our scan time / the same scan as one DuckDB SQL query over the
//                            same bars (target ≤ 1), plus how far the two answers agree.
//   seasonality_scan_qvalue_overhead_pct  what the evidence (a pValue per tested window, the
//                            qValues) adds to the warm scan, issue 22 (target ≤ 20 %): p50 of
//                            the scan / p50 of the same scan without it (the grid counted and
//                            ranked as the scanner does, each best window's details), 30 runs
//                            of each, alternating, after 5 warm-ups of each.
// Run alone: BENCH_DB=file:/tmp/x.sqlite npx tsx bench/seasonality.ts  → prints JSON.
import { DuckDBInstance } from '@duckdb/node-api';
import {
  WindowGrid,
  bestTrades,
  calendarIndex as calendarPosition,
  parseMonthDay,
  rowRange,
  scannerMinYears,
  seasonalityScan,
  startPositions,
  walkForward,
  windowDetails,
  windowTable,
  type PriceSeries,
} from '@solstice/analytics';
import { openDatabase } from '../apps/server/src/db/database.js';
import { DatabaseMarketCache } from '../apps/server/src/modules/market/database-market-cache.js';

const DB = process.env.BENCH_DB;
if (!DB) throw new Error('BENCH_DB=file:PATH (an imported database) is required');

const SCAN = {
  startFrom: '06-01',
  startTo: '06-15',
  minDays: 10,
  maxDays: 30,
  from: 1997,
  to: 2016,
  direction: 'long' as const,
};
const BEST = { minDays: 5, maxDays: 60, from: 1987, to: 2016 };
const DAY_MS = 86_400_000;

const round = (v: number, digits = 3) => Math.round(v * 10 ** digits) / 10 ** digits;
function percentile(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
}
async function time<T>(runs: number, warmup: number, f: () => T | Promise<T>): Promise<{ ms: number[]; last: T }> {
  let last!: T;
  for (let i = 0; i < warmup; i++) last = await f();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await f();
    ms.push(performance.now() - t0);
  }
  return { ms, last };
}

const database = await openDatabase(DB);
const market = new DatabaseMarketCache(database);
const t0 = performance.now();
await market.reload();
const loadMs = performance.now() - t0;
const universe: PriceSeries[] = market.symbols().map((s) => market.series(s)!);
const bars = universe.reduce((n, s) => n + s.dates.length, 0);

// --- ours ---------------------------------------------------------------------------------
const scan = await time(30, 5, () => seasonalityScan(universe, SCAN));
// AAPL has bars from 1984, so all 30 start years count; otherwise the longest history.
const bestSymbol =
  market.series('AAPL') !== undefined
    ? 'AAPL'
    : universe.reduce((a, b) => (b.dates.length > a.dates.length ? b : a)).symbol;
const best = await time(30, 3, () => bestTrades(market.series(bestSymbol)!, BEST));
const bestRisk = await time(30, 3, () => bestTrades(market.series(bestSymbol)!, { ...BEST, rank: 'returnToRisk' }));
const scanRisk = await time(30, 5, () => seasonalityScan(universe, { ...SCAN, rank: 'returnToRisk' }));
const forward = await time(10, 2, () => walkForward(market.series(bestSymbol)!, { minDays: 5, maxDays: 60 }));

// --- the evidence's cost (issue 22) -----------------------------------------------------------
/** The scan without pValues and qValues: each symbol's best window, found and detailed as the scanner does. */
function scanWithoutQValues(series: readonly PriceSeries[]) {
  const grid = new WindowGrid(
    startPositions(calendarPosition(parseMonthDay(SCAN.startFrom)), calendarPosition(parseMonthDay(SCAN.startTo))),
    SCAN.minDays,
    SCAN.maxDays,
  );
  const results = [];
  for (const s of series) {
    const table = windowTable(s);
    const { lo, hi } = rowRange(table, SCAN.from, SCAN.to);
    if (lo > hi) continue;
    const most = grid.fillCounts(s, table, lo, hi);
    if (most === 0) continue;
    // Counted and ranked as the scanner counts and ranks (fillCounts, best).
    const best = grid.best('long', scannerMinYears(most));
    if (best >= 0) results.push(windowDetails(s, table, grid.startOf(best), grid.daysOf(best), lo, hi, 'long'));
  }
  return results;
}
const withQ: number[] = [];
const withoutQ: number[] = [];
for (let i = 0; i < 5; i++) {
  seasonalityScan(universe, SCAN);
  scanWithoutQValues(universe);
}
let plainResults = 0;
for (let i = 0; i < 30; i++) {
  let t = performance.now();
  seasonalityScan(universe, SCAN);
  withQ.push(performance.now() - t);
  t = performance.now();
  plainResults = scanWithoutQValues(universe).length;
  withoutQ.push(performance.now() - t);
}
if (plainResults !== scan.last.results.length) throw new Error('the scan without qValues found other windows');

// --- DuckDB -------------------------------------------------------------------------------
const duck = await DuckDBInstance.create(':memory:');
const con = await duck.connect();
await con.run('CREATE TABLE raw (symbol VARCHAR, day INTEGER, close DOUBLE)');
const tLoad = performance.now();
const appender = await con.createAppender('raw');
for (const s of universe) {
  for (let i = 0; i < s.dates.length; i++) {
    appender.appendVarchar(s.symbol);
    appender.appendInteger(s.dates[i]!);
    appender.appendDouble(s.close[i]!);
    appender.endRow();
  }
}
appender.closeSync();
await con.run(`CREATE TABLE bars AS SELECT symbol, DATE '1970-01-01' + day AS d, close FROM raw ORDER BY symbol, d`);
await con.run('DROP TABLE raw');
const duckLoadMs = performance.now() - tLoad;

const calendarIndex = (md: string) => {
  const [m, d] = md.split('-').map(Number) as [number, number];
  return (Date.UTC(2001, m - 1, d) - Date.UTC(2001, 0, 1)) / DAY_MS;
};
const first = calendarIndex(SCAN.startFrom);
const last = calendarIndex(SCAN.startTo);
const startValues = Array.from({ length: last - first + 1 }, (_, pos) => `(${pos}, ${first + pos})`).join(', ');

/**
 * analytics.md "Seasonality scanner" as SQL: every (symbol, start year, start day, length)
 * window; entry = first bar on or after the start date, exit = last bar on or before the end
 * date (ASOF joins), counted when the history covers the window and entry < exit; per
 * window count, winners and mean; per symbol the windows with count ≥ the default minYears
 * (the largest count less 2, at least 10: scannerMinYears), ranked by winRate, mean, earlier start, shorter length; the best one.
 * Calendar positions are days of the non-leap year 2001 (a window's end = start + L days,
 * wrapping past Dec 31 into the next year). Means are compared rounded to 1e-12: DuckDB may
 * sum equal returns in another order, and ours ties bitwise-equal means by start and length.
 */
const SQL = `
WITH span AS (SELECT symbol, min(d) AS first_d, max(d) AS last_d FROM bars GROUP BY symbol),
starts(pos, k) AS (VALUES ${startValues}),
lens AS (SELECT range::INTEGER AS len FROM range(${SCAN.minDays}, ${SCAN.maxDays + 1})),
yrs AS (SELECT range::INTEGER AS y FROM range(${SCAN.from}, ${SCAN.to + 1})),
win AS (
  SELECT pos, k, len, (k + len) % 365 AS ek, CAST((k + len) >= 365 AS INTEGER) AS crosses FROM starts, lens
),
sdates AS (
  SELECT y, k, make_date(y, month(DATE '2001-01-01' + k), day(DATE '2001-01-01' + k)) AS s FROM yrs, starts
),
edates AS (
  SELECT DISTINCT y, ek, crosses,
         make_date(y + crosses, month(DATE '2001-01-01' + ek), day(DATE '2001-01-01' + ek)) AS e
  FROM yrs, win
),
sgrid AS (SELECT sp.symbol, sd.* FROM span sp, sdates sd WHERE sp.first_d <= sd.s),
egrid AS (SELECT sp.symbol, ed.* FROM span sp, edates ed WHERE sp.last_d >= ed.e),
entries AS (
  SELECT g.symbol, g.y, g.k, b.d AS entry_d, b.close AS entry_c
  FROM sgrid g ASOF JOIN bars b ON b.symbol = g.symbol AND b.d >= g.s
),
exits AS (
  SELECT g.symbol, g.y, g.ek, g.crosses, b.d AS exit_d, b.close AS exit_c
  FROM egrid g ASOF JOIN bars b ON b.symbol = g.symbol AND b.d <= g.e
),
rets AS (
  SELECT en.symbol, w.pos, w.k, w.len, ex.exit_c / en.entry_c - 1 AS r
  FROM win w
  JOIN entries en ON en.k = w.k
  JOIN exits ex ON ex.symbol = en.symbol AND ex.y = en.y AND ex.ek = w.ek AND ex.crosses = w.crosses
  WHERE en.entry_d < ex.exit_d
),
stats AS (
  SELECT symbol, pos, k, len, count(*) AS n, count(*) FILTER (WHERE r > 0) AS winners, sum(r) / count(*) AS mean
  FROM rets GROUP BY symbol, pos, k, len
),
eligible AS (
  SELECT *, winners / n AS win_rate FROM stats
  QUALIFY n >= GREATEST(10, max(n) OVER (PARTITION BY symbol) - 2)
)
SELECT symbol, strftime(DATE '2001-01-01' + k, '%m-%d') AS start, len AS days, n AS count, win_rate, mean
FROM eligible
QUALIFY row_number() OVER (PARTITION BY symbol ORDER BY win_rate DESC, round(mean, 12) DESC, pos, len) = 1
ORDER BY win_rate DESC, mean DESC, pos, len, symbol`;

interface DuckRow {
  symbol: string;
  start: string;
  days: number;
  count: number;
  win_rate: number;
  mean: number;
}
const duckRun = async (): Promise<DuckRow[]> =>
  (await con.runAndReadAll(SQL)).getRowObjectsJS().map((r) => ({
    symbol: String(r.symbol),
    start: String(r.start),
    days: Number(r.days),
    count: Number(r.count),
    win_rate: Number(r.win_rate),
    mean: Number(r.mean),
  }));
const duckTimes = await time(5, 1, duckRun);

// --- agreement ----------------------------------------------------------------------------
const ours = new Map(scan.last.results.map((r) => [r.symbol, r]));
let agree = 0;
const disagreements: string[] = [];
for (const d of duckTimes.last) {
  const o = ours.get(d.symbol);
  const same =
    o !== undefined &&
    o.start === d.start &&
    o.days === d.days &&
    o.stats.count === d.count &&
    o.stats.winRate === d.win_rate &&
    Math.abs(o.stats.mean - d.mean) <= 1e-9;
  if (same) agree++;
  else if (disagreements.length < 5)
    disagreements.push(
      `${d.symbol}: duckdb ${d.start}+${d.days} n=${d.count} ${d.win_rate} ${d.mean}; ours ${
        o ? `${o.start}+${o.days} n=${o.stats.count} ${o.stats.winRate} ${o.stats.mean}` : 'none'
      }`,
    );
}
const sample = ['AAPL', 'MSFT', 'XOM'].filter((s) => ours.has(s));
const samples = Object.fromEntries(
  sample.map((s) => {
    const o = ours.get(s)!;
    const d = duckTimes.last.find((r) => r.symbol === s);
    return [
      s,
      {
        ours: `${o.start}+${o.days}d n=${o.stats.count} winRate=${round(o.stats.winRate, 4)} mean=${o.stats.mean}`,
        duckdb: d ? `${d.start}+${d.days}d n=${d.count} winRate=${round(d.win_rate, 4)} mean=${d.mean}` : 'none',
      },
    ];
  }),
);
con.closeSync();
duck.closeSync();
await database.close();

const scanP50 = percentile(scan.ms, 0.5);
const duckP50 = percentile(duckTimes.ms, 0.5);
process.stdout.write(
  `${JSON.stringify({
    market_cache_load_ms: Math.round(loadMs),
    market_cache_bars: bars,
    seasonality_scan_p50_ms: round(scanP50),
    seasonality_scan_p99_ms: round(percentile(scan.ms, 0.99)),
    seasonality_scan_symbols: universe.length,
    seasonality_scan_results: scan.last.results.length,
    seasonality_scan_tested: scan.last.tested,
    seasonality_scan_with_qvalue_p50_ms: round(percentile(withQ, 0.5)),
    seasonality_scan_no_qvalue_p50_ms: round(percentile(withoutQ, 0.5)),
    seasonality_scan_qvalue_overhead_pct: round((percentile(withQ, 0.5) / percentile(withoutQ, 0.5) - 1) * 100, 1),
    best_trades_p50_ms: round(percentile(best.ms, 0.5)),
    best_trades_risk_p50_ms: round(percentile(bestRisk.ms, 0.5)),
    seasonality_scan_risk_p50_ms: round(percentile(scanRisk.ms, 0.5)),
    best_trades_symbol: bestSymbol,
    best_trades_bars: market.series(bestSymbol)!.dates.length,
    walk_forward_p50_ms: round(percentile(forward.ms, 0.5)),
    duckdb_load_ms: Math.round(duckLoadMs),
    duckdb_scan_p50_ms: round(duckP50),
    duckdb_scan_ratio: round(scanP50 / duckP50, 4),
    duckdb_agreement: `${agree}/${duckTimes.last.length} symbols' best windows equal (ours: ${scan.last.results.length})`,
    duckdb_agreement_samples: samples,
    ...(disagreements.length > 0 ? { duckdb_disagreements: disagreements } : {}),
  })}\n`,
);
