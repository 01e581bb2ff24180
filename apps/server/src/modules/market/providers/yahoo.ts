import { dateInZone, type TradingCalendar } from '@solstice/analytics';
import { z } from 'zod';
import { VERSION } from '../../../version.js';
import { dayNumberFast, isoFromDay } from '../dates.js';
import { checkedBars, type RawRow } from './checked-rows.js';
import type { RequestPolicy } from './http-deps.js';
import type { CorporateAction, History, MarketDataProvider, ProviderInfo } from './provider.js';
import { ProviderError } from './provider-error.js';
import { isHtml, providerHttpOf, type HttpAnswer, type HttpProviderOptions } from './provider-http.js';
import { providerSymbol } from './symbols.js';
import { describeFromMeta, type InstrumentDescription } from './yahoo-instrument.js';

export const YAHOO_DEFAULT_BASE_URL = 'https://query1.finance.yahoo.com';

/**
 * Yahoo's chart API is unofficial, has no SLA, and its data is for personal use only
 * (Yahoo's terms, as the yfinance README states them): fine for one trader's own install,
 * not for showing to paying subscribers.
 */
export const YAHOO_INFO: ProviderInfo = {
  id: 'yahoo',
  name: 'Yahoo Finance (chart API)',
  terms:
    "Unofficial API without a service level; Yahoo's terms allow personal use only. Do not show its prices to paying subscribers; use a licensed provider (Tiingo's commercial plan) for that.",
  personalUseOnly: true,
  indexes: true,
};

/** The reference's pacing for a nightly job: one request at a time, one a second. */
export const YAHOO_POLICY: RequestPolicy = {
  timeoutMs: 20_000,
  attempts: 3,
  backoffMs: 2_000,
  maxBackoffMs: 30_000,
  maxRetryAfterMs: 60_000,
  concurrency: 1,
  minIntervalMs: 1_000,
};

/** Yahoo's edge limiter stays tripped for minutes whatever the pace: stop asking for 15 (§3.2). */
export const YAHOO_RATE_LIMIT_PAUSE_MS = 15 * 60_000;

/** Yahoo truncates long daily windows (one report): ask for at most this many days at once. */
export const YAHOO_WINDOW_DAYS = 3650;

/** A request reaches one day before and one after its dates (§15.1): this many dates fit in a window. */
const WINDOW_DATES = YAHOO_WINDOW_DAYS - 2;

/** `instruments add` looks at this many days of bars: their meta and whether they carry volume (§15.3). */
export const DESCRIBE_DAYS = 31;

const prices = z.array(z.number().nullable());
const chartSchema = z.object({
  chart: z.object({
    result: z
      .array(
        z.object({
          meta: z.object({
            symbol: z.string().optional(),
            currency: z.string().nullable().optional(),
            exchangeName: z.string().nullable().optional(),
            fullExchangeName: z.string().nullable().optional(),
            longName: z.string().nullable().optional(),
            shortName: z.string().nullable().optional(),
            exchangeTimezoneName: z.string().optional(),
            instrumentType: z.string().optional(),
            firstTradeDate: z.number().nullable().optional(),
          }),
          timestamp: z.array(z.number()).optional(),
          events: z
            .object({
              dividends: z.record(z.string(), z.object({ amount: z.number(), date: z.number() })).optional(),
              splits: z
                .record(z.string(), z.object({ date: z.number(), numerator: z.number(), denominator: z.number() }))
                .optional(),
            })
            .optional(),
          indicators: z.object({
            quote: z
              .array(
                z.object({
                  open: prices.optional(),
                  high: prices.optional(),
                  low: prices.optional(),
                  close: prices.optional(),
                  volume: prices.optional(),
                }),
              )
              .min(1),
            adjclose: z.array(z.object({ adjclose: prices.optional() })).optional(),
          }),
        }),
      )
      .min(1)
      .nullable(),
    error: z.object({ code: z.string(), description: z.string() }).nullable(),
  }),
});
type ChartResult = NonNullable<z.infer<typeof chartSchema>['chart']['result']>[number];

const errorSchema = z.object({ chart: z.object({ error: z.object({ code: z.string(), description: z.string() }) }) });

