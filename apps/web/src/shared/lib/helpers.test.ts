import { describe, expect, it } from 'vitest';
import { daysUntil, formatDate, formatDateTime, toIsoDate } from './dates';
import { formatPrice } from './money';
import { randomHash } from './random-hash';

describe('dates', () => {
  it('formats in Turkish locale and Istanbul time by default', () => {
    // 21:30 UTC is already the next day in Istanbul (UTC+3).
    expect(formatDate(Date.UTC(2026, 10, 20, 21, 30))).toBe('21.11.2026');
    expect(formatDateTime(Date.UTC(2026, 10, 20, 21, 30))).toBe('21.11.2026 00:30');
  });
  it('follows a chosen locale and time zone', () => {
    expect(formatDate(Date.UTC(2026, 10, 20, 21, 30), { locale: 'en-US', timeZone: 'America/New_York' })).toBe(
      '11/20/2026',
    );
  });
  it('keeps an exchange date on its day', () => {
    expect(formatDate('2026-01-02', { timeZone: 'America/Los_Angeles' })).toBe('02.01.2026');
  });
  it('gives YYYY-MM-DD', () => {
    expect(toIsoDate(Date.UTC(2026, 10, 20, 21, 30))).toBe('2026-11-21');
    expect(toIsoDate(Date.UTC(2026, 10, 20, 21, 30), 'UTC')).toBe('2026-11-20');
    expect(toIsoDate(new Date(Date.UTC(2024, 1, 29, 10)), 'UTC')).toBe('2024-02-29');
  });
  it('counts days until with 86400 s per day', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(daysUntil(now + 86_400_000 * 3, now)).toBe(3);
    expect(daysUntil(now + 86_400_000 * 3 + 1, now)).toBe(4);
    expect(daysUntil(now, now)).toBe(0);
    expect(daysUntil(now - 86_400_000 * 2, now)).toBe(-2);
  });
});

describe('money', () => {
  it('is cents with 2 decimals in the display locale, the same on every screen', () => {
    expect(formatPrice(2900, 'usd', 'en-US')).toBe('$29.00');
    expect(formatPrice(2900, 'usd', 'tr-TR')).toBe('$29,00');
    expect(formatPrice(123456, 'eur', 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatPrice(5, 'usd', 'en-US')).toBe('$0.05');
    expect(formatPrice(Number.NaN, 'usd', 'en-US')).toBe('—');
    expect(formatPrice(2900, 'not a code', 'en-US')).toBe('29.00 NOT A CODE');
  });
});

describe('randomHash', () => {
  it('has length 8 by default and the asked length otherwise', () => {
    expect(randomHash()).toMatch(/^[a-z0-9]{8}$/);
    expect(randomHash(20)).toMatch(/^[a-z0-9]{20}$/);
    expect(randomHash()).not.toBe(randomHash());
  });
});
