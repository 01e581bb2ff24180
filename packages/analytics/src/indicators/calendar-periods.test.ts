/**
 * Indicators on each calendar (analytics.md, "Asset classes and calendars"): perf's k, the
 * y1 bars of high52w/low52w and the √y1 of volatility20 come from the symbol's calendar;
 * without volume, volume and every function of it are null. A US stock (no traits, or `nyse`
 * with volume) is answered exactly as before.
 */
import { describe, expect, it } from 'vitest';
import { periodBars, type SeriesTraits } from '../calendar/trading-calendar.js';
import { dayNumber, isoDate, seriesFromRows, type PriceSeries } from '../series.js';
import { indicatorBarAt, indicatorBars, indicatorSnapshot } from './snapshot.js';

/** n bars on consecutive calendar days from 2020-01-01, close_i = 100 + i, high = close + 1, low = close − 1. */
function linear(n: number, volume: (i: number) => number = () => 1000): PriceSeries {
  const start = dayNumber('2020-01-01');
  return seriesFromRows(
    'LIN',
    Array.from({ length: n }, (_, i) => ({
      date: isoDate(start + i),
      open: 100 + i,
      high: 101 + i,
      low: 99 + i,
      close: 100 + i,
      volume: volume(i),
    })),
  );
}

const CRYPTO: SeriesTraits = { calendar: 'crypto' };
const FX: SeriesTraits = { calendar: 'fx', hasVolume: false };

describe('bars per period by calendar', () => {
  it('is the table of the doc', () => {
    expect(periodBars('nyse')).toEqual({ w1: 5, m1: 21, m3: 63, m6: 126, y1: 252 });
    expect(periodBars('exchange')).toEqual({ w1: 5, m1: 21, m3: 63, m6: 126, y1: 252 });
    expect(periodBars('fx')).toEqual({ w1: 5, m1: 22, m3: 65, m6: 130, y1: 260 });
    expect(periodBars('crypto')).toEqual({ w1: 7, m1: 30, m3: 91, m6: 182, y1: 365 });
    expect(periodBars()).toBe(periodBars('nyse'));
    expect(() => periodBars('lunar' as 'nyse')).toThrow(
      'calendar: expected one of nyse, exchange, fx, crypto, got lunar',
    );
  });
});

describe('perf on each calendar', () => {
  const s = linear(400);
  const at = 399; // close 499
  // On this series the close k bars before bar 399 is 499 − k.
  it.each([
    ['crypto', CRYPTO, [7, 30, 91, 182, 365]],
    ['fx', FX, [5, 22, 65, 130, 260]],
    ['nyse', undefined, [5, 21, 63, 126, 252]],
  ] as const)('counts k bars of the calendar: %s w1/m1/m3/m6/y1 = %j', (_, traits, ks) => {
    const perf = indicatorBarAt(s, at, traits).perf;
    expect([perf.w1, perf.m1, perf.m3, perf.m6, perf.y1]).toEqual(ks.map((k) => 499 / (499 - k) - 1));
  });

  it('ytd does not depend on the calendar: close / the last close of 2020 (2020-12-31 is bar 365)', () => {
    const crypto = indicatorBarAt(s, at, CRYPTO).perf;
    expect(crypto.ytd).toBe(499 / 465 - 1);
    expect(indicatorBarAt(s, at, FX).perf.ytd).toBe(crypto.ytd);
  });

  it('is null with fewer than k bars before: crypto y1 needs 365, fx 260', () => {
    expect(indicatorBarAt(s, 364, CRYPTO).perf.y1).toBeNull();
    expect(indicatorBarAt(s, 365, CRYPTO).perf.y1).toBe(465 / 100 - 1);
    expect(indicatorBarAt(s, 259, FX).perf.y1).toBeNull();
    expect(indicatorBarAt(s, 260, FX).perf.y1).toBe(360 / 100 - 1);
    expect(indicatorBarAt(s, 252).perf.y1).toBe(352 / 100 - 1);
  });
});

