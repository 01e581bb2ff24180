// Conditional best trades (issue 44, item 2), on the shared dataset's AAPL, warm, in process:
//   conditional_best_trades_ms      p50 of `seasonality best-trades AAPL --min-days 5
//                                   --max-days 60 --condition "close > sma200"` (target ≤ 100 ms)
//   conditional_best_trades_cpu_ms  its mean CPU time
//   best_trades_plain_ms            the same search without a condition (the condition's cost is the difference)
//   conditional_best_trades_rsi_ms  with `close > sma200 and weekly(rsi14) < 70` (a timeframe term), a figure
// The CSV is read directly: npx tsx bench/conditional-best-trades.ts → prints JSON.
import { bestTrades, parseEntryCondition, type BestTradesOptions } from '@solstice/analytics';
import { readSeries } from './shared-universe.js';
import { timedRuns as timed } from './timing.js';

const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;
const aapl = readSeries('AAPL');
const search: BestTradesOptions = { minDays: 5, maxDays: 60 };
const plain = timed(15, () => bestTrades(aapl, search));
// A new series object each run would defeat the memoized window table: the same series, as the pool's.
const conditioned = timed(15, () => bestTrades(aapl, { ...search, condition: parseEntryCondition('close > sma200') }));
const weekly = timed(15, () =>
  bestTrades(aapl, { ...search, condition: parseEntryCondition('close > sma200 and weekly(rsi14) < 70') }),
);
const top = conditioned.last.long[0]!;
process.stdout.write(
  `${JSON.stringify({
    conditional_best_trades_ms: round(conditioned.p50),
    conditional_best_trades_cpu_ms: round(conditioned.cpu),
    best_trades_plain_ms: round(plain.p50),
    conditional_best_trades_rsi_ms: round(weekly.p50),
    conditional_best_trades_tested: conditioned.last.tested,
    conditional_best_trades_top: `${top.start} → ${top.end}: ${top.stats.winners} of ${top.stats.count} (${top.stats.conditionRemoved} removed)`,
  })}\n`,
);
