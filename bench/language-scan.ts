// Issue 43: a whole-market scan in the scan language over the shared universe (a weekly term,
// a rank within sectors, an rs against SPY), and a chart's series of 30 years of daily bars.
// Run alone: npx tsx bench/language-scan.ts  → prints JSON.
import {
  chartExpressionSeries,
  compileScan,
  fieldTableFromSeries,
  runScan,
  type FieldTable,
  type PriceSeries,
} from '@solstice/analytics';
import { readUniverse } from './shared-universe.js';

const EXPRESSION = 'weekly(rsi(close, 14)) < 40 and rank(m6, sector) >= 90 and rs(SPY, 63) > 0';
const universe = readUniverse();
const symbols = new Map(universe.map((u) => [u.instrument.symbol.toLowerCase(), u.instrument.symbol]));
const options = { resolveSymbol: (s: string) => symbols.get(s.toLowerCase()) };

const round = (v: number) => Math.round(v * 1000) / 1000;
const percentile = (runs: number[], p: number) => {
  const sorted = [...runs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
};

function scanOnce(table: FieldTable): { ms: number; count: number } {
  const start = performance.now();
  // Compile included: a request parses its expression every time.
  const result = runScan(table, compileScan(EXPRESSION, options), { sort: 'rs(SPY, 63)', desc: true, limit: 50 });
  return { ms: performance.now() - start, count: result.count };
}

let t0 = performance.now();
const table = fieldTableFromSeries(universe);
const buildMs = performance.now() - t0;
// Cold: the first scan on a table computes each term for every symbol (then cached per table).
const cold = scanOnce(table);
const warm: number[] = [];
for (let k = 0; k < 300; k++) warm.push(scanOnce(table).ms);
const measured = warm.slice(50);

// As of a past date: a table of its own (built once per date), then the same scan.
const pastDay = Math.round(Date.UTC(2016, 1, 11) / 86_400_000);
t0 = performance.now();
const past = fieldTableFromSeries(universe, { asOf: pastDay });
const pastBuildMs = performance.now() - t0;
const pastCold = scanOnce(past);
const pastWarm: number[] = [];
for (let k = 0; k < 100; k++) pastWarm.push(scanOnce(past).ms);

// A chart panel: one expression over a long daily history (the longest series of the data).
const longest = universe.reduce<PriceSeries>(
  (best, u) => (u.series.dates.length > best.dates.length ? u.series : best),
  universe[0]!.series,
);
const chartRuns = (expression: string, timeframe: 'daily' | 'weekly') => {
  const runs: number[] = [];
  for (let k = 0; k < 30; k++) {
    const start = performance.now();
    chartExpressionSeries(expression, longest, timeframe, options);
    runs.push(performance.now() - start);
  }
  return round(percentile(runs.slice(5), 0.5));
};

process.stdout.write(
  `${JSON.stringify({
    language_scan_p50_ms: round(percentile(measured, 0.5)),
    language_scan_p99_ms: round(percentile(measured, 0.99)),
    language_scan_cold_ms: round(cold.ms),
    language_scan_matches: cold.count,
    language_scan_instruments: table.size,
    language_field_table_build_ms: round(buildMs),
    language_scan_asof_p50_ms: round(percentile(pastWarm.slice(20), 0.5)),
    language_scan_asof_cold_ms: round(pastCold.ms),
    language_scan_asof_table_build_ms: round(pastBuildMs),
    language_scan_asof_matches: pastCold.count,
    chart_bars: longest.dates.length,
    chart_rsi_daily_p50_ms: chartRuns('rsi(close, 14)', 'daily'),
    chart_weekly_rsi_on_weekly_bars_p50_ms: chartRuns('rsi(close, 14)', 'weekly'),
    chart_weekly_rsi_on_daily_bars_p50_ms: chartRuns('weekly(rsi(close, 14))', 'daily'),
  })}\n`,
);
