import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  mergeScanParts,
  mergeSerializedScanParts,
  type SeasonalityScanPart,
  type SerializedScanPart,
} from '@solstice/analytics';
import { Piscina } from 'piscina';
import { AppError } from '../../../http/errors.js';
import type { MarketCache } from '../../market/market-cache.js';
import type { AnalyticsJob, AnalyticsOutcome, AnalyticsResults, AnalyticsTask } from './analytics-task.js';
import { releaseSharedBuffers } from './shared-buffers.js';
import { SharedMarketSource } from './shared-market.js';

/** Heavy seasonality analytics off the event loop (docs/performance.md, "Analytics pool"). */
export interface AnalyticsPool {
  /**
   * Runs the job in a worker thread. Rejects with a 429 when `user` already has
   * `perUserLimit` jobs in the pool, and with `cancelled()` as soon as `signal` aborts (the
   * worker stops at the next symbol; the user's slot frees when it has).
   */
  run<K extends AnalyticsJob['kind']>(
    job: Extract<AnalyticsJob, { kind: K }>,
    context: { user: string; signal?: AbortSignal },
  ): Promise<AnalyticsResults[K]>;
  /** Jobs of this user in the pool now (tests, metrics). */
  running(user: string): number;
  /** Jobs finished since start: answered, or stopped because their caller had gone. */
  stats(): { completed: number; cancelled: number };
  close(): Promise<void>;
}

export interface AnalyticsPoolOptions {
  /** Worker threads; default: one per core, at most 4. */
  threads?: number;
  /** Jobs one user may have in the pool at once; default 2. */
  perUserLimit?: number;
}

export const DEFAULT_PER_USER_LIMIT = 2;

/** The caller went away before the answer: there is nobody to answer. */
export const cancelled = () => new AppError('bad_request', 'The request was cancelled: the client went away.');

function tooManyRunning(limit: number): AppError {
  return new AppError(
    'rate_limited',
    `You already have ${limit} seasonality ${limit === 1 ? 'computation' : 'computations'} running; wait for ${limit === 1 ? 'it' : 'one'} to finish.`,
    { running: limit, limit },
    { 'retry-after': '1' },
  );
}

/**
 * The built server has dist/analytics-worker.js beside its chunks (build.mjs); from the
 * TypeScript sources (Vitest, tsx) the bootstrap registers tsx in the worker first.
 */
function workerFile(): string {
  const built = new URL('./analytics-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built.href;
  return new URL('./analytics-worker.boot.mjs', import.meta.url).href;
}

/** A scan of fewer symbols runs in one worker: splitting would cost more than it saves. */
const MIN_SYMBOLS_TO_SPLIT = 32;

/**
 * The thread that owns a symbol (FNV-1a of its name): a scan's part for thread t holds the
 * symbols it owns, in every scan, so each symbol's window tables and base rates are built
 * once, in one thread, instead of in every thread a part of it happened to land on.
 */
export function ownerOf(symbol: string, threads: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < symbol.length; i++) h = Math.imul(h ^ symbol.charCodeAt(i), 0x01000193);
  return (h >>> 0) % threads;
}

/**
 * A scan over many symbols is split by owner, one part per thread (empty parts left out);
 * anything else runs whole, on the thread given (the least busy).
 */
export function splitJob(job: AnalyticsJob, threads: number, idle: number): { thread: number; job: AnalyticsJob }[] {
  if ((job.kind !== 'scan' && job.kind !== 'scanJson') || threads <= 1 || job.symbols.length < MIN_SYMBOLS_TO_SPLIT)
    return [{ thread: idle, job }];
  const parts = Array.from({ length: threads }, () => [] as string[]);
  for (const symbol of job.symbols) parts[ownerOf(symbol, threads)]!.push(symbol);
  return parts.flatMap((symbols, thread) => (symbols.length > 0 ? [{ thread, job: { ...job, symbols } }] : []));
}

/**
 * The outcome of a job from those of its parts: cancelled if any part was; a scan's answers
 * merged. A scan's parts lie in their threads' shared buffers, given back once merged (or
 * dropped).
 */
export function combine(job: AnalyticsJob, settled: PromiseSettledResult<AnalyticsOutcome>[]): AnalyticsOutcome {
  try {
    return combineParts(job, settled);
  } finally {
    if (job.kind === 'scan' || job.kind === 'scanJson')
      for (const s of settled)
        if (s.status === 'fulfilled' && !s.value.cancelled) releaseSharedBuffers(partBuffers(s.value.result));
  }
}

