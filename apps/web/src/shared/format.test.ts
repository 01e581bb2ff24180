import { describe, expect, it } from 'vitest';
import { createFormatters } from './format';

describe('number formatters', () => {
  it('format each precision and sign as asked, whatever was formatted before', () => {
    const f = createFormatters('en-US', 'UTC');
    expect(f.percent(0.01234)).toBe('+1.23%');
    expect(f.percent(0.01234, 1)).toBe('+1.2%');
    expect(f.percent(0.01234, 0, false)).toBe('1%');
    expect(f.percent(0.01234)).toBe('+1.23%');
    expect(f.number(1234.5)).toBe('1,234.50');
    expect(f.number(1234.5, 0)).toBe('1,235');
    expect(f.number(null)).toBe('—');
  });

  // Issue 18: a table built a NumberFormat for every cell.
  it('build one Intl.NumberFormat per kind, not one per value', () => {
    const f = createFormatters('tr-TR', 'Europe/Istanbul');
    const Real = Intl.NumberFormat;
    let built = 0;
    Intl.NumberFormat = function (...args: ConstructorParameters<typeof Real>) {
      built++;
      return new Real(...args);
    } as unknown as typeof Real;
    try {
      for (let i = 0; i < 100; i++) {
        f.percent(i / 1000);
        f.number(i);
      }
    } finally {
      Intl.NumberFormat = Real;
    }
    expect(built).toBe(2);
    expect(f.percent(0.5)).toBe(createFormatters('tr-TR', 'UTC').percent(0.5));
  });
});
