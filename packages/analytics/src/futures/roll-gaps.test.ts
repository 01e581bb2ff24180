import { describe, expect, it } from 'vitest';
import { rollGaps } from './roll-gaps.js';

const bar = (date: string, open: number, close: number) => ({ date, open, close });

describe('rollGaps', () => {
  it('flags overnight gaps of 2 % or more either way, signed, and nothing smaller', () => {
    const bars = [
      bar('2019-01-24', 1280, 1300),
      bar('2019-01-25', 1326, 1320), // +2.0 % exactly
      bar('2019-01-28', 1346.3, 1340), // +1.992 %: not a gap
      bar('2019-01-29', 1300, 1305), // −2.985 %
      bar('2019-01-30', 1310, 1312),
    ];
    const gaps = rollGaps(bars);
    expect(gaps.map((g) => g.date)).toEqual(['2019-01-25', '2019-01-29']);
    expect(gaps[0]!.gap).toBeCloseTo(0.02, 12);
    expect(gaps[1]!.gap).toBeCloseTo(1300 / 1340 - 1, 12);
    expect(gaps[1]!.gap).toBeLessThan(0);
  });

  it('never flags the first bar, and gives [] for one bar or none', () => {
    expect(rollGaps([bar('2020-01-02', 50, 100)])).toEqual([]);
    expect(rollGaps([])).toEqual([]);
  });

  it('takes another threshold', () => {
    const bars = [bar('2020-01-02', 100, 100), bar('2020-01-03', 101, 101)];
    expect(rollGaps(bars)).toEqual([]);
    expect(rollGaps(bars, 0.01).map((g) => g.date)).toEqual(['2020-01-03']);
  });
});
