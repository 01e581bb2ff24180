import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '../../../db/database.js';
import { dayNumberFast, isoFromDay } from '../dates.js';
import { importPaths } from '../import/importer.js';
import type { ImportIssue } from '../import/parse.js';
import { announceMarketChange } from '../market-events.js';
import type { BarProvider } from './providers.js';

export interface SyncOptions {
  provider: BarProvider;
  /** 'YYYY-MM-DD': fetch up to this day (default: today, UTC). */
  today?: string;
  timeoutMs?: number;
  /** Attempts per symbol, the first included. */
  attempts?: number;
  /** First backoff delay; doubles at each retry. */
  backoffMs?: number;
  /** Only these symbols (default: every non-synthetic instrument). */
  symbols?: readonly string[];
  fetch?: typeof fetch;
}

export interface SymbolSyncResult {
  symbol: string;
  status: 'updated' | 'unchanged' | 'failed';
  from: string;
  attempts: number;
  inserted: number;
  updated: number;
  issues: ImportIssue[];
  error?: string;
}

export interface SyncReport {
  provider: string;
  symbols: SymbolSyncResult[];
  inserted: number;
  updated: number;
  failed: number;
}

class RetryableError extends Error {}

/** Bars before the first stored one are not fetched: a symbol without bars starts here. */
const EMPTY_HISTORY_START = '2000-01-01';

/**
 * Fetches the bars since the latest stored date of every non-synthetic instrument and
 * imports them with the importer's rules. Timeouts (AbortSignal.timeout), retries with
 * exponential backoff on network errors, timeouts, 429 and 5xx; other answers fail at once.
 */
export async function syncMarketData(database: DatabaseHandle, options: SyncOptions): Promise<SyncReport> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const doFetch = options.fetch ?? fetch;
  const attempts = options.attempts ?? 3;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const backoffMs = options.backoffMs ?? 1000;
  let query = database.db
    .selectFrom('instruments')
    .leftJoin('daily_bars', 'daily_bars.symbol', 'instruments.symbol')
    .select(['instruments.symbol as symbol', (eb) => eb.fn.max('daily_bars.date').as('latest')])
    .where('instruments.synthetic', '=', 0)
    .groupBy('instruments.symbol')
    .orderBy('instruments.symbol');
  if (options.symbols) query = query.where('instruments.symbol', 'in', [...options.symbols]);
  const targets = await query.execute();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-sync-'));
  const results: SymbolSyncResult[] = [];
  let changed = false;
  try {
    for (const { symbol, latest } of targets) {
      const from = latest ? isoFromDay(dayNumberFast(latest) + 1) : EMPTY_HISTORY_START;
      const result: SymbolSyncResult = {
        symbol,
        status: 'unchanged',
        from,
        attempts: 0,
        inserted: 0,
        updated: 0,
        issues: [],
      };
      results.push(result);
      if (from > today) continue;
      let body: string | null = null;
      for (let attempt = 1; attempt <= attempts && body === null; attempt++) {
        result.attempts = attempt;
        try {
          body = await fetchText(doFetch, options.provider.url(symbol, from, today), timeoutMs);
          delete result.error;
        } catch (error) {
          result.error = error instanceof Error ? error.message : String(error);
          if (!(error instanceof RetryableError) || attempt === attempts) break;
          await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** (attempt - 1)));
        }
      }
      if (body === null) {
        result.status = 'failed';
        continue;
      }
      // Stooq answers "No data" for an empty range.
      if (body.trim() === '' || /^no data/i.test(body.trim())) continue;
      const file = path.join(dir, `${symbol.replace(/[^A-Za-z0-9.-]/g, '_')}.csv`);
      fs.writeFileSync(file, body);
      const report = await importPaths(database, [file], { symbol, announce: false, deferIndex: false });
      fs.rmSync(file, { force: true });
      result.issues = report.issues.map((i) => ({ ...i, file: `${options.provider.name}:${symbol}` }));
      if (report.rejectedFiles.length > 0) {
        result.status = 'failed';
        result.error = `unreadable response: ${report.issues.find((i) => i.action === 'reject')?.reason ?? 'unknown'}`;
        continue;
      }
      result.inserted = report.inserted;
      result.updated = report.updated;
      if (report.changed) changed = true;
      result.status = report.inserted + report.updated > 0 ? 'updated' : 'unchanged';
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (changed) await announceMarketChange(database);
  return {
    provider: options.provider.name,
    symbols: results,
    inserted: results.reduce((a, r) => a + r.inserted, 0),
    updated: results.reduce((a, r) => a + r.updated, 0),
    failed: results.filter((r) => r.status === 'failed').length,
  };
}

async function fetchText(doFetch: typeof fetch, url: string, timeoutMs: number): Promise<string> {
  let response: Response;
  try {
    response = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw new RetryableError(
      name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : `network error: ${String(error)}`,
    );
  }
  if (response.status === 429 || response.status >= 500) {
    await response.body?.cancel();
    throw new RetryableError(`HTTP ${response.status}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status}`);
  }
  try {
    return await response.text();
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw new RetryableError(
      name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : `read error: ${String(error)}`,
    );
  }
}
