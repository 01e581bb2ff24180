import { describe, expect, it } from 'vitest';
import { emaSeries, smaSeries } from './moving-averages.js';
import { atrSeries, bollingerSeries, macdSeries, rsiSeries, trueRangeSeries, volatilitySeries } from './oscillators.js';
import { indicatorBars, indicatorSnapshot, toSnapshot, ytdAt } from './snapshot.js';
import { indicatorChartSeries } from './chart-series.js';
import { NO_INDICATOR_VALUES, testSeries } from './test-series.js';

const arr = (a: Float64Array) => Array.from(a, (v) => (Number.isNaN(v) ? null : v));

describe('moving averages', () => {
  it('sma(3) is the mean of the last 3 values, undefined before', () => {
    expect(arr(smaSeries([1, 2, 3, 4, 6], 3))).toEqual([null, null, 2, 3, 13 / 3]);
  });

  it('ema(3) is seeded with the sma of the first 3 values, then α = 1/2', () => {
    const e = arr(emaSeries([2, 4, 6, 5, 9], 3));
    expect(e.slice(0, 2)).toEqual([null, null]);
    expect(e[2]).toBeCloseTo(4, 14);
    expect(e[3]).toBeCloseTo(4.5, 14);
    expect(e[4]).toBeCloseTo(6.75, 14);
  });

  it('ema of a series with leading NaNs seeds from its own first defined values', () => {
    const e = arr(emaSeries([NaN, NaN, 2, 4, 6, 5], 3));
    expect(e).toEqual([null, null, null, null, 4, 4.5]);
  });
});

describe('rsi (Wilder)', () => {
  it('matches the hand computation with n = 3', () => {
    // changes +1 −1 +2 −1 +2; first averages gain 1, loss 1/3 → rsi 75
    const r = arr(rsiSeries([10, 11, 10, 12, 11, 13], 3));
    expect(r.slice(0, 3)).toEqual([null, null, null]);
    expect(r[3]).toBeCloseTo(75, 12);
    // gain (1·2 + 0)/3 = 2/3, loss (1/3·2 + 1)/3 = 5/9 → RS 1.2
    expect(r[4]).toBeCloseTo(100 - 100 / 2.2, 12);
    // gain (2/3·2 + 2)/3 = 10/9, loss (5/9·2)/3 = 10/27 → RS 3
    expect(r[5]).toBeCloseTo(75, 12);
  });

  it('is 100 when the average loss is 0 and null with fewer than 15 closes', () => {
    const up = Array.from({ length: 15 }, (_, i) => 10 + i);
    expect(indicatorSnapshot(testSeries('UP', up))?.rsi14).toBe(100);
    expect(indicatorSnapshot(testSeries('UP', up.slice(0, 14)))?.rsi14).toBeNull();
    const flat = Array.from({ length: 15 }, () => 10);
    expect(indicatorSnapshot(testSeries('FLAT', flat))?.rsi14).toBe(100);
  });

  it('is 0 when the average gain is 0', () => {
    const down = Array.from({ length: 20 }, (_, i) => 50 - i);
    expect(indicatorSnapshot(testSeries('DN', down))?.rsi14).toBe(0);
  });
});

describe('macd', () => {
  it('matches the hand computation with (2, 3, 2)', () => {
    const m = macdSeries([1, 2, 4, 8, 16], 2, 3, 2);
    expect(arr(m.macd).slice(0, 2)).toEqual([null, null]);
    expect(m.macd[2]).toBeCloseTo(5 / 6, 13);
    expect(m.macd[3]).toBeCloseTo(11 / 9, 13);
    expect(m.macd[4]).toBeCloseTo(239 / 108, 13);
    expect(arr(m.signal).slice(0, 3)).toEqual([null, null, null]);
    expect(m.signal[3]).toBeCloseTo(37 / 36, 13);
    expect(m.signal[4]).toBeCloseTo(589 / 324, 13);
    expect(m.hist[4]).toBeCloseTo(32 / 81, 13);
  });

  it('needs 26 closes for macd and 34 for its signal', () => {
    const c = Array.from({ length: 34 }, (_, i) => 100 + Math.sin(i));
    const at33 = indicatorSnapshot(testSeries('X', c));
    expect(at33?.macdSignal).not.toBeNull();
    const at32 = indicatorSnapshot(testSeries('X', c.slice(0, 33)));
    expect(at32?.macd).not.toBeNull();
    expect(at32?.macdSignal).toBeNull();
    expect(at32?.macdHist).toBeNull();
    expect(indicatorSnapshot(testSeries('X', c.slice(0, 25)))?.macd).toBeNull();
  });
});

