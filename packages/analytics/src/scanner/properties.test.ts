import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildFieldTable } from './field-table.js';
import { compileScan, runScan } from './scan.js';
import { testBar, testInstrument } from './test-table.js';

const value = fc.option(fc.integer({ min: 0, max: 100 }), { nil: null });
const rows = fc.array(fc.tuple(value, value), { minLength: 1, maxLength: 40 });

function tableOf(values: [number | null, number | null][]) {
  return buildFieldTable(
    values.map(([rsi, sma], k) => ({
      instrument: testInstrument(`S${k}`, null),
      bars: [testBar({ close: 50, rsi14: rsi, sma50: sma })],
    })),
  );
}

const matches = (t: ReturnType<typeof tableOf>, e: string) =>
  runScan(t, compileScan(e), { limit: 1000 })
    .results.map((r) => r.symbol)
    .sort();

describe('scanner properties', () => {
  it('x < t, x >= t and "x is null" split the universe', () => {
    fc.assert(
      fc.property(rows, fc.integer({ min: 0, max: 100 }), (values, t) => {
        const table = tableOf(values);
        const below = matches(table, `rsi14 < ${t}`).length;
        const atOrAbove = matches(table, `rsi14 >= ${t}`).length;
        expect(below + atOrAbove).toBe(values.filter(([rsi]) => rsi !== null).length);
      }),
    );
  });

  it("De Morgan's laws hold under three-valued logic", () => {
    fc.assert(
      fc.property(rows, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (values, a, b) => {
        const table = tableOf(values);
        expect(matches(table, `not (rsi14 < ${a} and sma50 > ${b})`)).toEqual(
          matches(table, `not rsi14 < ${a} or not sma50 > ${b}`),
        );
        expect(matches(table, `not (rsi14 < ${a} or sma50 > ${b})`)).toEqual(
          matches(table, `not rsi14 < ${a} and not sma50 > ${b}`),
        );
      }),
    );
  });

  it('between A and B is the same as >= A and <= B', () => {
    fc.assert(
      fc.property(rows, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (values, a, b) => {
        const table = tableOf(values);
        expect(matches(table, `rsi14 between ${a} and ${b}`)).toEqual(
          matches(table, `rsi14 >= ${a} and rsi14 <= ${b}`),
        );
      }),
    );
  });
});
