import { describe, expect, it } from 'vitest';
import { allocateSeries, type PriceSeries } from '@solstice/analytics';
import { dayNumberFast } from '../dates.js';
import { SeriesEdit } from './series-edit.js';

const day = dayNumberFast;

function stored(bars: Array<[string, number]>): PriceSeries {
  const s = allocateSeries('X', bars.length);
  bars.forEach(([date, close], i) => {
    s.dates[i] = day(date);
    s.open[i] = s.high[i] = s.low[i] = s.close[i] = close;
    s.volume[i] = 100;
  });
  return s;
}

const set = (e: SeriesEdit, date: string, close: number) => e.set(day(date), close, close, close, close, 100);
const closes = (s: PriceSeries) => Array.from(s.close);
const dates = (s: PriceSeries) => Array.from(s.dates);

describe('SeriesEdit', () => {
  it('counts a new date as inserted, a changed value as updated, an equal bar as the same', () => {
    const e = new SeriesEdit(
      stored([
        ['2020-01-02', 1],
        ['2020-01-03', 2],
      ]),
    );
    expect(set(e, '2020-01-03', 2)).toBe('same');
    expect(e.changed).toBe(false);
    expect(e.set(day('2020-01-03'), 2, 2, 2, 2, 101)).toBe('updated');
    expect(set(e, '2020-01-06', 3)).toBe('inserted');
    expect(set(e, '2020-01-06', 3)).toBe('same');
    expect(set(e, '2020-01-06', 4)).toBe('updated');
    expect([...e.years]).toEqual([2020]);
    const r = e.result();
    expect(closes(r)).toEqual([1, 2, 4]);
    expect(r.volume[1]).toBe(101);
  });

  it('merges bars before, between and after the stored ones, in any order, into date order', () => {
    const e = new SeriesEdit(
      stored([
        ['2020-01-06', 6],
        ['2020-01-08', 8],
      ]),
    );
    expect(set(e, '2021-01-04', 21)).toBe('inserted');
    expect(set(e, '2020-01-07', 7)).toBe('inserted');
    expect(set(e, '2019-12-31', 5)).toBe('inserted');
    expect(set(e, '2020-01-07', 7)).toBe('same');
    expect(set(e, '2019-12-31', 4)).toBe('updated');
    const r = e.result();
    expect(dates(r)).toEqual(['2019-12-31', '2020-01-06', '2020-01-07', '2020-01-08', '2021-01-04'].map(day));
    expect(closes(r)).toEqual([4, 6, 7, 8, 21]);
    expect([...e.years].sort()).toEqual([2019, 2020, 2021]);
  });

  it('appends to an empty series, growing past its first buffer, and names only the years touched', () => {
    const e = new SeriesEdit(allocateSeries('X', 0));
    const d = day('2000-01-03');
    for (let i = 0; i < 1000; i++) expect(e.set(d + i, i, i, i, i, i)).toBe('inserted');
    const r = e.result();
    expect(r.dates.length).toBe(1000);
    expect(r.close[999]).toBe(999);
    expect([...e.years]).toEqual([2000, 2001, 2002]);
  });

  it('an update in one year leaves the other years untouched', () => {
    const e = new SeriesEdit(
      stored([
        ['2018-05-01', 1],
        ['2019-05-01', 2],
        ['2020-05-01', 3],
      ]),
    );
    set(e, '2019-05-01', 9);
    expect([...e.years]).toEqual([2019]);
    expect(closes(e.result())).toEqual([1, 9, 3]);
  });
});
