import { describe, expect, it } from 'vitest';
import type { Bar } from '@solstice/contracts';
import { bollinger, candleData, fetchStart, periodFor, rangeStart, resample, sma } from './candles';

const bar = (date: string, close: number, volume = 100): Bar => ({
  date,
  open: close - 1,
  high: close + 2,
  low: close - 2,
  close,
  volume,
});

/** Business days from a Monday, closes 1, 2, 3, … */
function bars(count: number, first = '2020-01-06'): Bar[] {
  const out: Bar[] = [];
  const d = new Date(`${first}T00:00:00Z`);
  while (out.length < count) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(bar(d.toISOString().slice(0, 10), out.length + 1));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

describe('candles arithmetic', () => {
  it('averages over the last n closes, null before n exist', () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
  });

  it('puts the Bollinger bands two population deviations around SMA 20', () => {
    const closes = [...Array<number>(19).fill(10), 30];
    const bb = bollinger(closes);
    // mean 11; deviations: 19 × (−1)² + 19² = 380 → variance 19 → sd √19
    expect(bb.middle[19]).toBe(11);
    expect(bb.upper[19]).toBeCloseTo(11 + 2 * Math.sqrt(19), 10);
    expect(bb.lower[19]).toBeCloseTo(11 - 2 * Math.sqrt(19), 10);
    expect(bb.upper[18]).toBeNull();
  });

  it('counts ranges back from the latest bar', () => {
    expect(rangeStart('1M', '2024-03-31')).toBe('2024-02-29');
    expect(rangeStart('3M', '2024-01-15')).toBe('2023-10-15');
    expect(rangeStart('YTD', '2024-03-31')).toBe('2024-01-01');
    expect(rangeStart('5Y', '2024-03-29')).toBe('2019-03-29');
    expect(rangeStart('All', '2024-03-29')).toBeNull();
    // 300 trading days of warm-up before the 1-year range (2023-03-29): 420 + 14 calendar days
    expect(fetchStart('1Y', '2024-03-29')).toBe('2022-01-19');
    expect(fetchStart('All', '2024-03-29')).toBeNull();
  });

  it('merges days into weeks (Monday to Friday) with the period’s open, high, low, close and volume', () => {
    const week = resample(bars(7), 'week');
    expect(week).toHaveLength(2);
    expect(week[0]).toEqual({ date: '2020-01-10', open: 0, high: 7, low: -1, close: 5, volume: 500, index: 4 });
    expect(week[1]).toMatchObject({ date: '2020-01-14', open: 5, close: 7, volume: 200, index: 6 });
    expect(periodFor(1500)).toBe('day');
    expect(periodFor(1501)).toBe('week');
    expect(periodFor(7501)).toBe('month');
  });

  it('shows the range only, with SMA 50 computed on the warm-up bars before it', () => {
    const all = bars(300);
    const data = candleData(all, '1M');
    const last = all[all.length - 1]!.date;
    expect(data.period).toBe('day');
    expect(data.dates[0]! >= rangeStart('1M', last)!).toBe(true);
    expect(data.dates[data.dates.length - 1]).toBe(last);
    // close of bar i is i + 1: SMA 50 at the last bar is the mean of 251…300
    expect(data.sma50[data.sma50.length - 1]).toBe(275.5);
    expect(data.sma200[data.sma200.length - 1]).toBe(200.5);
    expect(data.candles[0]).toEqual([
      all[300 - data.dates.length]!.open,
      all[300 - data.dates.length]!.close,
      all[300 - data.dates.length]!.low,
      all[300 - data.dates.length]!.high,
    ]);
  });
});