describe('atr (Wilder)', () => {
  const high = [10, 11, 12, 13, 20];
  const low = [8, 9, 9, 11, 18];
  const close = [9, 10, 11, 12, 19];

  it('the first true range is high − low, then the widest of the three ranges', () => {
    expect(Array.from(trueRangeSeries(high, low, close))).toEqual([2, 2, 3, 2, 8]);
  });

  it('matches the hand computation with n = 3', () => {
    const a = arr(atrSeries(high, low, close, 3));
    expect(a.slice(0, 2)).toEqual([null, null]);
    expect(a[2]).toBeCloseTo(7 / 3, 13);
    expect(a[3]).toBeCloseTo(20 / 9, 13);
    expect(a[4]).toBeCloseTo(112 / 27, 13);
  });
});

describe('bollinger and volatility', () => {
  it('uses the population standard deviation', () => {
    const b = bollingerSeries([1, 2, 3], 3, 2);
    expect(b.middle[2]).toBe(2);
    expect(b.upper[2]).toBeCloseTo(2 + 2 * Math.sqrt(2 / 3), 14);
    expect(b.lower[2]).toBeCloseTo(2 - 2 * Math.sqrt(2 / 3), 14);
  });

  it('volatility is the sample sd of the last n returns × √252', () => {
    // returns +10%, −10%, +10% → mean 1/30, sample variance ((2/30)²·2 + (4/30)²)/2
    const v = volatilitySeries([100, 110, 99, 108.9], 3);
    const expected = Math.sqrt(((2 / 30) ** 2 * 2 + (4 / 30) ** 2) / 2) * Math.sqrt(252);
    expect(v[3]).toBeCloseTo(expected, 12);
    expect(Number.isNaN(v[2])).toBe(true);
  });
});

