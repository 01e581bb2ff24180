/** A source of daily bars over HTTP. Adapters build the request and name the CSV layout. */
export interface BarProvider {
  name: ProviderName;
  /** The URL of the daily bars of `symbol` from `from` to `to` (YYYY-MM-DD, inclusive). */
  url(symbol: string, from: string, to: string): string;
}

export type ProviderName = 'stooq' | 'yahoo';
export const PROVIDERS: readonly ProviderName[] = ['stooq', 'yahoo'];

export const DEFAULT_BASE_URLS: Record<ProviderName, string> = {
  stooq: 'https://stooq.com',
  yahoo: 'https://query1.finance.yahoo.com',
};

/** Stooq names US listings `aapl.us` and the S&P 500 `^spx`; it answers in the plain layout. */
export function stooqProvider(baseUrl = DEFAULT_BASE_URLS.stooq): BarProvider {
  const code = (symbol: string) => (symbol === '^GSPC' ? '^spx' : `${symbol.toLowerCase()}.us`);
  return {
    name: 'stooq',
    url: (symbol, from, to) =>
      `${baseUrl}/q/d/l/?s=${encodeURIComponent(code(symbol))}&i=d&d1=${from.replaceAll('-', '')}&d2=${to.replaceAll('-', '')}`,
  };
}

/** Yahoo's CSV download (Date,Open,High,Low,Close,Adj Close,Volume) between two epoch seconds. */
export function yahooProvider(baseUrl = DEFAULT_BASE_URLS.yahoo): BarProvider {
  const seconds = (date: string, endOfDay: boolean) => Date.parse(`${date}T00:00:00Z`) / 1000 + (endOfDay ? 86_400 : 0);
  return {
    name: 'yahoo',
    url: (symbol, from, to) =>
      `${baseUrl}/v7/finance/download/${encodeURIComponent(symbol)}?period1=${seconds(from, false)}&period2=${seconds(to, true)}&interval=1d&events=history`,
  };
}

export function createProvider(name: ProviderName, baseUrl?: string): BarProvider {
  return name === 'stooq' ? stooqProvider(baseUrl) : yahooProvider(baseUrl);
}
