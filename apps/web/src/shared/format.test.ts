import { describe, expect, it } from 'vitest';
import { createFormatters, formattersFor } from './format';

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

// Issue 18: on /dashboard's first load each component built five Intl formatters of its own.
describe('the shared formatters', () => {
  it('are one set per locale and time zone, each Intl formatter built on its first use', () => {
    const { DateTimeFormat, NumberFormat } = Intl;
    const built = { date: 0, number: 0 };
    Intl.DateTimeFormat = function (...args: ConstructorParameters<typeof DateTimeFormat>) {
      built.date++;
      return new DateTimeFormat(...args);
    } as unknown as typeof DateTimeFormat;
    Intl.NumberFormat = function (...args: ConstructorParameters<typeof NumberFormat>) {
      built.number++;
      return new NumberFormat(...args);
    } as unknown as typeof NumberFormat;
    try {
      const f = formattersFor('tr-TR', 'Asia/Tokyo');
      expect(formattersFor('tr-TR', 'Asia/Tokyo')).toBe(f);
      expect(formattersFor('en-US', 'Asia/Tokyo')).not.toBe(f);
      expect(built).toEqual({ date: 0, number: 0 });
      expect(f.date('2026-11-24')).toBe('24.11.2026');
      expect(f.date('2026-11-25')).toBe('25.11.2026');
      expect(built).toEqual({ date: 1, number: 0 });
      expect(f.instant(Date.UTC(2026, 10, 24, 20))).toBe('25.11.2026');
      expect(f.compact(1500)).toBe(
        new NumberFormat('tr-TR', { notation: 'compact', maximumFractionDigits: 1 }).format(1500),
      );
      expect(built).toEqual({ date: 2, number: 1 });
    } finally {
      Intl.DateTimeFormat = DateTimeFormat;
      Intl.NumberFormat = NumberFormat;
    }
  });
});
