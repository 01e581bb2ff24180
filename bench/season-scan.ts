// Seasonal fields in the technical scanner (issue 22, item 4): a universe scan with
// `season20.*` conditions over the shared dataset (~470 symbols, full history), as of its
// market session. Target: ≤ 20 ms.
//   scan_season_ms             p50 of analytics.md's example, `season20.winRate >= 0.8 and
//                              season20.count >= 15 and close > sma200`, parse included, each
//                              run on a table with no seasonal column computed yet (a new
//                              session's table); the per-series memos (window tables) warm
//   scan_season_cold_ms        the same scan, the very first time (nothing memoized)
//   scan_season_pvalue_ms      p50 of `season20.pValue < 0.05` (every row, base rates included)
//   scan_season_pvalue_cold_ms the same, the first time (builds each series' window table)
//   scan_season_memo_ms        p50 of the example again on the same table (columns kept)
// Run alone: npx tsx bench/season-scan.ts  → prints JSON.
import { compileScan, fieldTableFromSeries, runScan, seasonalRows, type FieldTable } from '@solstice/analytics';
import { readUniverse } from './shared-universe.js';

const EXAMPLE = 'season20.winRate >= 0.8 and season20.count >= 15 and close > sma200';
const PVALUE = 'season20.pValue < 0.05';
const OPTIONS = { sort: 'season20.mean', desc: true, limit: 50 };

const universe = readUniverse();
const table = fieldTableFromSeries(universe);
/** The same table with no seasonal column computed yet. */
const fresh = (): FieldTable => ({ ...table, seasonal: seasonalRows(table.seasonal!.series, table.seasonal!.days) });

const round = (v: number) => Math.round(v * 1000) / 1000;
function once(t: FieldTable, expression: string): { ms: number; count: number } {
  const t0 = performance.now();
  const count = runScan(t, compileScan(expression), OPTIONS).count;
  return { ms: performance.now() - t0, count };
}
function p50(runs: number, make: () => FieldTable, expression: string): number {
  const ms: number[] = [];
  for (let k = 0; k < runs; k++) ms.push(once(make(), expression).ms);
  ms.sort((a, b) => a - b);
  return round(ms[Math.floor(ms.length / 2)]!);
}

const cold = once(fresh(), EXAMPLE);
const pCold = once(fresh(), PVALUE);
const warm = p50(50, fresh, EXAMPLE);
const pWarm = p50(30, fresh, PVALUE);
const memoTable = fresh();
const memo = p50(50, () => memoTable, EXAMPLE);

process.stdout.write(
  `${JSON.stringify({
    scan_season_ms: warm,
    scan_season_cold_ms: round(cold.ms),
    scan_season_pvalue_ms: pWarm,
    scan_season_pvalue_cold_ms: round(pCold.ms),
    scan_season_memo_ms: memo,
    scan_season_instruments: table.size,
    scan_season_as_of: table.asOf,
    scan_season_matches: cold.count,
    scan_season_pvalue_matches: pCold.count,
  })}\n`,
);
