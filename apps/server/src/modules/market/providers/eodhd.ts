import { z } from 'zod';
import type { ImportIssue } from '../import/parse.js';
import { checkedBars, type RawRow } from './checked-rows.js';
import type { RequestPolicy } from './http-deps.js';
import type { History, LatestDay, MarketDataProvider, ProviderBar, ProviderInfo } from './provider.js';
import { providerHttpOf, type HttpAnswer, type KeyedProviderOptions } from './provider-http.js';
import { providerSymbol } from './symbols.js';

export const EODHD_DEFAULT_BASE_URL = 'https://eodhd.com/api';

export const EODHD_INFO: ProviderInfo = {
  id: 'eodhd',
  name: 'EODHD',
  terms:
    'Consumer plans are for personal use; showing the data to paying subscribers needs the "Startups & Enterprise" plan. The free plan (20 calls a day, one year of history) is only good for a smoke test.',
  personalUseOnly: false,
  indexes: true,
};

export const EODHD_POLICY: RequestPolicy = {
  timeoutMs: 30_000,
  attempts: 3,
  backoffMs: 1_000,
  maxBackoffMs: 30_000,
  maxRetryAfterMs: 60_000,
  concurrency: 8,
  minIntervalMs: 0,
};

const price = z.number().nullable();
const row = {
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD'),
  open: price,
  high: price,
  low: price,
  close: price,
  adjusted_close: price,
  volume: price,
};
const eodSchema = z.array(z.object(row));
/**
 * The bulk day's rows: the /eod fields plus the ticker without its exchange suffix in
 * `code`. data-providers.md §8 gives the endpoint but not this shape; `code` is what
 * EODHD's clients read (independent client code agrees). A different shape fails the whole
 * answer here, never yields rows.
 */
const bulkSchema = z.array(z.object({ ...row, code: z.string() }));

/** Milliseconds to the next midnight UTC: EODHD's daily counter resets at midnight GMT. */
function untilMidnightUtc(now: number): number {
  return 86_400_000 - (now % 86_400_000);
}

export type EodhdOptions = KeyedProviderOptions;

/** EODHD's /eod/{SYM.US}: raw OHLC with adjusted_close (split + dividend); /eod-bulk-last-day/US for one day. */
export function createEodhdProvider(options: EodhdOptions): MarketDataProvider {
  const { base, deps, http } = providerHttpOf(
    'eodhd',
    { baseUrl: EODHD_DEFAULT_BASE_URL, policy: EODHD_POLICY },
    options,
  );
  const headers = { Accept: 'application/json' };

  const classify = (symbol: string) => (answer: HttpAnswer) => {
    const { status, body } = answer;
    if (status === 404) return http.unknownSymbol(symbol, body);
    if (status === 401) return http.keyRefused(symbol, answer, 'EODHD_API_KEY');
    if (status === 402)
      return http.error(symbol, 'quota', `daily allowance used up (HTTP 402 ${http.quote(body)})`, {
        pauseMs: untilMidnightUtc(deps.now()),
      });
    if (status === 403) return http.error(symbol, 'plan', `not in the plan (HTTP 403 ${http.quote(body)})`);
    return null;
  };

  // Only adjusted_close is adjusted: the importer's Yahoo rule scales open, high and low by
  // adjusted_close / close, as the reference says to (§8).
  const rawRow = (r: z.infer<typeof eodSchema>[number]): RawRow => ({
    date: r.date,
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    adjClose: r.adjusted_close,
    volume: r.volume,
  });

  return {
    info: EODHD_INFO,
    // asked for US listings (SYM.US) only: instruments on the NYSE calendar (§15.3)
    supports: (_symbol, calendar) => (calendar ?? 'nyse') === 'nyse',
    async fetchHistory(symbol, from, to, signal): Promise<History> {
      const code = providerSymbol('eodhd', symbol)!;
      const query = new URLSearchParams({ from, to, period: 'd', order: 'a', fmt: 'json', api_token: options.apiKey });
      const url = `${base}/eod/${encodeURIComponent(code)}?${query}`;
      const answer = await http.get(symbol, url, headers, classify(symbol), signal);
      const rows = http.parse(symbol, answer, eodSchema).map(rawRow);
      const { bars, issues } = checkedBars('eodhd', symbol, rows, { from, to });
      return { provider: 'eodhd', symbol, bars, issues, actions: [] };
    },
    async fetchLatestDay(date, symbols, signal): Promise<LatestDay> {
      const label = 'US market';
      const query = new URLSearchParams({ date, fmt: 'json', api_token: options.apiKey });
      const answer = await http.get(label, `${base}/eod-bulk-last-day/US?${query}`, headers, classify(label), signal);
      const rows = http.parse(label, answer, bulkSchema);
      const byCode = new Map(rows.map((r) => [r.code.toUpperCase(), r]));
      const bars = new Map<string, ProviderBar>();
      const issues: ImportIssue[] = [];
      for (const symbol of symbols) {
        const code = providerSymbol('eodhd', symbol)!;
        if (!code.endsWith('.US')) continue; // indexes are not in the US bulk file
        const found = byCode.get(code.slice(0, -3));
        if (!found) continue;
        if (found.date !== date) {
          issues.push({
            file: `eodhd:${symbol}`,
            line: null,
            reason: `${found.date}: not the day asked (${date})`,
            action: 'skip',
          });
          continue;
        }
        const checked = checkedBars('eodhd', symbol, [rawRow(found)], { from: date, to: date });
        issues.push(...checked.issues);
        if (checked.bars[0]) bars.set(symbol, checked.bars[0]);
      }
      return { provider: 'eodhd', date, bars, issues };
    },
  };
}
