import { describe, expect, it } from 'vitest';
import { seriesRates } from './base-rates.js';
import { closes } from './test-fixtures.js';
import { MAX_PLANE_SLOTS, tailPlane } from './tail-planes.js';

describe('tail planes', () => {
  it('gives the same plane for the same shape, and another for any other key', () => {
    const rates = seriesRates(closes('KEYS', [['2020-01-02', 10]]));
    const plane = tailPlane(rates, 0, 10, 5, 3, true);
    expect(tailPlane(rates, 0, 10, 5, 3, true)).toBe(plane);
    for (const other of [
      tailPlane(rates, 1, 10, 5, 3, true),
      tailPlane(rates, 0, 9, 5, 3, true),
      tailPlane(rates, 0, 10, 6, 3, true),
      tailPlane(rates, 0, 10, 5, 4, true),
      tailPlane(rates, 0, 10, 5, 3, false),
    ])
      expect(other).not.toBe(plane);
    expect(plane.tails).toHaveLength(3 * 11);
    expect([...plane.tails].every((t) => t === -1)).toBe(true);
  });

  it('keeps the newest planes within its budget of slots, dropping the oldest first', () => {
    const rates = seriesRates(closes('BUDGET', [['2020-01-02', 10]]));
    const lengths = Math.floor(MAX_PLANE_SLOTS / 2 / 11);
    const first = tailPlane(rates, 0, 10, 1, lengths, true);
    const second = tailPlane(rates, 0, 10, 1, lengths, false);
    expect(rates.planes).toEqual([first, second]);
    const third = tailPlane(rates, 0, 10, 2, lengths, true);
    expect(rates.planes).toEqual([second, third]);
    // A shape asked again after it was dropped is made afresh.
    expect(tailPlane(rates, 0, 10, 1, lengths, true)).not.toBe(first);
    expect(rates.planes).toHaveLength(2);
  });
});