describe('indicator snapshot', () => {
  it('reports every field of the latest bar with exact simple values', () => {
    const close = Array.from({ length: 260 }, (_, i) => 100 + i);
    const volume = close.map((_, i) => (i === 259 ? 3000 : 1000));
    const high = close.map((c) => c + 1);
    const low = close.map((c) => c - 1);
    const open = close.map((c, i) => (i === 259 ? 362 : c));
    const s = testSeries('LIN', close, { high, low, open, volume, start: '2021-01-01' });
    const snap = indicatorSnapshot(s);
    expect(snap).not.toBeNull();
    if (!snap) return;
    expect(snap.symbol).toBe('LIN');
    expect(snap.asOf).toBe('2021-09-17'); // 2021-01-01 + 259 days
    expect(snap.close).toBe(359);
    expect(snap.sma20).toBe(349.5);
    expect(snap.sma50).toBe(334.5);
    expect(snap.sma200).toBe(259.5);
    expect(snap.bbMiddle).toBe(349.5);
    // population sd of 20 consecutive integers = √((20² − 1)/12)
    expect(snap.bbUpper).toBeCloseTo(349.5 + 2 * Math.sqrt(399 / 12), 10);
    expect(snap.high52w).toBe(360);
    expect(snap.low52w).toBe(107); // the 252 bars start at index 8 → close 108 − 1
    expect(snap.change1d).toBeCloseTo(359 / 358 - 1, 15);
    expect(snap.gap).toBeCloseTo(362 / 358 - 1, 15);
    expect(snap.perf.w1).toBeCloseTo(359 / 354 - 1, 15);
    expect(snap.perf.m1).toBeCloseTo(359 / 338 - 1, 15);
    expect(snap.perf.m3).toBeCloseTo(359 / 296 - 1, 15);
    expect(snap.perf.m6).toBeCloseTo(359 / 233 - 1, 15);
    expect(snap.perf.y1).toBeCloseTo(359 / 107 - 1, 15);
    expect(snap.perf.ytd).toBeNull(); // no bar in 2020
    expect(snap.avgVolume20).toBe(1100);
    expect(snap.relVolume).toBe(3);
    expect(snap.rsi14).toBe(100);
    // constant true range of 2 (high − low = 2 ≥ the gaps from the previous close)
    expect(snap.atr14).toBeCloseTo(2, 13);
    // a linear series: ema lags the close by (1 − α)/α per unit step after convergence
    expect(snap.ema20).toBeCloseTo(359 - 9.5, 6);
  });

  it('gives null for every value whose history is too short', () => {
    const snap = indicatorSnapshot(testSeries('ONE', [10]));
    expect(snap && toSnapshot(snap)).toEqual({
      symbol: 'ONE',
      asOf: '2020-01-01',
      close: 10,
      ...NO_INDICATOR_VALUES,
    });
    expect(indicatorSnapshot(testSeries('NONE', []))).toBeNull();
  });

  it('knows the exact thresholds of each window', () => {
    const mk = (n: number) =>
      indicatorSnapshot(
        testSeries(
          'T',
          Array.from({ length: n }, (_, i) => 50 + (i % 7)),
        ),
      );
    expect(mk(19)?.sma20).toBeNull();
    expect(mk(20)?.sma20).not.toBeNull();
    expect(mk(20)?.avgVolume20).toBe(1000);
    expect(mk(20)?.relVolume).toBeNull();
    expect(mk(21)?.relVolume).toBe(1);
    expect(mk(20)?.volatility20).toBeNull();
    expect(mk(21)?.volatility20).not.toBeNull();
    expect(mk(13)?.atr14).toBeNull();
    expect(mk(14)?.atr14).not.toBeNull();
    expect(mk(49)?.ema50).toBeNull();
    expect(mk(50)?.ema50).toBe(mk(50)?.sma50);
    expect(mk(251)?.high52w).toBeNull();
    expect(mk(252)?.high52w).toBe(56);
    expect(mk(252)?.perf.y1).toBeNull();
    expect(mk(253)?.perf.y1).not.toBeNull();
    expect(mk(5)?.perf.w1).toBeNull();
    expect(mk(6)?.perf.w1).toBeCloseTo(55 / 50 - 1, 15);
  });

  it('relVolume is null when the 20 previous bars traded nothing', () => {
    const volume = [...Array.from({ length: 20 }, () => 0), 500];
    const s = testSeries(
      'Z',
      Array.from({ length: 21 }, () => 10),
      { volume },
    );
    expect(indicatorSnapshot(s)?.relVolume).toBeNull();
  });

  it('ytd compares with the last trading day of the previous calendar year', () => {
    const s = testSeries('Y', [90, 100, 110, 121, 99], {
      dates: ['2023-06-01', '2023-12-28', '2023-12-29', '2024-01-02', '2024-01-03'],
    });
    expect(ytdAt(s, 4)).toBeCloseTo(99 / 110 - 1, 15);
    expect(ytdAt(s, 3)).toBeCloseTo(0.1, 15);
    expect(ytdAt(s, 2)).toBeNull(); // no bar in 2022
    const gap = testSeries('G', [50, 60], { dates: ['2022-12-30', '2024-02-01'] });
    expect(ytdAt(gap, 1)).toBeNull(); // no bar in 2023
  });

  it('indicatorBars gives the previous and the latest bar', () => {
    const s = testSeries('P', [1, 2, 3, 4]);
    const bars = indicatorBars(s, 2);
    expect(bars.map((b) => [b.asOf, b.close, b.change1d])).toEqual([
      ['2020-01-03', 3, 0.5],
      ['2020-01-04', 4, 4 / 3 - 1],
    ]);
    expect(indicatorBars(testSeries('P', [7]), 2)).toHaveLength(1);
  });
});

describe('chart series', () => {
  it('gives the last N points with nulls before the window fills', () => {
    const s = testSeries('C', [1, 2, 3, 4, 5, 6]);
    const c = indicatorChartSeries(s, 3);
    expect(c.dates).toEqual(['2020-01-04', '2020-01-05', '2020-01-06']);
    expect(c.close).toEqual([4, 5, 6]);
    expect(c.sma20).toEqual([null, null, null]);
  });
});
