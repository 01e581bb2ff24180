import { formatMonthDay, type SeasonalityScanOptions } from '@solstice/analytics';
import type { AppLogger } from '../../../logging.js';
import type { MarketCache } from '../../market/market-cache.js';
import { wholeMarket } from '../seasonality.service.js';
import type { AnalyticsPool } from './analytics-pool.js';

/**
 * How long after the server listens the start's warm-up begins: starting the worker threads
 * holds the event loop for tens of milliseconds (the start's first answer came 60–130 ms
 * later with the warm-up at once), and the first requests are health checks.
 */
export const WARM_UP_AFTER_START_MS = 1000;

/** The pool's user key of the warm-up: a user's key is their id or their address, never this. */
export const WARM_UP_USER = 'warm-up';

const mmdd = (d: Date) => formatMonthDay({ month: d.getUTCMonth() + 1, day: d.getUTCDate() });

/**
 * The seasonality scanner screen's first scan (apps/web, scan-form.ts DEFAULTS and the
 * screen's start days): today to 14 days on, 10–30 days, every year, long, minWinRate 0.7.
 */
export function defaultScan(now: Date): SeasonalityScanOptions {
  return {
    startFrom: mmdd(now),
    startTo: mmdd(new Date(now.getTime() + 14 * 86_400_000)),
    minDays: 10,
    maxDays: 30,
    minWinRate: 0.7,
    direction: 'long',
  };
}

export interface WarmUpDeps {
  market: MarketCache;
  analytics: AnalyticsPool;
  now: () => Date;
  log: AppLogger;
  /** True once the server is stopping: a warm-up cut short by it is not worth a warning. */
  stopping: () => boolean;
}

/**
 * Warm-ups on request (`request()` after each load of the market), one at a time: a request
 * while one runs is remembered, and one more runs after it, on the market as it is then.
 */
export function analyticsWarmer(deps: WarmUpDeps): { request(): void; idle(): Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  const start = (): void => {
    running = warmUpAnalytics(deps).then(() => {
      running = null;
      if (again && !deps.stopping()) {
        again = false;
        start();
      }
    });
  };
  return {
    request() {
      if (deps.stopping()) return;
      if (running) again = true;
      else start();
    },
    async idle() {
      while (running) await running;
    },
  };
}

/**
 * Runs the scanner's default scan over the whole market in the analytics pool, its answer
 * dropped: each worker builds the window tables of the symbols it owns and the base rates
 * of the default lengths, which a worker keeps while the market version lasts. Without it,
 * the first scan after a start or a data update paid for them (about 1 s on the shared data,
 * 10 s at 10,000 symbols). Never throws: a warm-up that fails only leaves the pool cold.
 */
export async function warmUpAnalytics(deps: WarmUpDeps): Promise<void> {
  const { market, analytics, log } = deps;
  const symbols = wholeMarket(market).map((s) => s.symbol);
  if (symbols.length === 0) return;
  const started = performance.now();
  log.info(`analytics: warming up (the scanner's default scan over ${symbols.length} symbols)`);
  try {
    await analytics.run({ kind: 'scan', symbols, options: defaultScan(deps.now()) }, { user: WARM_UP_USER });
    log.info(`analytics: warmed up in ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    if (!deps.stopping())
      log.warn({ err: error }, 'analytics: the warm-up scan failed; the first scan will build what it needs');
  }
}
