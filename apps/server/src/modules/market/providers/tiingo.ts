import { z } from 'zod';
import { checkedBars, type RawRow } from './checked-rows.js';
import type { RequestPolicy } from './http-deps.js';
import type { CorporateAction, History, MarketDataProvider, ProviderInfo } from './provider.js';
import { providerHttpOf, type HttpAnswer, type KeyedProviderOptions } from './provider-http.js';
import { providerSymbol } from './symbols.js';

export const TIINGO_DEFAULT_BASE_URL = 'https://api.tiingo.com';

export const TIINGO_INFO: ProviderInfo = {
  id: 'tiingo',
  name: 'Tiingo (end-of-day)',
  terms:
    "Free and Power plans are for personal use (free: 50 requests an hour, 500 symbols a month: too few for a daily pass of the universe); showing the data to paying subscribers needs Tiingo's Commercial plan.",
  personalUseOnly: false,
  indexes: false,
};

export const TIINGO_POLICY: RequestPolicy = {
  timeoutMs: 20_000,
  attempts: 3,
  backoffMs: 1_000,
  maxBackoffMs: 30_000,
  maxRetryAfterMs: 60_000,
  concurrency: 4,
  minIntervalMs: 0,
};

const price = z.number().nullable();
const pricesSchema = z.array(
  z.object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}(T00:00:00(\.0+)?Z)?$/, 'expected YYYY-MM-DDT00:00:00.000Z'),
    adjOpen: price,
    adjHigh: price,
    adjLow: price,
    adjClose: price,
    adjVolume: price,
    divCash: z.number().nullable().optional(),
    splitFactor: z.number().nullable().optional(),
  }),
);

/** Milliseconds to the next full hour: Tiingo's hourly allocation resets on the hour. */
function untilNextHour(now: number): number {
  return 3_600_000 - (now % 3_600_000);
}

/** Milliseconds to the first of next month (UTC): the unique-symbol cap is monthly. */
function untilNextMonth(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - now;
}

export type TiingoOptions = KeyedProviderOptions;

/** Tiingo's /tiingo/daily/{ticker}/prices: every row raw and fully adjusted (adjOpen … adjVolume). */
export function createTiingoProvider(options: TiingoOptions): MarketDataProvider {
  const { base, deps, http } = providerHttpOf(
    'tiingo',
    { baseUrl: TIINGO_DEFAULT_BASE_URL, policy: TIINGO_POLICY },
    options,
  );
  // The header keeps the key out of URLs (and so out of proxy and access logs).
  const headers = { Authorization: `Token ${options.apiKey}`, Accept: 'application/json' };

  const classify = (symbol: string) => (answer: HttpAnswer) => {
    const { status, body } = answer;
    if (status === 200 && /run over your .*symbol look ?up/i.test(body))
      return http.error(symbol, 'quota', `monthly symbol allowance used up ${http.quote(body)}`, {
        pauseMs: untilNextMonth(deps.now()),
      });
    if (status === 429 && answer.headers.get('retry-after') === null)
      return http.error(symbol, 'rate-limited', `hourly request allocation used up ${http.quote(body)}`, {
        pauseMs: untilNextHour(deps.now()),
      });
    if (status === 404) return http.unknownSymbol(symbol, body);
    if (status === 401 || (status === 403 && /token/i.test(body)))
      return http.keyRefused(symbol, answer, 'TIINGO_API_KEY');
    return null;
  };

  return {
    info: TIINGO_INFO,
    // Tiingo serves US listings: instruments on the NYSE calendar only (§15.3)
    supports: (symbol, calendar) => (calendar ?? 'nyse') === 'nyse' && providerSymbol('tiingo', symbol) !== null,
    async fetchHistory(symbol, from, to, signal): Promise<History> {
      const code = providerSymbol('tiingo', symbol);
      if (code === null) throw http.error(symbol, 'unsupported', 'Tiingo serves no indexes');
      const query = new URLSearchParams({ startDate: from, endDate: to });
      const url = `${base}/tiingo/daily/${encodeURIComponent(code)}/prices?${query}`;
      const answer = await http.get(symbol, url, headers, classify(symbol), signal);
      const rows = http.parse(symbol, answer, pricesSchema);
      const raw: RawRow[] = [];
      const actions: CorporateAction[] = [];
      for (const r of rows) {
        const date = r.date.slice(0, 10);
        raw.push({ date, open: r.adjOpen, high: r.adjHigh, low: r.adjLow, close: r.adjClose, volume: r.adjVolume });
        if (r.divCash) actions.push({ date, kind: 'dividend', cash: r.divCash });
        if (r.splitFactor && r.splitFactor !== 1) actions.push({ date, kind: 'split', ratio: r.splitFactor });
      }
      const { bars, issues } = checkedBars('tiingo', symbol, raw, { from, to });
      return {
        provider: 'tiingo',
        symbol,
        bars,
        issues,
        actions: actions.filter((a) => a.date >= from && a.date <= to),
      };
    },
  };
}
