import { describe, expect, it } from 'vitest';
import { providerSymbol } from './symbols.js';

describe('providerSymbol', () => {
  it('maps share classes, indexes and ETFs after data-providers.md §2.4', () => {
    const table = ['AAPL', 'BRK.B', 'BF.B', 'SPY', '^GSPC', '^DJI', '^IXIC', '^VIX'].map((s) => [
      s,
      providerSymbol('yahoo', s),
      providerSymbol('tiingo', s),
      providerSymbol('eodhd', s),
    ]);
    expect(table).toEqual([
      ['AAPL', 'AAPL', 'AAPL', 'AAPL.US'],
      ['BRK.B', 'BRK-B', 'BRK-B', 'BRK-B.US'],
      ['BF.B', 'BF-B', 'BF-B', 'BF-B.US'],
      ['SPY', 'SPY', 'SPY', 'SPY.US'],
      ['^GSPC', '^GSPC', null, 'GSPC.INDX'],
      ['^DJI', '^DJI', null, 'DJI.INDX'],
      ['^IXIC', '^IXIC', null, 'IXIC.INDX'],
      ['^VIX', '^VIX', null, 'VIX.INDX'],
    ]);
  });
});
