import { describe, expect, it } from 'vitest';
import { YEAR_SET_CYCLES as CONTRACT_CYCLES } from '@solstice/contracts';
import {
  YEAR_SET_CYCLES,
  checkYearSet,
  cyclesOf,
  normalizeYearSet,
  toggleCycle,
  yearSetBody,
  yearSetQuery,
} from './year-sets';

describe('year sets in the URL', () => {
  it("has the contracts' cycle phases, in their order (a copy: their module would bring zod)", () => {
    expect(YEAR_SET_CYCLES).toEqual(CONTRACT_CYCLES);
  });

  it('keeps the cycle phases in the cycle order and drops unknown ones', () => {
    expect(cyclesOf('midterm,election,leap')).toEqual(['election', 'midterm']);
    expect(toggleCycle('midterm', 'election', true)).toBe('election,midterm');
    expect(toggleCycle('election,midterm', 'midterm', false)).toBe('election');
  });

  it('maps the URL to query fields and body fields, leaving out what is not set', () => {
    const url = { cycle: 'pre-election,election', parity: 'odd', exclude: '2008, 2009' };
    expect(yearSetQuery(url)).toEqual({ cycle: 'election,pre-election', parity: 'odd', exclude: '2008,2009' });
    expect(yearSetBody(url)).toEqual({ cycle: ['election', 'pre-election'], parity: 'odd', exclude: [2008, 2009] });
    expect(yearSetQuery({ cycle: '', parity: 'both', exclude: ' ' })).toEqual({});
    expect(yearSetBody({})).toEqual({});
  });

  it('accepts only years separated by commas, and writes them without spaces', () => {
    expect(checkYearSet({ exclude: '2008, 2009,' })).toEqual({});
    expect(checkYearSet({ exclude: '' })).toEqual({});
    expect(checkYearSet({ exclude: '2008;2009' })).toHaveProperty('exclude');
    expect(checkYearSet({ exclude: '08' })).toHaveProperty('exclude');
    expect(normalizeYearSet({ exclude: ' 2008 , 2009,', cycle: 'midterm,election' })).toEqual({
      exclude: '2008,2009',
      cycle: 'election,midterm',
    });
  });
});
