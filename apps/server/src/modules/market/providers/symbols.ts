import type { ProviderId } from './provider.js';

/**
 * Every provider's name for a canonical symbol, in one place (data-providers.md §2.4).
 * Canonical is the instrument file's: share classes with a dot (BRK.B, BF.B), indexes with
 * a caret (^GSPC). ETFs are named like stocks everywhere. null: the provider has no such
 * instrument (Tiingo serves no indexes).
 */
export function providerSymbol(provider: ProviderId, symbol: string): string | null {
  const index = symbol.startsWith('^');
  const dashed = symbol.replaceAll('.', '-');
  switch (provider) {
    case 'yahoo':
      return index ? symbol : dashed;
    case 'tiingo':
      return index ? null : dashed;
    case 'eodhd':
      return index ? `${symbol.slice(1)}.INDX` : `${dashed}.US`;
  }
}
