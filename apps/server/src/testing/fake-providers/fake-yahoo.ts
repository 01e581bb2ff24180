import type http from 'node:http';
import { dayNumber, newYorkInstant, nextTradingDay } from '@solstice/analytics';
import { FakeHttpServer, sendJson, sendText, type FakeServerOptions, type Routed } from './fake-http.js';
import type { FakeKind, FakeMarket } from './fake-market.js';

/** Yahoo's own answers (data-providers.md §3.4, §13). */
export type YahooStep =
  /** 200, some quote values null (an illiquid day, an unconsolidated one). */
  | 'nulls'
  /** 200 without adjclose (seen for foreign listings). */
  | 'no-adjclose'
  /** 200 with a second row on the last date, stamped 15:12 New York time. */
  | 'live-row'
  /** 200 with a row after period2. */
  | 'after-period2'
  /** 404 No data found, symbol may be delisted. */
  | 'unknown'
  /** 400 for a bad parameter. */
  | 'bad-request'
  /** 422 Unprocessable Entity. */
  | 'unprocessable'
  /** 429 text/plain Edge: Too Many Requests. */
  | 'rate-limited'
  /** 200 text/html "Will be right back". */
  | 'down-200';

const SECONDS = (ms: number) => Math.floor(ms / 1000);
/** A US share's bar timestamp: the session open, 09:30 New York time. */
const nyOpen = (date: string) => SECONDS(newYorkInstant(dayNumber(date), 9 * 60 + 30));

/** The offset of a zone from UTC at an instant, in ms (London +1 h in summer). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute')) - Math.floor(instant / 60_000) * 60_000;
}

/** Unix seconds of a wall-clock time (minutes after midnight) on a date in a zone. */
function zonedTime(date: string, minutes: number, timeZone: string): number {
  const guess = Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) + minutes * 60_000;
  const first = guess - zoneOffsetMs(guess, timeZone);
  return SECONDS(guess - zoneOffsetMs(first, timeZone));
}

/**
 * How Yahoo describes and stamps each kind (data-providers.md §15.1, from captured metas):
 * crypto at 00:00 UTC, currencies at 00:00 London (23:00 UTC the day before in summer),
 * COMEX futures at 00:00 New York, Cboe indexes at the 08:30 Chicago open, US shares and
 * other indexes at the 09:30 New York open.
 */
interface Profile {
  meta: Record<string, unknown>;
  stamp(date: string): number;
}

function profileOf(kind: FakeKind, cboe: boolean, code: string): Profile {
  switch (kind) {
    case 'crypto':
      return {
        meta: {
          currency: 'USD',
          exchangeName: 'CCC',
          fullExchangeName: 'CCC',
          instrumentType: 'CRYPTOCURRENCY',
          hasPrePostMarketData: false,
          gmtoffset: 0,
          timezone: 'UTC',
          exchangeTimezoneName: 'UTC',
          longName: 'Bitcoin USD',
          shortName: 'Bitcoin USD',
        },
        stamp: (date) => zonedTime(date, 0, 'UTC'),
      };
    case 'fx':
      return {
        meta: {
          currency: 'USD',
          exchangeName: 'CCY',
          fullExchangeName: 'CCY',
          instrumentType: 'CURRENCY',
          gmtoffset: 3600,
          timezone: 'BST',
          exchangeTimezoneName: 'Europe/London',
          longName: `${code.slice(0, 3)}/${code.slice(3, 6)}`,
          shortName: `${code.slice(0, 3)}/${code.slice(3, 6)}`,
        },
        stamp: (date) => zonedTime(date, 0, 'Europe/London'),
      };
    case 'future':
      return {
        meta: {
          currency: 'USD',
          exchangeName: 'CMX',
          fullExchangeName: 'COMEX',
          instrumentType: 'FUTURE',
          gmtoffset: -14400,
          timezone: 'EDT',
          exchangeTimezoneName: 'America/New_York',
          shortName: 'Gold Dec 26',
        },
        stamp: (date) => zonedTime(date, 0, 'America/New_York'),
      };
    case 'index':
      return cboe
        ? {
            meta: {
              currency: 'USD',
              exchangeName: 'CGI',
              fullExchangeName: 'Cboe Indices',
              instrumentType: 'INDEX',
              gmtoffset: -21600,
              timezone: 'CST',
              exchangeTimezoneName: 'America/Chicago',
              regularMarketVolume: 0,
              longName: 'CBOE Volatility Index',
              shortName: 'CBOE Volatility Index',
            },
            stamp: (date) => zonedTime(date, 8 * 60 + 30, 'America/Chicago'),
          }
        : {
            meta: {
              currency: 'USD',
              exchangeName: 'SNP',
              fullExchangeName: 'SNP',
              instrumentType: 'INDEX',
              gmtoffset: -18000,
              timezone: 'EST',
              exchangeTimezoneName: 'America/New_York',
            },
            stamp: nyOpen,
          };
    default:
      return {
        meta: {
          currency: 'USD',
          exchangeName: 'NMS',
          fullExchangeName: 'NasdaqGS',
          instrumentType: kind === 'etf' ? 'ETF' : kind === 'mutualfund' ? 'MUTUALFUND' : 'EQUITY',
          gmtoffset: -18000,
          timezone: 'EST',
          exchangeTimezoneName: 'America/New_York',
        },
        stamp: nyOpen,
      };
  }
}
const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

