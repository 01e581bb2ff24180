import { describe, expect, it } from 'vitest';
import { overfittingQuerySchema, parseWindowSpec } from './overfitting.js';

const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('overfitting contract', () => {
  it('parses the query from strings with its defaults: both sides, 8 blocks, no resample, seed 1', () => {
    expect(overfittingQuerySchema.parse({ symbol: 'aapl', minDays: '5', maxDays: '30' })).toEqual({
      symbol: 'AAPL',
      minDays: 5,
      maxDays: 30,
      direction: 'both',
      blocks: 8,
      bootstrap: 0,
      seed: '1',
    });
    const q = overfittingQuerySchema.parse({
      symbol: 'A',
      minDays: '5',
      maxDays: '7',
      window: '12-20:01-10:short',
      seed: '18446744073709551615',
      blocks: '16',
      bootstrap: '10000',
    });
    expect(parseWindowSpec(q.window!)).toEqual({ start: '12-20', end: '01-10', direction: 'short' });
    expect(q.seed).toBe('18446744073709551615');
  });

  it('names the bad field once', () => {
    const base = { symbol: 'A', minDays: '5', maxDays: '7' };
    for (const [field, value] of [
      ['blocks', '7'],
      ['blocks', '1'],
      ['blocks', '18'],
      ['blocks', 'x'],
      ['window', '02-30:03-01:long'],
      ['window', '03-01:03-05:up'],
      ['window', '03-01:03-01:long'],
      ['seed', '18446744073709551616'],
      ['seed', '+1'],
      ['bootstrap', '-1'],
      ['direction', 'sideways'],
    ] as const) {
      expect(paths(overfittingQuerySchema.safeParse({ ...base, [field]: value })), `${field}=${value}`).toEqual([
        field,
      ]);
    }
    expect(paths(overfittingQuerySchema.safeParse({ ...base, minDays: '9' }))).toEqual(['maxDays']);
  });
});
