import { FakeHttpServer, sendJson, sendText, type FakeServerOptions, type Routed } from './fake-http.js';
import type { FakeMarket } from './fake-market.js';

/** EODHD's own answers (data-providers.md §8, §13). */
export type EodhdStep =
  /** 404 text Ticker Not Found. */
  | 'unknown'
  /** 403: outside the plan. */
  | 'plan'
  /** 402: the daily allowance used up. */
  | 'quota'
  /** 429 with X-RateLimit-* and Retry-After: 60. */
  | 'rate-limited'
  /** CSV although fmt=json was asked. */
  | 'csv';

export interface FakeEodhdOptions extends FakeServerOptions {
  apiKey: string;
  /** Retry-After of the 429 answer, seconds (default 60). */
  retryAfterSeconds?: number;
}

const CSV_HEADER = 'Date,Open,High,Low,Close,Adjusted_close,Volume';

export interface FakeEodhd extends FakeHttpServer<EodhdStep> {
  /** Leaves these symbols out of the bulk day's answer (a listing the exchange file lacks). */
  bulkWithout(...symbols: string[]): void;
}

/**
 * EODHD over HTTP: GET /eod/{SYM.US|IDX.INDX}?from&to&period&order&fmt&api_token (CSV unless
 * fmt=json) and GET /eod-bulk-last-day/US?date&fmt&api_token (the whole market's day: every
 * US listing's row of that date, indexes not among them).
 */
export async function startFakeEodhd(market: FakeMarket, options: FakeEodhdOptions): Promise<FakeEodhd> {
  const lacking = new Set<string>();
  const canonical = (code: string) =>
    market
      .list()
      .find(
        (s) => (s.startsWith('^') ? `${s.slice(1)}.INDX` : `${s.replaceAll('.', '-')}.US`) === code.toUpperCase(),
      ) ?? null;

  const route = (path: string, query: URLSearchParams): Routed<EodhdStep> => {
    const match = /^\/eod\/([^/]+)$/.exec(path);
    const code = match ? decodeURIComponent(match[1]!) : null;
    // The bulk day is named by its exchange: scenario('US', 'plan') refuses it and nothing else.
    const symbol = path === '/eod-bulk-last-day/US' ? 'US' : code === null ? null : (canonical(code) ?? code);
    return {
      symbol,
      answer(step, res) {
        if (query.get('api_token') !== options.apiKey)
          return sendJson(res, 401, { status: 401, error: 'Unauthorized', message: 'Invalid API token' });
        if (step === 'rate-limited')
          return sendText(res, 429, 'Too Many Requests', 'text/plain', {
            'x-ratelimit-limit': '1000',
            'x-ratelimit-remaining': '0',
            'retry-after': String(options.retryAfterSeconds ?? 60),
          });
        if (step === 'quota') return sendText(res, 402, 'Payment Required: daily API requests limit reached');
        if (step === 'plan') return sendText(res, 403, 'Forbidden', 'text/html');
        if (path === '/eod-bulk-last-day/US') return sendJson(res, 200, bulkDay(market, query.get('date'), lacking));
        if (code === null || step === 'unknown' || symbol === null || !market.has(symbol))
          return sendText(res, 404, 'Ticker Not Found.');
        const rows = eodRows(market, symbol, query.get('from'), query.get('to'));
        if (query.get('order') === 'd') rows.reverse();
        if (step === 'csv' || query.get('fmt') !== 'json')
          return sendText(
            res,
            200,
            [
              CSV_HEADER,
              ...rows.map((r) => [r.date, r.open, r.high, r.low, r.close, r.adjusted_close, r.volume].join(',')),
            ].join('\n'),
            'text/csv',
          );
        sendJson(res, 200, rows);
      },
    };
  };
  const server = (await new FakeHttpServer<EodhdStep>(route, options).listen()) as FakeEodhd;
  server.bulkWithout = (...symbols) => {
    for (const s of symbols) lacking.add(s);
  };
  return server;
}

function eodRows(market: FakeMarket, symbol: string, from: string | null, to: string | null) {
  const adjusted = market.adjusted(symbol);
  return market
    .raw(symbol)
    .map((b, i) => ({
      date: b.date,
      open: b.open,
      high: b.high,
      low: b.low,
      close: b.close,
      adjusted_close: Math.round(adjusted[i]!.close * 1e4) / 1e4,
      volume: b.volume,
    }))
    .filter((r) => (from === null || r.date >= from) && (to === null || r.date <= to));
}

function bulkDay(market: FakeMarket, date: string | null, lacking: ReadonlySet<string>) {
  const day = date ?? market.until;
  return market
    .list()
    .filter((s) => !s.startsWith('^') && !lacking.has(s))
    .flatMap((s) =>
      eodRows(market, s, day, day).map((r) => ({ code: s.replaceAll('.', '-'), exchange_short_name: 'US', ...r })),
    );
}
