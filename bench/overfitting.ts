// Overfitting of a best-trades search (issue 44), on the shared dataset's AAPL, warm, in process:
//   overfitting_ms        p50 of `seasonality overfitting AAPL --min-days 5 --max-days 30
//                         --bootstrap 1000` (18,980 windows searched; target ≤ 1,000 ms)
//   overfitting_cpu_ms    its mean CPU time (the machine's load inflates the wall time more)
//   overfitting_60_ms     the same over 5–60 days (40,880 windows), a figure
// and the figures of analytics.md's example (5–7 and 5–30 days: tested, the top window's PSR
// and DSR, PBO, the Reality Check's best window and p-values). The CSV is read directly:
//   npx tsx bench/overfitting.ts  → prints JSON (SHARED_DATA as for `npm run bench`).
import { overfitting, type OverfittingResult } from '@solstice/analytics';
import { readSeries } from './shared-universe.js';
import { timedRuns as timed } from './timing.js';

const round = (v: number | null | undefined, digits = 4) =>
  v === null || v === undefined ? null : Math.round(v * 10 ** digits) / 10 ** digits;

function figures(r: OverfittingResult) {
  return {
    tested: r.tested,
    minYears: r.minYears,
    top: r.selected && {
      window: `${r.selected.start} → ${r.selected.end} ${r.selected.direction}`,
      winners: r.selected.stats.winners,
      count: r.selected.stats.count,
      mean: round(r.selected.stats.mean),
    },
    sharpe: round(r.deflated?.sharpe),
    psr: round(r.deflated?.psr, 5),
    dsr: round(r.deflated?.dsr),
    sharpeVariance: round(r.deflated?.sharpeVariance),
    expectedMaxSharpe: round(r.deflated?.expectedMaxSharpe),
    pbo: round(r.pbo?.pbo),
    probLoss: round(r.pbo?.probLoss),
    combinations: r.pbo?.combinations ?? null,
    realityCheck: r.realityCheck && {
      best: `${r.realityCheck.best.start} → ${r.realityCheck.best.end} ${r.realityCheck.best.direction}`,
      bestMean: round(r.realityCheck.bestMean),
      pValue: r.realityCheck.pValue,
      naivePValue: r.realityCheck.naivePValue,
    },
  };
}

const aapl = readSeries('AAPL');
const search = (maxDays: number) => () => overfitting(aapl, { minDays: 5, maxDays, bootstrap: 1000, seed: 1n });
const short = timed(5, search(7));
const main = timed(10, search(30));
const wide = timed(5, search(60));
// One line: `npm run bench` reads the last line of stdout.
console.log(
  JSON.stringify({
    overfitting_ms: Math.round(main.p50),
    overfitting_cpu_ms: Math.round(main.cpu),
    overfitting_60_ms: Math.round(wide.p50),
    overfitting_7_ms: Math.round(short.p50),
    overfitting_aapl_5_7: figures(short.last),
    overfitting_aapl_5_30: figures(main.last),
    overfitting_aapl_5_60: figures(wide.last),
  }),
);
