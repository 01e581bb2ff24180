// A technical scan as of a past date (issue 43, item 7) over the shared dataset (~470 symbols,
// full history), through the server's use case (scanMarket: the date → the scan's session M,
// the field table of M from the per-version cache of past dates). Target: p50 ≤ 50 ms.
//   scan_as_of_p50_ms              p50 of the technical scan as of AS_OF (warm: M's table cached)
//   scan_as_of_p99_ms              its p99
//   scan_as_of_cold_ms             the first scan as of AS_OF (builds M's table, in steps)
//   scan_as_of_cold2_ms            the first scan as of a second date (another build)
//   scan_as_of_cold_longest_block_ms  the longest the event loop was held during a cold build
//   scan_latest_p50_ms             p50 of the same scan without a date (for comparison)
// Run alone: npx tsx bench/scan-as-of.ts  → prints JSON.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createMemoryMarketCache } from '../apps/server/src/modules/market/memory-market-cache.js';
import { scanMarket } from '../apps/server/src/modules/scanner/scan.js';
import { readUniverse } from './shared-universe.js';

const EXPRESSION =
  'rsi14 between 30 and 70 and close > sma50 and volume > 100k and change1d > -5% and sector != "Utilities"';
const OPTIONS = { sort: 'change1d', desc: true, limit: 50 };
/** A Saturday: the scan runs at Friday 2016-02-12. */
const AS_OF = '2016-02-13';
const SECOND = '2008-10-10';

const universe = readUniverse();
const market = createMemoryMarketCache(
  universe.map((u) => u.series),
  universe.map((u) => u.instrument),
);
const round = (v: number) => Math.round(v * 1000) / 1000;

async function timed(asOf?: string): Promise<{ ms: number; asOf: string | null; count: number }> {
  const t0 = performance.now();
  const r = await scanMarket(market, { expression: EXPRESSION, ...OPTIONS, ...(asOf ? { asOf } : {}) });
  return { ms: performance.now() - t0, asOf: r.asOf, count: r.count };
}
async function percentiles(runs: number, asOf?: string): Promise<{ p50: number; p99: number }> {
  const ms: number[] = [];
  for (let k = 0; k < runs; k++) ms.push((await timed(asOf)).ms);
  ms.sort((a, b) => a - b);
  return { p50: round(ms[Math.floor(ms.length / 2)]!), p99: round(ms[Math.floor(ms.length * 0.99)]!) };
}

// The latest table first (built at a server's first request), so the cold figures are the past dates' own.
const latestBuild = await timed();
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
const cold = await timed(AS_OF);
delay.disable();
const cold2 = await timed(SECOND);
const warm = await percentiles(200, AS_OF);
const latest = await percentiles(200);

process.stdout.write(
  `${JSON.stringify({
    scan_as_of_p50_ms: warm.p50,
    scan_as_of_p99_ms: warm.p99,
    scan_as_of_cold_ms: round(cold.ms),
    scan_as_of_cold2_ms: round(cold2.ms),
    scan_as_of_cold_longest_block_ms: round(delay.max / 1e6),
    scan_latest_p50_ms: latest.p50,
    scan_latest_first_ms: round(latestBuild.ms),
    scan_as_of_date: AS_OF,
    scan_as_of_session: cold.asOf,
    scan_as_of_matches: cold.count,
    scan_as_of_symbols: universe.length,
  })}\n`,
);