/** The exchange's calendar date of a Unix time (seconds), as Yahoo's meta names the zone. */
const exchangeDate = (seconds: number, timeZone: string) => dateInZone(seconds * 1000, timeZone);

interface Window {
  result: ChartResult;
  rows: RawRow[];
  actions: CorporateAction[];
  firstTradeDay: number | null;
}

export type YahooOptions = HttpProviderOptions;

/** Yahoo's /v8/finance/chart/{symbol}: split-adjusted OHLC plus adjclose, dividends and splits. */
export function createYahooProvider(options: YahooOptions = {}): MarketDataProvider {
  const { base, http } = providerHttpOf('yahoo', { baseUrl: YAHOO_DEFAULT_BASE_URL, policy: YAHOO_POLICY }, options);
  // Without a browser-like User-Agent the edge answers 429 "Edge: Too Many Requests" (§3.2).
  const headers = { 'User-Agent': `Mozilla/5.0 (compatible; Solstice/${VERSION})`, Accept: 'application/json' };

  const classify = (symbol: string) => (answer: HttpAnswer) => {
    const { status, body } = answer;
    if (/will be right back/i.test(body) && isHtml(answer))
      return http.error(symbol, 'unavailable', `Yahoo is down ("Will be right back" page, HTTP ${status})`, {
        retryable: true,
      });
    if (status === 429) {
      const retryAfter = answer.headers.get('retry-after');
      if (retryAfter === null)
        return http.error(
          symbol,
          'rate-limited',
          `rate limited (HTTP 429 ${http.quote(body)}): Yahoo not asked again for ${YAHOO_RATE_LIMIT_PAUSE_MS / 60_000} min`,
          { pauseMs: YAHOO_RATE_LIMIT_PAUSE_MS },
        );
      return null;
    }
    if (status >= 400 && status < 500) {
      const parsed = errorSchema.safeParse(safeJson(body));
      if (!parsed.success) return null;
      const { code, description } = parsed.data.chart.error;
      if (status === 404) return http.error(symbol, 'unknown-symbol', `unknown symbol (${code}: ${description})`);
      if (/doesn't exist/i.test(description)) return http.error(symbol, 'no-data', `no data (${description})`);
      return http.error(symbol, 'invalid-response', `HTTP ${status} ${code}: ${description}`);
    }
    return null;
  };

  async function fetchChart(symbol: string, code: string, period1: number, period2: number, signal?: AbortSignal) {
    const query = new URLSearchParams({
      period1: String(period1),
      period2: String(period2),
      interval: '1d',
      events: 'div,splits',
    });
    const url = `${base}/v8/finance/chart/${encodeURIComponent(code)}?${query}`;
    const answer = await http.get(symbol, url, headers, classify(symbol), signal);
    const chart = http.parse(symbol, answer, chartSchema).chart;
    if (chart.error) throw http.error(symbol, 'invalid-response', `${chart.error.code}: ${chart.error.description}`);
    if (!chart.result) throw http.error(symbol, 'invalid-response', 'unexpected answer: chart.result is null');
    return readResult(symbol, chart.result[0]!);
  }

  /**
   * The bars dated `first` to `last` (day numbers) in the exchange's zone: the request
   * reaches from 00:00 UTC of the day before to 00:00 UTC of two days after, since a
   * London- or Tokyo-midnight bar is stamped on the UTC day before its date (§15.1).
   */
  async function fetchWindow(symbol: string, code: string, first: number, last: number, signal?: AbortSignal) {
    const window = await fetchChart(symbol, code, (first - 1) * 86_400, (last + 2) * 86_400, signal);
    const from = isoFromDay(first);
    const to = isoFromDay(last);
    return { ...window, rows: window.rows.filter((r) => r.date >= from && r.date <= to) };
  }

  function readResult(symbol: string, result: ChartResult): Window {
    const zone = result.meta.exchangeTimezoneName ?? 'America/New_York';
    const firstTrade = result.meta.firstTradeDate;
    let dateOf: (seconds: number) => string;
    try {
      exchangeDate(0, zone);
      dateOf = (seconds) => exchangeDate(seconds, zone);
    } catch {
      throw http.error(symbol, 'invalid-response', `unknown exchange time zone ${JSON.stringify(zone)}`);
    }
    const firstTradeDay = typeof firstTrade === 'number' ? dayNumberFast(dateOf(firstTrade)) : null;
    const times = result.timestamp ?? [];
    const quote = result.indicators.quote[0]!;
    const adj = result.indicators.adjclose?.[0]?.adjclose;
    const columns = { open: quote.open, high: quote.high, low: quote.low, close: quote.close, volume: quote.volume };
    for (const [name, column] of Object.entries({ ...columns, adjclose: adj })) {
      if (times.length === 0 || (column === undefined && name === 'adjclose')) continue;
      if (!column || column.length !== times.length)
        throw http.error(
          symbol,
          'invalid-response',
          `unexpected answer: ${name} has ${column?.length ?? 0} values for ${times.length} timestamps`,
        );
    }
    // Only shares pay dividends: an index, a future, a currency or a coin needs no adjclose.
    const shares = result.meta.instrumentType === 'EQUITY' || result.meta.instrumentType === 'ETF';
    if (times.length > 0 && adj === undefined && shares)
      throw http.error(
        symbol,
        'invalid-response',
        'no adjclose: the dividend-adjusted prices the store holds are missing',
      );
    const rows: RawRow[] = [];
    let previous = '';
    for (let i = 0; i < times.length; i++) {
      const date = dateOf(times[i]!);
      // A live row repeats the day's date with the current time: the first row of a date is the bar.
      if (date === previous) continue;
      previous = date;
      const row: RawRow = {
        date,
        open: columns.open![i]!,
        high: columns.high![i]!,
        low: columns.low![i]!,
        close: columns.close![i]!,
        volume: columns.volume![i]!,
      };
      if (adj !== undefined) row.adjClose = adj[i]!;
      rows.push(row);
    }
    const actions: CorporateAction[] = [];
    for (const d of Object.values(result.events?.dividends ?? {}))
      actions.push({ date: dateOf(d.date), kind: 'dividend', cash: d.amount });
    for (const s of Object.values(result.events?.splits ?? {}))
      if (s.denominator > 0) actions.push({ date: dateOf(s.date), kind: 'split', ratio: s.numerator / s.denominator });
    return { result, rows, actions, firstTradeDay };
  }

  return {
    info: YAHOO_INFO,
    supports: () => true,
    async describe(symbol, now, signal): Promise<InstrumentDescription> {
      const code = providerSymbol('yahoo', symbol)!;
      const period2 = Math.floor(now / 1000);
      const { result } = await fetchChart(symbol, code, period2 - DESCRIBE_DAYS * 86_400, period2, signal);
      const described = describeFromMeta(symbol, result.meta, result.indicators.quote[0]?.volume ?? []);
      if ('refused' in described)
        throw http.error(
          symbol,
          /^unsupported/.test(described.refused) ? 'unsupported' : 'invalid-response',
          described.refused,
        );
      return described;
    },
    async fetchHistory(symbol, from, to, signal, calendar?: TradingCalendar): Promise<History> {
      const code = providerSymbol('yahoo', symbol)!;
      let floor = dayNumberFast(from);
      let end = dayNumberFast(to);
      const windows: Window[] = [];
      // Newest window first: its meta.firstTradeDate says how far back the others go.
      while (end >= floor) {
        const start = Math.max(floor, end - WINDOW_DATES + 1);
        let window: Window;
        try {
          window = await fetchWindow(symbol, code, start, end, signal);
        } catch (error) {
          // "Data doesn't exist for startDate" before the first trade ends a walk back.
          if (error instanceof ProviderError && error.kind === 'no-data' && windows.length > 0) break;
          throw error;
        }
        windows.unshift(window);
        if (window.firstTradeDay !== null) floor = Math.max(floor, window.firstTradeDay);
        if (window.rows.length === 0 && start > floor) break;
        end = start - 1;
      }
      const rows = windows.flatMap((w) => w.rows);
      const { bars, issues } = checkedBars('yahoo', symbol, rows, { from, to, ...(calendar ? { calendar } : {}) });
      const actions = windows
        .flatMap((w) => w.actions)
        .filter((a) => a.date >= from && a.date <= to)
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      return { provider: 'yahoo', symbol, bars, issues, actions };
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
