// A price with its instrument's currency (analytics.md "Prices and currency").
import type { AssetClass } from '@solstice/contracts';
import type { Formatters } from './format';
import { DASH } from './format';

/** What a price needs to know of its instrument. */
export interface PricedInstrument {
  currency: string;
  assetClass: AssetClass;
}

/** Currencies are quoted to the pip (1.08563); everything else to the cent. */
export function priceDigits(assetClass: AssetClass | undefined): number {
  return assetClass === 'fx' ? 5 : 2;
}

/**
 * "$151.23" for a US stock or ETF, "151.23 JPY" or "1.08563 USD" for any other instrument;
 * the bare number while the instrument is not known yet.
 */
export function formatInstrumentPrice(
  value: number | null | undefined,
  instrument: PricedInstrument | undefined,
  f: Formatters,
): string {
  const number = f.number(value, priceDigits(instrument?.assetClass));
  if (number === DASH || !instrument) return number;
  const usEquity =
    instrument.currency === 'USD' && (instrument.assetClass === 'equity' || instrument.assetClass === 'etf');
  return usEquity ? `$${number}` : `${number} ${instrument.currency}`;
}
