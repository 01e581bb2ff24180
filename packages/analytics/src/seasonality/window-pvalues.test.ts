import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber, isoDate, type PriceSeries } from '../series.js';
import { ascendingUnit } from '../stats/ascending-sort.js';
import { benjaminiHochbergAt, benjaminiHochbergTally } from '../stats/multiple-testing.js';
import { calendarIndex, parseMonthDay } from './calendar-days.js';
import { scannerMinYears, seasonalityScan, seasonalityScanPart, type SeasonalityScanOptions } from './scanner.js';
import type { Direction } from './statistics.js';
import { randomSeries } from './test-fixtures.js';
import { WindowGrid, startPositions, windowDetails } from './window-grid.js';
import { bucketOf } from '../stats/q-values-by-bucket.js';
import { cellPValuesFor, PValueTally } from './window-pvalues.js';
import { yearSetTable } from './year-set-table.js';

/** analytics.md "Multiple testing", written out: sort, q(i) = max(p(i), min over j ≥ i of min(1, m·p(j)/j)). */
function plainBenjaminiHochberg(p: readonly number[]): number[] {
  const m = p.length;
  const sorted = [...p].sort((a, b) => a - b);
  const q = new Array<number>(m);
  let running = 1;
  for (let k = m - 1; k >= 0; k--) {
    running = Math.min(running, Math.min(1, (m * sorted[k]!) / (k + 1)));
    q[k] = Math.max(sorted[k]!, running);
  }
  return p.map((v) => q[sorted.lastIndexOf(v)]!);
}

