import type { AssetClass, CalendarName } from '@solstice/contracts';

/** What an instrument is, from a chart answer's `meta` (data-providers.md §15.2). */
export interface InstrumentDescription {
  symbol: string;
  name: string;
  /** The instruments table's type: stock/etf/index, or the class itself for the others. */
  type: 'stock' | 'etf' | 'index' | 'future' | 'fx' | 'crypto';
  assetClass: AssetClass;
  currency: string;
  timezone: string;
  calendar: CalendarName;
  exchange: string | null;
  hasVolume: boolean;
}

export interface ChartMeta {
  currency?: string | null | undefined;
  exchangeName?: string | null | undefined;
  fullExchangeName?: string | null | undefined;
  instrumentType?: string | null | undefined;
  exchangeTimezoneName?: string | null | undefined;
  longName?: string | null | undefined;
  shortName?: string | null | undefined;
}

const CLASSES: Record<string, AssetClass> = {
  EQUITY: 'equity',
  ETF: 'etf',
  INDEX: 'index',
  FUTURE: 'future',
  CURRENCY: 'fx',
  CRYPTOCURRENCY: 'crypto',
};

/** The contract month Yahoo appends to a future's name ("Gold Dec 26"). */
const CONTRACT_MONTH = / [A-Z][a-z]{2} \d{2}$/;

/**
 * The §15.2 fields of a symbol from Yahoo's meta, or the reason it is refused (an
 * instrument type Solstice does not hold, a meta without currency or time zone).
 * `volumes` are the answer's volumes: hasVolume when one is > 0 (never for fx).
 */
export function describeFromMeta(
  symbol: string,
  meta: ChartMeta,
  volumes: ReadonlyArray<number | null>,
): InstrumentDescription | { refused: string } {
  const kind = meta.instrumentType ?? 'none';
  const assetClass = CLASSES[kind];
  if (!assetClass) return { refused: `unsupported instrument type ${kind}` };
  const timezone = meta.exchangeTimezoneName;
  if (!timezone) return { refused: 'unexpected answer: meta has no exchangeTimezoneName' };
  if (!meta.currency) return { refused: 'unexpected answer: meta has no currency' };
  const calendar: CalendarName =
    assetClass === 'fx'
      ? 'fx'
      : assetClass === 'crypto'
        ? 'crypto'
        : (assetClass === 'equity' || assetClass === 'etf') && timezone === 'America/New_York'
          ? 'nyse'
          : 'exchange';
  let name = meta.longName || meta.shortName || symbol;
  if (assetClass === 'future') name = name.replace(CONTRACT_MONTH, '') || symbol;
  return {
    symbol,
    name,
    type: assetClass === 'equity' ? 'stock' : assetClass,
    assetClass,
    currency: meta.currency,
    timezone,
    calendar,
    exchange: meta.fullExchangeName || meta.exchangeName || null,
    hasVolume: assetClass !== 'fx' && volumes.some((v) => v !== null && v > 0),
  };
}
