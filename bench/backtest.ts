// Seasonal backtest benchmark (issue 22): 20 legs over 30 start years (1987–2016) on the
// shared dataset's 20 longest histories, benchmark SPY, warm, in process:
//   backtest_20x30_ms   p50 of one backtest (no target: a figure)
// The CSVs are read directly (no import, no database), so it runs alone in a few seconds:
//   npx tsx bench/backtest.ts  → prints JSON (SHARED_DATA as for `npm run bench`).
import fs from 'node:fs';
import path from 'node:path';
import { seasonalBacktest, type BacktestLeg, type PriceSeries } from '@solstice/analytics';
import { DATA, readSeries } from './shared-universe.js';

const LEGS = 20;
const FROM = 1987;
const TO = 2016;

// The longest histories (largest files), SPY aside as the benchmark.
const files = fs
  .readdirSync(path.join(DATA, 'daily'))
  .filter((f) => f.endsWith('.csv') && f !== 'SPY.csv')
  .map((f) => ({ symbol: f.slice(0, -4), size: fs.statSync(path.join(DATA, 'daily', f)).size }))
  .sort((a, b) => b.size - a.size || a.symbol.localeCompare(b.symbol))
  .slice(0, LEGS);
const market = new Map<string, PriceSeries>();
for (const { symbol } of [...files, { symbol: 'SPY' }]) {
  if (fs.existsSync(path.join(DATA, 'daily', `${symbol}.csv`))) market.set(symbol, readSeries(symbol));
}

// One leg per symbol: windows of one to five months spread over the year, long and short alternately.
const pad = (n: number) => String(n).padStart(2, '0');
const legs: BacktestLeg[] = files.map(({ symbol }, i) => ({
  symbol,
  start: `${pad((i % 12) + 1)}-05`,
  end: `${pad(((i + 1 + Math.floor(i / 6)) % 12) + 1)}-25`,
  direction: i % 2 === 0 ? 'long' : 'short',
}));
const options = { legs, from: FROM, to: TO, costBps: 5, benchmark: market.has('SPY') ? 'SPY' : null };
const lookup = (symbol: string) => market.get(symbol);

const run = () => seasonalBacktest(lookup, options);
for (let i = 0; i < 5; i++) run();
const ms: number[] = [];
let last = run();
for (let i = 0; i < 30; i++) {
  const t0 = performance.now();
  last = run();
  ms.push(performance.now() - t0);
}
ms.sort((a, b) => a - b);
const round = (v: number) => Math.round(v * 1000) / 1000;
process.stdout.write(
  `${JSON.stringify({
    backtest_20x30_ms: round(ms[Math.floor(ms.length / 2)]!),
    backtest_20x30_p99_ms: round(ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))]!),
    backtest_20x30_trades: last.metrics.trades,
    backtest_20x30_equity_dates: last.equity.length,
    backtest_20x30_total_return: last.metrics.totalReturn === null ? null : round(last.metrics.totalReturn),
  })}\n`,
);