describe('high52w and low52w over the last y1 bars', () => {
  // A spike high / dip low 364 bars before the last (inside crypto's 365), another 365 before
  // (outside it), and one 259 before (inside fx's 260, outside nyse's 252).
  const s = linear(400);
  const at = 399;
  s.high[at - 365] = 9000;
  s.low[at - 365] = 1;
  s.high[at - 364] = 8000;
  s.low[at - 364] = 2;
  s.high[at - 259] = 7000;
  s.low[at - 259] = 3;

  it('crypto: 365 bars, today included', () => {
    const bar = indicatorBarAt(s, at, CRYPTO);
    expect([bar.high52w, bar.low52w]).toEqual([8000, 2]);
    // One bar later the 8000 has left the window; the 7000 has not.
    const t = linear(401);
    t.high.set(s.high);
    t.low.set(s.low);
    expect(indicatorBarAt(t, 400, CRYPTO).high52w).toBe(7000);
  });

  it('fx: 260 bars; nyse and exchange: 252', () => {
    expect([indicatorBarAt(s, at, FX).high52w, indicatorBarAt(s, at, FX).low52w]).toEqual([7000, 3]);
    const nyse = indicatorBarAt(s, at);
    expect([nyse.high52w, nyse.low52w]).toEqual([500, 99 + at - 251]);
    expect(indicatorBarAt(s, at, { calendar: 'exchange' })).toEqual(nyse);
  });

  it('is null before y1 bars: bar 363 for crypto, 259 for fx', () => {
    expect(indicatorBarAt(s, 363, CRYPTO).high52w).toBeNull();
    expect(indicatorBarAt(s, 364, CRYPTO).high52w).not.toBeNull();
    expect(indicatorBarAt(s, 258, FX).low52w).toBeNull();
    expect(indicatorBarAt(s, 259, FX).low52w).not.toBeNull();
  });
});

describe('volatility20 × √y1', () => {
  // Returns alternate +1 % and −1 %: the last 20 have mean 0 and sample sd 0.01 × √(20/19).
  const closes = [100];
  for (let i = 1; i <= 40; i++) closes.push(closes[i - 1]! * (i % 2 ? 1.01 : 0.99));
  const s = seriesFromRows(
    'ALT',
    closes.map((c, i) => ({
      date: isoDate(dayNumber('2024-01-01') + i),
      open: c,
      high: c,
      low: c,
      close: c,
      volume: 1,
    })),
  );
  const sd = 0.01 * Math.sqrt(20 / 19);
  it('crypto √365, fx √260, nyse and exchange √252', () => {
    expect(indicatorBarAt(s, 40, CRYPTO).volatility20).toBeCloseTo(sd * Math.sqrt(365), 12);
    expect(indicatorBarAt(s, 40, FX).volatility20).toBeCloseTo(sd * Math.sqrt(260), 12);
    expect(indicatorBarAt(s, 40).volatility20).toBeCloseTo(sd * Math.sqrt(252), 12);
    expect(indicatorBarAt(s, 40, { calendar: 'exchange' }).volatility20).toBe(indicatorBarAt(s, 40).volatility20);
  });
});

describe('volume when the instrument has none', () => {
  // The provider's fx answer: volume 0 on every bar.
  const s = linear(300, () => 0);
  it('volume, avgVolume20 and relVolume are null; nothing else changes', () => {
    const without = indicatorBarAt(s, 299, FX);
    expect(Number.isNaN(without.volume)).toBe(true);
    expect(without.avgVolume20).toBeNull();
    expect(without.relVolume).toBeNull();
    const withZeros = indicatorBarAt(s, 299, { calendar: 'fx' });
    expect(withZeros.avgVolume20).toBe(0);
    const { volume: _a, avgVolume20: _b, relVolume: _c, ...rest } = without;
    const { volume: _d, avgVolume20: _e, relVolume: _f, ...restWith } = withZeros;
    expect(rest).toEqual(restWith);
  });

  it('the series given is not touched', () => {
    indicatorBars(s, 3, 299, FX);
    expect(s.volume[299]).toBe(0);
  });
});

describe('a US stock is answered as before', () => {
  const s = linear(400, (i) => 1000 + ((i * 37) % 101));
  it('no traits = nyse with volume, at every bar', () => {
    for (const at of [0, 19, 20, 251, 252, 399]) {
      expect(indicatorBarAt(s, at, { calendar: 'nyse', hasVolume: true })).toEqual(indicatorBarAt(s, at));
    }
    expect(indicatorSnapshot(s, { calendar: 'nyse' })).toEqual(indicatorSnapshot(s));
    // The figures themselves: k = 5 … 252, √252, volume read.
    const bar = indicatorSnapshot(s)!;
    expect(bar.perf.y1).toBe(499 / 247 - 1);
    expect(bar.high52w).toBe(500);
    expect(bar.avgVolume20).toBeCloseTo(
      Array.from({ length: 20 }, (_, k) => 1000 + (((380 + k) * 37) % 101)).reduce((a, b) => a + b) / 20,
      10,
    );
  });
});