const monthDay = fc
  .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
  .map(([m, d]) => `${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

const scanFields = {
  seeds: fc.array(fc.integer({ min: 1, max: 2 ** 31 - 1 }), { minLength: 1, maxLength: 3 }),
  firstYear: fc.integer({ min: 1990, max: 2000 }),
  years: fc.integer({ min: 3, max: 12 }),
  startFrom: monthDay as fc.Arbitrary<string>,
  span: fc.integer({ min: 0, max: 12 }),
  minDays: fc.integer({ min: 1, max: 40 }),
  lengths: fc.integer({ min: 0, max: 6 }),
  direction: fc.constantFrom<Direction | 'both'>('long', 'short', 'both'),
  minYears: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
  from: fc.option(fc.integer({ min: 1990, max: 2004 }), { nil: undefined }),
  parity: fc.option(fc.constantFrom('odd' as const, 'even' as const), { nil: undefined }),
  exclude: fc.option(fc.array(fc.integer({ min: 1990, max: 2012 }), { maxLength: 3 }), { nil: undefined }),
};
const scanInputs = fc.record(scanFields);

/** Scans as the scanner does and as the definitions say, and expects the same tests, pValues and qValues. */
type ScanInput = typeof scanInputs extends fc.Arbitrary<infer T> ? T : never;

/** The input's market: a random series per seed. */
function universeOf(input: ScanInput): PriceSeries[] {
  return input.seeds.map((seed, i) => randomSeries(`S${i}`, seed, input.firstYear, input.years));
}

function expectScanAsDefined(input: ScanInput, universe = universeOf(input)): void {
  const from = calendarIndex(parseMonthDay(input.startFrom));
  const startTo = parseMonthDay(
    isoDate(dayNumber(`2001-${input.startFrom}`) + input.span).slice(5) === '02-29'
      ? '03-01'
      : isoDate(dayNumber(`2001-${input.startFrom}`) + input.span).slice(5),
  );
  const options: SeasonalityScanOptions = {
    startFrom: input.startFrom,
    startTo: `${String(startTo.month).padStart(2, '0')}-${String(startTo.day).padStart(2, '0')}`,
    minDays: input.minDays,
    maxDays: input.minDays + input.lengths,
    direction: input.direction,
    ...(input.minYears !== undefined ? { minYears: input.minYears } : {}),
    ...(input.from !== undefined ? { from: input.from } : {}),
    ...(input.parity !== undefined ? { parity: input.parity } : {}),
    ...(input.exclude !== undefined ? { exclude: input.exclude } : {}),
  };
  const directions: Direction[] = input.direction === 'both' ? ['long', 'short'] : [input.direction];
  const grid = new WindowGrid(startPositions(from, calendarIndex(startTo)), options.minDays, options.maxDays);
  // The straightforward way: each tested window's statistics on its own.
  const tests: { key: string; p: number }[] = [];
  for (const series of universe) {
    const { table, lo, hi } = yearSetTable(series, options);
    if (lo > hi) continue;
    const most = grid.fill(series, table, lo, hi);
    if (most === 0) continue;
    const minYears = Math.max(1, options.minYears ?? scannerMinYears(most));
    // The scanner's pick of each direction's best cell is compare's order.
    for (const direction of directions) {
      let best = -1;
      for (let c = 0; c < grid.count.length; c++)
        if (grid.count[c]! >= minYears && (best < 0 || grid.compare(c, direction, best, direction) < 0)) best = c;
      expect(grid.best(direction, minYears)).toBe(best);
    }
    const cells: number[] = [];
    for (let c = 0; c < grid.count.length; c++) if (grid.count[c]! >= minYears) cells.push(c);
    const fast = cellPValuesFor({ series, table, grid, cells, lo, hi }, directions);
    directions.forEach((direction, di) => {
      cells.forEach((cell, i) => {
        const w = windowDetails(series, table, grid.startOf(cell), grid.daysOf(cell), lo, hi, direction);
        expect(fast[di]![i]).toBe(w.stats.pValue);
        tests.push({ key: `${series.symbol} ${direction} ${w.start} ${w.days}`, p: w.stats.pValue! });
      });
    });
  }
  const answer = seasonalityScan(universe, options);
  expect(answer.tested).toBe(tests.length);
  // The tally holds every test's pValue, as many times as tests have it.
  const part = seasonalityScanPart(universe, options);
  const tallied = [...part.pValues].flatMap((p, i) => Array<number>(part.weights[i]!).fill(p));
  const ascending = (a: number, b: number) =>
    a === b || (a !== a && b !== b) ? 0 : a !== a ? 1 : b !== b ? -1 : a - b;
  expect(tallied.sort(ascending)).toEqual(tests.map((t) => t.p).sort(ascending));
  const q = plainBenjaminiHochberg(tests.map((t) => t.p));
  const qOf = new Map(tests.map((t, i) => [t.key, q[i]!]));
  const pOf = new Map(tests.map((t) => [t.key, t.p]));
  for (const r of answer.results) {
    expect(r.stats.qValue).toBe(qOf.get(`${r.symbol} ${r.direction} ${r.start} ${r.days}`));
    // The scanner hands its tallied pValue to the result: the one windowDetails computes.
    expect(r.stats.pValue).toBe(pOf.get(`${r.symbol} ${r.direction} ${r.start} ${r.days}`));
  }
}

describe('pValues and qValues of the scan: the fast path equals the definitions', () => {
  it('property: every tested window’s pValue equals windowDetails’, and each qValue Benjamini–Hochberg over them', () => {
    fc.assert(
      fc.property(scanInputs, (input) => expectScanAsDefined(input)),
      { numRuns: 25 },
    );
  });

  it('property: the same over long histories, where nearly every window counts in each year of its span (the tally by winners), across the year end too', () => {
    const late = fc
      .tuple(fc.constantFrom(11, 12), fc.integer({ min: 1, max: 28 }))
      .map(([m, d]) => `${m}-${String(d).padStart(2, '0')}`);
    const long = fc.record({
      ...scanFields,
      years: fc.integer({ min: 14, max: 22 }),
      startFrom: fc.oneof(monthDay, late),
      minYears: fc.constant(undefined),
      parity: fc.constant(undefined),
      exclude: fc.constant(undefined),
    });
    fc.assert(
      fc.property(long, (input) => expectScanAsDefined(input)),
      { numRuns: 12 },
    );
  });

  it('property: one market scanned again with shapes that differ in one input (its memoized books and planes reused) keeps every pValue and qValue as defined', () => {
    const market = fc.record({ ...scanFields, years: fc.integer({ min: 8, max: 16 }), minYears: fc.constant(3) });
    const change = fc.record({
      minDays: fc.integer({ min: 1, max: 5 }),
      lengths: fc.integer({ min: 1, max: 3 }),
      direction: scanFields.direction,
      from: fc.integer({ min: 1, max: 3 }),
    });
    fc.assert(
      fc.property(market, change, (input, by) => {
        const universe = universeOf(input);
        const shapes: ScanInput[] = [
          input,
          { ...input, minDays: input.minDays + by.minDays },
          { ...input, lengths: input.lengths + by.lengths },
          { ...input, direction: by.direction },
          { ...input, from: (input.from ?? input.firstYear) + by.from },
          input,
        ];
        for (const shape of shapes) expectScanAsDefined(shape, universe);
      }),
      { numRuns: 15 },
    );
  });

  it('property: the bucketed sort and the tallied Benjamini–Hochberg equal the built-in sort and the plain one', () => {
    const pValue = fc.oneof(
      fc.constantFrom(0, 1, 0.5, 1e-300, 5e-324),
      fc.double({ min: 0, max: 1, noNaN: true, noDefaultInfinity: true }).filter((v) => !Object.is(v, -0)),
    );
    fc.assert(
      fc.property(
        fc.array(pValue, { minLength: 1, maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 80 }), { minLength: 1100, maxLength: 2500 }),
        (distinct, picks) => {
          // Many ties, as a scan's pValues have: over 1,024 values, so the radix sort is used.
          const values = Float64Array.from(picks, (k) => distinct[k % distinct.length]!);
          const builtIn = Float64Array.from(values).sort();
          const ours = Float64Array.from(values);
          ascendingUnit(ours);
          expect(ours).toEqual(builtIn);
          const asked = [0, 7, picks.length - 1];
          const plain = plainBenjaminiHochberg([...values]);
          expect(benjaminiHochbergAt(values, asked)).toEqual(asked.map((i) => plain[i]));
          // The same tests as (value, weight) entries, a value listed more than once.
          const weights = new Map<number, number>();
          for (const v of values) weights.set(v, (weights.get(v) ?? 0) + 1);
          const entries = [...weights].flatMap(([v, w]) =>
            w > 1 ? [[v, w - 1] as const, [v, 1] as const] : [[v, w] as const],
          );
          expect(
            benjaminiHochbergTally(
              entries.map((e) => e[0]),
              entries.map((e) => e[1]),
              asked.map((i) => values[i]!),
            ),
          ).toEqual(asked.map((i) => plain[i]));
        },
      ),
      { numRuns: 30 },
    );
    // Distinct values that agree in their high 32 bits: a few out of place are ordered by the
    // insertion pass; thousands shuffled, past its budget, by the comparison sort.
    const near = (n: number) => Float64Array.from({ length: n }, (_, i) => 0.999 + i * 1e-13);
    const fewOutOfPlace = near(1500);
    for (let i = 0; i < 1500; i += 37)
      [fewOutOfPlace[i], fewOutOfPlace[i + 1]] = [fewOutOfPlace[i + 1]!, fewOutOfPlace[i]!];
    const shuffled = near(20_000);
    let state = 7;
    for (let i = shuffled.length - 1; i > 0; i--) {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      const j = state % (i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    for (const values of [fewOutOfPlace, shuffled]) {
      const want = Float64Array.from(values).sort();
      ascendingUnit(values);
      expect(values).toEqual(want);
    }
    // Not all non-negative (never pValues): the built-in order.
    const odd = Float64Array.from({ length: 2000 }, (_, i) => (i % 3 === 0 ? -0 : i % 7 === 0 ? NaN : 1 / (i + 1)));
    const sorted = Float64Array.from(odd);
    ascendingUnit(sorted);
    expect(sorted).toEqual(Float64Array.from(odd).sort());
  });
});

describe('the tally', () => {
  it('puts each pValue in its bucket as it is added, gives up the buckets at a NaN, and starts afresh when cleared', () => {
    const tally = new PValueTally();
    tally.add(0.5, 3);
    tally.add(0.25, 1);
    tally.add(0.5, 2);
    const buckets = tally.buckets!;
    const half = bucketOf(0.5);
    expect([buckets.bucket[0], buckets.bucket[1], buckets.bucket[2]]).toEqual([half, bucketOf(0.25), half]);
    expect([buckets.counts[half], buckets.tests[half]]).toEqual([2, 5]);
    // 2,000 values: the buckets grow with the values.
    for (let i = 0; i < 2000; i++) tally.add(i / 4000, 1);
    expect(tally.buckets!.bucket[2002]).toBe(bucketOf(1999 / 4000));
    tally.add(NaN, 1);
    expect(tally.buckets).toBeNull();
    tally.clear();
    expect(tally.size).toBe(0);
    expect(tally.buckets!.counts.every((c) => c === 0)).toBe(true);
  });
});
