// Issue 18: the worst accepted scan, and the rest of the server while such scans run.
// Against a running built server (BENCH_URL) on an imported database (BENCH_DB), signed in
// as two users (BENCH_COOKIES: two Cookie header values, one a line; each user may run two
// analytics jobs at once, so four scans need two users):
//   worst_scan_ms                the widest scan the API accepts over the whole universe:
//                                start days 01-01 … 12-31, holding 1 … L days with L the
//                                largest under the cost cap, all years, both directions;
//                                through HTTP and the analytics pool; median of 3 after 1 warm-up
//   health_p99_under_scans_ms    GET /api/health, 10 connections, while 4 such scans run
//   overview_p99_under_scans_ms  GET /api/v1/market/overview (signed in), the same
//   seasonality_scan_api_p50_ms  the in-process bench's scan (bench/seasonality.ts: 06-01 … 06-15,
//                                10–30 days, 1997–2016, long) as a user waits for it: through
//                                HTTP and the pool (split over its threads); 30 runs after 5 warm-ups
// Run alone: BENCH_DB=file:… BENCH_URL=http://… BENCH_COOKIES=$'a\nb' npx tsx bench/under-scans.ts
import autocannon from 'autocannon';
import { SEASONALITY_LIMITS } from '@solstice/contracts';
import { openDatabase } from '../apps/server/src/db/database.js';
import { DatabaseMarketCache } from '../apps/server/src/modules/market/database-market-cache.js';
import { scanCost } from '../apps/server/src/modules/seasonality/scan-cost.js';

const DB = process.env.BENCH_DB;
const URL = process.env.BENCH_URL;
const COOKIES = (process.env.BENCH_COOKIES ?? '').split('\n').filter(Boolean);
if (!DB || !URL || COOKIES.length < 2)
  throw new Error('BENCH_DB, BENCH_URL and BENCH_COOKIES (two lines) are required');
const SECONDS = Math.min(10, Number(process.env.BENCH_LOAD_SECONDS ?? 10));

// The worst accepted scan: the largest maxDays whose cost stays under the cap.
const database = await openDatabase(DB);
const market = new DatabaseMarketCache(database);
await market.reload();
const universe = market.symbols().map((s) => market.series(s)!);
const base = {
  startFrom: '01-01',
  startTo: '12-31',
  minDays: 1,
  direction: 'both',
  minWinRate: 0,
  universe: 'all',
} as const;
let maxDays = 1;
while (
  maxDays < SEASONALITY_LIMITS.maxDays &&
  scanCost(universe, { ...base, maxDays: maxDays + 1 }).windowYears <= SEASONALITY_LIMITS.maxScanWindowYears
)
  maxDays++;
const worst = { startFrom: base.startFrom, startTo: base.startTo, minDays: 1, maxDays, direction: 'both' };
const windowYears = scanCost(universe, { ...base, maxDays }).windowYears;
await database.close();

async function scan(cookie: string, signal?: AbortSignal, inputs: object = worst): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${URL}/api/v1/seasonality/scan`, {
    method: 'POST',
    headers: { cookie, origin: URL!, 'content-type': 'application/json' },
    body: JSON.stringify(inputs),
    signal,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`scan: ${res.status} ${text.slice(0, 300)}`);
  return performance.now() - t0;
}

const BENCH_INPUTS = { startFrom: '06-01', startTo: '06-15', minDays: 10, maxDays: 30, from: 1997, to: 2016 };
for (let i = 0; i < 5; i++) await scan(COOKIES[0]!, undefined, BENCH_INPUTS);
const benchRuns: number[] = [];
for (let i = 0; i < 30; i++) benchRuns.push(await scan(COOKIES[0]!, undefined, BENCH_INPUTS));
const benchP50 = [...benchRuns].sort((a, b) => a - b)[15]!;

await scan(COOKIES[0]!); // warm-up: the workers start, the shared market is made, window tables are built
const runs: number[] = [];
for (let i = 0; i < 3; i++) runs.push(await scan(COOKIES[0]!));
const worstMs = [...runs].sort((a, b) => a - b)[1]!;

// Four scans at all times: two per user, each started again as soon as it ends.
const stop = new AbortController();
let scansDone = 0;
const loops = [0, 0, 1, 1].map(async (u) => {
  while (!stop.signal.aborted) {
    try {
      await scan(COOKIES[u]!, stop.signal);
      scansDone++;
    } catch (error) {
      if (!stop.signal.aborted) throw error;
    }
  }
});
await new Promise((r) => setTimeout(r, 500));

async function p99(path: string, cookie?: string) {
  const r = await autocannon({
    url: `${URL}${path}`,
    headers: cookie ? { cookie } : {},
    connections: 10,
    duration: SECONDS,
  });
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: Math.round(r.requests.average),
    bad: r.non2xx + r.errors + r.timeouts,
  };
}
const health = await p99('/api/health');
const overview = await p99('/api/v1/market/overview', COOKIES[0]);
stop.abort();
await Promise.all(loops);

process.stdout.write(
  `${JSON.stringify({
    worst_scan_ms: Math.round(worstMs),
    worst_scan_runs_ms: runs.map(Math.round),
    worst_scan_inputs: `all ${universe.length} symbols, starts 01-01…12-31, 1–${maxDays} days, all years, both`,
    worst_scan_window_years: windowYears,
    health_p99_under_scans_ms: health.p99,
    health_under_scans: health,
    overview_p99_under_scans_ms: overview.p99,
    overview_under_scans: overview,
    scans_completed_during_load: scansDone,
    seasonality_scan_api_p50_ms: Math.round(benchP50 * 10) / 10,
  })}\n`,
);
