import { describe, expect, it } from 'vitest';
import { allocateSeries, type PriceSeries } from '@solstice/analytics';
import { daysFromCivil, isoFromDay } from '../dates.js';
import {
  BYTES_PER_BAR,
  barsInChunk,
  decodeChunkInto,
  encodeChunk,
  rangeOfYear,
  seriesFromChunks,
  yearOfDay,
  yearRanges,
} from './chunk-codec.js';

function series(days: number[]): PriceSeries {
  const s = allocateSeries('X', days.length);
  days.forEach((d, i) => {
    s.dates[i] = d;
    s.open[i] = 10 + i + 0.1;
    s.high[i] = 10 + i + 0.5;
    s.low[i] = 10 + i - 0.5;
    s.close[i] = 10 + i;
    s.volume[i] = 1000 * (i + 1);
  });
  return s;
}

describe('bar chunks', () => {
  it('yearOfDay is the civil year of every day from 1800 to 2200', () => {
    for (let day = daysFromCivil(1800, 1, 1); day < daysFromCivil(2201, 1, 1); day++) {
      const expected = Number(isoFromDay(day).slice(0, 4));
      if (yearOfDay(day) !== expected) expect.fail(`${isoFromDay(day)}: ${yearOfDay(day)}`);
    }
  });

  it('a chunk is 44 bytes a bar: the five float columns, then the dates, little-endian', () => {
    const s = series([daysFromCivil(2020, 1, 2), daysFromCivil(2020, 1, 3), daysFromCivil(2020, 1, 6)]);
    const data = encodeChunk(s, 1, 3);
    expect(data.byteLength).toBe(2 * BYTES_PER_BAR);
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    expect(view.getFloat64(0, true)).toBe(s.open[1]);
    expect(view.getFloat64(8, true)).toBe(s.open[2]);
    expect(view.getFloat64(3 * 16, true)).toBe(s.close[1]);
    expect(view.getFloat64(4 * 16 + 8, true)).toBe(s.volume[2]);
    expect(view.getInt32(80, true)).toBe(daysFromCivil(2020, 1, 3));
    expect(view.getInt32(84, true)).toBe(daysFromCivil(2020, 1, 6));
  });

  it('decodes what it encoded, also from a buffer at an odd offset (as a driver may hand it)', () => {
    const s = series([daysFromCivil(1999, 12, 31), daysFromCivil(2000, 1, 3), daysFromCivil(2000, 1, 4)]);
    const data = encodeChunk(s, 0, 3);
    const shifted = Buffer.alloc(data.byteLength + 3);
    data.copy(shifted, 3);
    const target = allocateSeries('X', 5);
    expect(decodeChunkInto(shifted.subarray(3), target, 2)).toBe(3);
    expect(Array.from(target.dates.subarray(2))).toEqual(Array.from(s.dates));
    expect(Array.from(target.close.subarray(2))).toEqual(Array.from(s.close));
    expect(Array.from(target.volume.subarray(2))).toEqual(Array.from(s.volume));
    expect(target.close[0]).toBe(0);
  });

  it('keeps every double bit for bit (NaN, −0, subnormals, the extremes)', () => {
    const s = series([1, 2, 3, 4, 5]);
    s.close.set([Number.NaN, -0, Number.MIN_VALUE, Number.MAX_VALUE, 0.1 + 0.2]);
    const back = seriesFromChunks('X', [{ year: 1970, data: encodeChunk(s, 0, 5) }]);
    expect(Object.is(back.close[1], -0)).toBe(true);
    expect(Number.isNaN(back.close[0])).toBe(true);
    expect(Array.from(back.close.subarray(2))).toEqual([Number.MIN_VALUE, Number.MAX_VALUE, 0.1 + 0.2]);
  });

  it('refuses a chunk that is not a whole number of bars', () => {
    expect(() => barsInChunk(new Uint8Array(45))).toThrow(/45 bytes is not a whole number of 44-byte bars/);
  });

  it('splits a series by calendar year, and finds a year in it', () => {
    const days = [
      daysFromCivil(2019, 12, 30),
      daysFromCivil(2019, 12, 31),
      daysFromCivil(2020, 1, 2),
      daysFromCivil(2022, 6, 1),
    ];
    const s = series(days);
    expect([...yearRanges(s)]).toEqual([
      { year: 2019, from: 0, to: 2 },
      { year: 2020, from: 2, to: 3 },
      { year: 2022, from: 3, to: 4 },
    ]);
    expect(rangeOfYear(s, 2021)).toEqual({ from: 3, to: 3 });
    expect(rangeOfYear(s, 2020)).toEqual({ from: 2, to: 3 });
    const whole = seriesFromChunks(
      'X',
      [...yearRanges(s)].map((r) => ({ year: r.year, data: encodeChunk(s, r.from, r.to) })),
    );
    expect(whole).toEqual(s);
    expect(seriesFromChunks('X', []).dates.length).toBe(0);
  });
});
