import { describe, expect, it } from 'vitest';
import { daysUntil, formatDate, formatDateTime, toIsoDate } from './dates';
import { formatCurrency, formatMoney } from './money';
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
  it('has 2 decimals', () => {
    expect(formatMoney(1234.5)).toBe('1234.50');
    expect(formatMoney(0.005)).toBe('0.01');
    expect(formatMoney(-3)).toBe('-3.00');
    expect(formatMoney(Number.NaN)).toBe('—');
    expect(formatCurrency(9.9)).toBe('$9.90');
  });
});

describe('randomHash', () => {
  it('has length 8 by default and the asked length otherwise', () => {
    expect(randomHash()).toMatch(/^[a-z0-9]{8}$/);
    expect(randomHash(20)).toMatch(/^[a-z0-9]{20}$/);
    expect(randomHash()).not.toBe(randomHash());
  });
});
