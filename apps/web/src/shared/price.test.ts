import { describe, expect, it } from 'vitest';
import { createFormatters } from './format';
import { formatInstrumentPrice } from './price';

describe('a price with its currency', () => {
  const en = createFormatters('en-US', 'UTC');
  const tr = createFormatters('tr-TR', 'UTC');

  it('keeps "$" for US stocks and ETFs', () => {
    expect(formatInstrumentPrice(1234.5, { currency: 'USD', assetClass: 'equity' }, en)).toBe('$1,234.50');
    expect(formatInstrumentPrice(451.2, { currency: 'USD', assetClass: 'etf' }, tr)).toBe('$451,20');
  });

  it('puts the ISO code after the number for every other instrument, currencies to five decimals', () => {
    expect(formatInstrumentPrice(1.085634, { currency: 'USD', assetClass: 'fx' }, en)).toBe('1.08563 USD');
    expect(formatInstrumentPrice(151.234, { currency: 'JPY', assetClass: 'equity' }, en)).toBe('151.23 JPY');
    expect(formatInstrumentPrice(5012.3, { currency: 'USD', assetClass: 'index' }, en)).toBe('5,012.30 USD');
    expect(formatInstrumentPrice(64000, { currency: 'USD', assetClass: 'crypto' }, tr)).toBe('64.000,00 USD');
  });

  it('shows a dash without a price and the bare number before the instrument is known', () => {
    expect(formatInstrumentPrice(null, { currency: 'USD', assetClass: 'crypto' }, en)).toBe('—');
    expect(formatInstrumentPrice(12.5, undefined, en)).toBe('12.50');
  });
});