const yahooError = (code: string, description: string) => ({ chart: { result: null, error: { code, description } } });

export interface FakeYahooOptions extends FakeServerOptions {
  /** Serve at most this many days of a longer window (Yahoo truncates, one report says). */
  maxWindowDays?: number;
}

export interface FakeYahoo extends FakeHttpServer<YahooStep> {
  /** Every request gets 429 for this long, however slowly it comes (the edge block). */
  blockFor(ms: number): void;
}

/** Yahoo's chart API over HTTP: GET /v8/finance/chart/{symbol}?period1&period2&interval&events. */
export async function startFakeYahoo(market: FakeMarket, options: FakeYahooOptions = {}): Promise<FakeYahoo> {
  let blockedUntil = 0;
  const canonical = (code: string) =>
    market.list().find((s) => (s.startsWith('^') ? s : s.replaceAll('.', '-')) === code) ?? null;

  const route = (path: string, query: URLSearchParams, req: http.IncomingMessage): Routed<YahooStep> => {
    const match = /^\/v8\/finance\/chart\/([^/]+)$/.exec(path);
    const code = match ? decodeURIComponent(match[1]!) : null;
    const symbol = code === null ? null : (canonical(code) ?? code);
    return {
      symbol,
      answer(step, res) {
        // The edge answers clients without a browser-like User-Agent, and everyone while blocked.
        if (
          !/Mozilla\/5\.0/.test(req.headers['user-agent'] ?? '') ||
          Date.now() < blockedUntil ||
          step === 'rate-limited'
        )
          return sendText(res, 429, 'Edge: Too Many Requests');
        if (step === 'down-200')
          return sendText(
            res,
            200,
            '<html><body><h1>Will be right back…</h1></body></html>',
            'text/html;charset=utf-8',
          );
        if (code === null) return sendJson(res, 404, yahooError('Not Found', 'No such endpoint'));
        if (step === 'unknown' || symbol === null || !market.has(symbol))
          return sendJson(res, 404, yahooError('Not Found', 'No data found, symbol may be delisted'));
        if (step === 'unprocessable')
          return sendJson(
            res,
            422,
            yahooError(
              'Unprocessable Entity',
              '1m data not available. The requested range must be within the last 30 days.',
            ),
          );
        const interval = query.get('interval');
        const p1 = Number(query.get('period1'));
        let p2 = Number(query.get('period2'));
        if (step === 'bad-request' || interval !== '1d')
          return sendJson(res, 400, yahooError('Bad Request', `Invalid input - interval=${interval} is not supported`));
        if (!Number.isInteger(p1) || !Number.isInteger(p2) || p1 >= p2)
          return sendJson(res, 400, yahooError('Bad Request', 'Invalid input - period1 and period2 are required'));
        if (options.maxWindowDays && p2 - p1 > options.maxWindowDays * 86_400) p2 = p1 + options.maxWindowDays * 86_400;
        const first = market.raw(symbol)[0];
        if (first && p2 <= stampOf(market, symbol, code)(first.date))
          return sendJson(
            res,
            400,
            yahooError('Bad Request', `Data doesn't exist for startDate = ${p1}, endDate = ${p2}`),
          );
        sendJson(res, 200, chart(market, symbol, code, p1, p2, step));
      },
    };
  };
  const server = (await new FakeHttpServer<YahooStep>(route, options).listen()) as FakeYahoo;
  server.blockFor = (ms) => {
    blockedUntil = Date.now() + ms;
  };
  return server;
}

