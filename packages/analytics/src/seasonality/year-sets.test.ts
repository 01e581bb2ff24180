import { describe, expect, it } from 'vitest';
import { cyclePhase, hasYearFilters, yearUsed } from './year-sets.js';

describe('year sets', () => {
  it('names the presidential cycle by Y mod 4', () => {
    expect([2016, 2017, 2018, 2019, 2020].map(cyclePhase)).toEqual([
      'election',
      'post-election',
      'midterm',
      'pre-election',
      'election',
    ]);
  });

  it('uses a year only inside [from, to] and through every filter given', () => {
    const years = Array.from({ length: 12 }, (_, i) => 2000 + i);
    expect(years.filter((y) => yearUsed(y, { cycle: ['midterm'] }))).toEqual([2002, 2006, 2010]);
    expect(years.filter((y) => yearUsed(y, { parity: 'odd', from: 2005, to: 2009 }))).toEqual([2005, 2007, 2009]);
    // A set that leaves exactly one year.
    expect(years.filter((y) => yearUsed(y, { cycle: ['election'], parity: 'even', exclude: [2000, 2008] }))).toEqual([
      2004,
    ]);
    expect(years.filter((y) => yearUsed(y, {}))).toEqual(years);
    expect(hasYearFilters({ from: 2000 })).toBe(false);
    expect(hasYearFilters({ exclude: [2008] })).toBe(true);
  });
});