/** The arrays of a scan's part (SeasonalityScanPart or SerializedScanPart) that its thread leased. */
function partBuffers(part: unknown): ArrayBufferView[] {
  const { pValues, weights, text } = part as Partial<SerializedScanPart>;
  return [pValues, weights, text].filter((v): v is NonNullable<typeof v> => v !== undefined);
}

function combineParts(job: AnalyticsJob, settled: PromiseSettledResult<AnalyticsOutcome>[]): AnalyticsOutcome {
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason));
  const outcomes = settled.map((s) => (s as PromiseFulfilledResult<AnalyticsOutcome>).value);
  if (outcomes.some((o) => o.cancelled)) return { cancelled: true };
  const results = outcomes.map((o) => (o as { result: unknown }).result);
  // Each part of a scan is a scan before the adjustment for multiple testing, which needs every part's tests.
  if (job.kind === 'scan')
    return { cancelled: false, result: mergeScanParts(results as SeasonalityScanPart[], job.options) };
  if (job.kind === 'scanJson')
    return { cancelled: false, result: mergeSerializedScanParts(results as SerializedScanPart[], job.options) };
  return { cancelled: false, result: results[0] };
}

export function createAnalyticsPool(market: MarketCache, options: AnalyticsPoolOptions = {}): AnalyticsPool {
  const threads = Math.max(1, options.threads ?? Math.min(4, os.availableParallelism()));
  const perUserLimit = options.perUserLimit ?? DEFAULT_PER_USER_LIMIT;
  const shared = new SharedMarketSource(market);
  const perUser = new Map<string, number>();
  const counts = { completed: 0, cancelled: 0 };
  // One single-thread pool per thread rather than one pool of them: Piscina hands a task to any
  // idle thread, and a scan's parts must reach the threads that own their symbols (ownerOf).
  const workers = Array.from(
    { length: threads },
    () =>
      new Piscina({
        filename: workerFile(),
        // Started on the first job (most processes, tests among them, never run one), then kept:
        // a worker's window tables are worth keeping between jobs.
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: 30 * 60_000,
        // Below the event loop's thread: requests that need no worker go first (Linux; a no-op elsewhere).
        niceIncrement: 10,
      }),
  );
  const busy = new Int32Array(threads);
  const leastBusy = () => busy.reduce((best, n, t) => (n < busy[best]! ? t : best), 0);
  const runOn = (thread: number, task: AnalyticsTask): Promise<AnalyticsOutcome> => {
    busy[thread]! += 1;
    return (workers[thread]!.run(task) as Promise<AnalyticsOutcome>).finally(() => (busy[thread]! -= 1));
  };

  const release = (user: string) => {
    const n = (perUser.get(user) ?? 1) - 1;
    if (n <= 0) perUser.delete(user);
    else perUser.set(user, n);
  };

  return {
    run(job, { user, signal }) {
      if (signal?.aborted) return Promise.reject(cancelled());
      if ((perUser.get(user) ?? 0) >= perUserLimit) return Promise.reject(tooManyRunning(perUserLimit));
      perUser.set(user, (perUser.get(user) ?? 0) + 1);
      const cancel = new Int32Array(new SharedArrayBuffer(4));
      const whole: AnalyticsJob = job;
      const market = shared.get('symbols' in whole ? whole.symbols : [whole.symbol]);
      const parts = splitJob(whole, threads, leastBusy());
      // Every part settles before the user's slot frees; a failed part stops the others.
      const work = Promise.allSettled(
        parts.map(({ thread, job: part }) => {
          const task: AnalyticsTask = { market, cancel, job: part };
          return runOn(thread, task).catch((error: unknown) => {
            Atomics.store(cancel, 0, 1);
            throw error;
          });
        }),
      )
        .then((settled) => combine(whole, settled))
        .finally(() => release(user));
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          Atomics.store(cancel, 0, 1);
          reject(cancelled());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        work.then(
          (outcome) => {
            signal?.removeEventListener('abort', onAbort);
            counts[outcome.cancelled ? 'cancelled' : 'completed'] += 1;
            if (outcome.cancelled) reject(cancelled());
            else resolve(outcome.result as AnalyticsResults[typeof job.kind]);
          },
          (error: unknown) => {
            signal?.removeEventListener('abort', onAbort);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    },
    running: (user) => perUser.get(user) ?? 0,
    stats: () => ({ ...counts }),
    async close() {
      await Promise.all(workers.map((w) => w.destroy()));
    },
  };
}
