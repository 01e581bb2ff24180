import type http from 'node:http';
import { FakeHttpServer, sendJson, sendText, type FakeServerOptions, type Routed } from './fake-http.js';
import type { FakeMarket } from './fake-market.js';

/** Tiingo's own answers (data-providers.md §6, §13). */
export type TiingoStep =
  /** 404 {"detail":"Error: Ticker 'ZZZZ' not found"}. */
  | 'unknown'
  /** 429 JSON: the hourly request allocation. */
  | 'hourly-limit'
  /** 200 text/plain: the monthly unique-symbol cap. */
  | 'monthly-limit'
  /** 200 []. */
  | 'empty';

export interface FakeTiingoOptions extends FakeServerOptions {
  apiKey: string;
}

/**
 * Tiingo's end-of-day API over HTTP: GET /tiingo/daily/{ticker}/prices?startDate&endDate,
 * /tiingo/daily/{ticker} and /api/test; the key in `token=` or `Authorization: Token …`.
 */
export async function startFakeTiingo(
  market: FakeMarket,
  options: FakeTiingoOptions,
): Promise<FakeHttpServer<TiingoStep>> {
  const canonical = (ticker: string) =>
    market.list().find((s) => !s.startsWith('^') && s.replaceAll('.', '-') === ticker.toUpperCase()) ?? null;

  const route = (path: string, query: URLSearchParams, req: http.IncomingMessage): Routed<TiingoStep> => {
    const match = /^\/tiingo\/daily\/([^/]+)(\/prices)?\/?$/.exec(path);
    const ticker = match ? decodeURIComponent(match[1]!) : null;
    const symbol = ticker === null ? null : (canonical(ticker) ?? ticker);
    return {
      symbol,
      answer(step, res) {
        const header = req.headers.authorization ?? '';
        const token = query.get('token') ?? /^Token (.+)$/.exec(header)?.[1] ?? null;
        if (token !== options.apiKey) return sendJson(res, 401, { detail: 'Invalid token.' });
        if (path === '/api/test') return sendJson(res, 200, { message: 'You successfully sent a request' });
        if (step === 'hourly-limit')
          return sendJson(res, 429, {
            detail:
              'Error: You have run over your hourly request allocation. Please upgrade at https://api.tiingo.com/pricing to have your limits increased.',
          });
        if (step === 'monthly-limit')
          return sendText(
            res,
            200,
            'You have run over your 500 symbol look up for this month. Please upgrade at https://api.tiingo.com/pricing to have your limits increased.',
          );
        if (ticker === null || step === 'unknown' || symbol === null || !market.has(symbol))
          return sendJson(res, 404, { detail: `Error: Ticker '${ticker ?? ''}' not found` });
        if (!match![2]) {
          const bars = market.raw(symbol);
          return sendJson(res, 200, {
            ticker: ticker.toUpperCase(),
            name: symbol,
            exchangeCode: 'NASDAQ',
            startDate: bars[0]?.date ?? null,
            endDate: bars.at(-1)?.date ?? null,
            description: '',
          });
        }
        if (step === 'empty') return sendJson(res, 200, []);
        sendJson(res, 200, prices(market, symbol, query.get('startDate'), query.get('endDate')));
      },
    };
  };
  return new FakeHttpServer<TiingoStep>(route, options).listen();
}

function prices(market: FakeMarket, symbol: string, start: string | null, end: string | null) {
  const raw = market.raw(symbol);
  const adjusted = market.adjusted(symbol);
  const { splits, dividends } = market.actions(symbol);
  const rows = raw.map((b, i) => {
    const a = adjusted[i]!;
    return {
      date: `${b.date}T00:00:00.000Z`,
      close: b.close,
      high: b.high,
      low: b.low,
      open: b.open,
      volume: b.volume,
      adjClose: a.close,
      adjHigh: a.high,
      adjLow: a.low,
      adjOpen: a.open,
      adjVolume: Math.round(a.volume),
      divCash: dividends.find((d) => d.date === b.date)?.cash ?? 0.0,
      splitFactor: splits.find((s) => s.date === b.date)?.ratio ?? 1.0,
    };
  });
  // Without startDate Tiingo answers the latest bar only.
  if (start === null) return rows.slice(-1);
  return rows.filter((r) => r.date.slice(0, 10) >= start && (end === null || r.date.slice(0, 10) <= end));
}