function profile(market: FakeMarket, symbol: string, code: string): Profile {
  const kind = market.kind(symbol);
  const cboe = kind === 'index' && market.raw(symbol).every((b) => b.volume === 0);
  return profileOf(kind, cboe, code);
}

const stampOf = (market: FakeMarket, symbol: string, code: string) => profile(market, symbol, code).stamp;

function chart(market: FakeMarket, symbol: string, code: string, p1: number, p2: number, step: YahooStep | 'ok') {
  const quote = market.splitAdjusted(symbol);
  const adjusted = market.adjusted(symbol);
  const first = quote[0];
  const { meta: described, stamp: openTime } = profile(market, symbol, code);
  const firstTradeDate = first ? openTime(first.date) : null;
  const rows: number[] = [];
  quote.forEach((b, i) => {
    const t = openTime(b.date);
    if (t >= p1 && t < p2) rows.push(i);
  });
  const last = quote.at(-1);
  const meta = {
    symbol: code,
    ...described,
    firstTradeDate,
    regularMarketTime: last ? openTime(last.date) + 6.5 * 3600 : null,
    regularMarketPrice: last?.close ?? null,
    priceHint: market.kind(symbol) === 'fx' ? 4 : 2,
    dataGranularity: '1d',
    range: '',
    validRanges: ['1d', '5d', '1mo', '3mo', '6mo', '1y', '2y', '5y', '10y', 'ytd', 'max'],
  };
  if (rows.length === 0)
    return { chart: { result: [{ meta, indicators: { quote: [{}], adjclose: [{}] } }], error: null } };

  const timestamp = rows.map((i) => openTime(quote[i]!.date));
  const column = (pick: (i: number) => number | null) => rows.map(pick);
  const q = {
    open: column((i) => quote[i]!.open),
    high: column((i) => quote[i]!.high),
    low: column((i) => quote[i]!.low),
    close: column((i) => quote[i]!.close),
    volume: column((i) => Math.round(quote[i]!.volume)),
  };
  // Only shares are adjusted for dividends: another class's adjclose is its close.
  const shares = ['stock', 'etf', 'mutualfund'].includes(market.kind(symbol));
  const adjclose: Array<number | null> = column((i) => (shares ? round4(adjusted[i]!.close) : quote[i]!.close));
  if (step === 'nulls') {
    for (const c of Object.values(q)) if (c.length > 1) c[1] = null;
    if (adjclose.length > 1) adjclose[1] = null;
    if (q.volume.length > 2) q.volume[2] = null;
  }
  if (step === 'live-row' || step === 'after-period2') {
    const lastRow = rows.length - 1;
    const lastDate = quote[rows[lastRow]!]!.date;
    // 15:12 New York time on the last date, or the next session's open after period2.
    timestamp.push(step === 'live-row' ? openTime(lastDate) + 5 * 3600 + 42 * 60 : nyOpen(nextTradingDay(lastDate)));
    for (const c of Object.values(q)) c.push(c[lastRow] === null ? null : c[lastRow]! * 1.01);
    adjclose.push(adjclose[lastRow] === null ? null : adjclose[lastRow]! * 1.01);
  }
  const inWindow = (date: string) => {
    const t = openTime(date);
    return t >= p1 && t < p2;
  };
  const { splits, dividends } = market.actions(symbol);
  const events: Record<string, Record<string, unknown>> = {};
  for (const d of dividends.filter((x) => inWindow(x.date)))
    (events.dividends ??= {})[String(openTime(d.date))] = { amount: d.cash, date: openTime(d.date) };
  for (const s of splits.filter((x) => inWindow(x.date)))
    (events.splits ??= {})[String(openTime(s.date))] = {
      date: openTime(s.date),
      numerator: s.ratio,
      denominator: 1,
      splitRatio: `${s.ratio}:1`,
    };
  const indicators: Record<string, unknown> = { quote: [q] };
  if (step !== 'no-adjclose') indicators.adjclose = [{ adjclose }];
  return {
    chart: {
      result: [{ meta, timestamp, ...(Object.keys(events).length > 0 ? { events } : {}), indicators }],
      error: null,
    },
  };
}
