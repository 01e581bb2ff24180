import { describe, expect, it } from 'vitest';
import { fieldTableFromSeries } from '../scanner/field-table.js';
import { testInstrument } from '../scanner/test-table.js';
import { seriesFromRows } from '../series.js';
import { twoSessionTables } from './tables.js';

const day = (i: number) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
const walk = (symbol: string, days: number[], drift: number) =>
  seriesFromRows(
    symbol,
    days.map((i) => {
      const close = 100 + Math.sin(i / 3) * 10 + i * drift;
      return { date: day(i), open: close - 1, high: close + 2, low: close - 2, close, volume: 1000 + i };
    }),
  );
const instrument = (symbol: string) => testInstrument(symbol, null, { name: symbol });

function run<T>(g: Generator<void, T, void>): T {
  let step = g.next();
  while (!step.done) step = g.next();
  return step.value;
}

describe('the field tables of two sessions in one pass', () => {
  // A: every day; B: misses the previous session; C: ends before it; D: starts on the last day.
  const all = Array.from({ length: 300 }, (_, i) => i);
  const universe = [
    { instrument: instrument('A'), series: walk('A', all, 0.1) },
    {
      instrument: instrument('B'),
      series: walk(
        'B',
        all.filter((i) => i !== 298),
        -0.05,
      ),
    },
    { instrument: instrument('C'), series: walk('C', all.slice(0, 250), 0.02) },
    { instrument: instrument('D'), series: walk('D', [299], 0) },
  ];

  it('equals two separate tables, stale counts included', () => {
    const { now, before } = run(twoSessionTables(universe, day(299), day(298), 2));
    expect(now).toEqual(fieldTableFromSeries(universe, { asOf: 299 + Date.UTC(2024, 0, 1) / 86_400_000 }));
    expect(before).toEqual(fieldTableFromSeries(universe, { asOf: 298 + Date.UTC(2024, 0, 1) / 86_400_000 }));
    expect(now.size).toBe(3);
    expect(before!.size).toBe(1);
    expect(before!.stale).toBe(2);
  });

  it('has no previous table without a previous session', () => {
    expect(run(twoSessionTables(universe, day(299), null)).before).toBeNull();
  });
});
