import { describe, expect, it } from 'vitest';
import { mergeScanParts, seasonalityScan, seasonalityScanPart, type SeasonalityScanOptions } from './scanner.js';
import { mergeSerializedScanParts, serializeScanPart, type SerializedScanAnswer } from './scan-wire.js';
import { civilDate, type PriceSeries } from '../series.js';
import { randomSeries } from './test-fixtures.js';

/** The series with its closes from June 1 to June 25 lifted more each day: its June windows rise every year. */
function juneRally(series: PriceSeries): PriceSeries {
  const close = series.close.map((c, i) => {
    const { month, day } = civilDate(series.dates[i]!);
    return month === 6 && day <= 25 ? c * (1 + 0.004 * day) : c;
  });
  return { ...series, close, open: close, high: close, low: close };
}

// Sixty symbols of 12 to 26 years (some short, so that small samples and several year spans
// occur), every fifth with a June rally (so that some qValues are small and others near 1).
const universe = Array.from({ length: 60 }, (_, i) => {
  const series = randomSeries(`S${String(i).padStart(2, '0')}`, 7 + i, 1998 + (i % 7), 12 + (i % 15));
  return i % 5 === 0 ? juneRally(series) : series;
});
// Ties of winRate and mean, so that the order's later keys decide: a copy under another
// symbol (the symbol decides), and a copy a week later (the start's place decides).
const rally = universe[0]!;
universe.push({ ...rally, symbol: 'C00' }, { ...rally, symbol: 'W00', dates: rally.dates.map((d) => d + 7) });

/** An answer's text (its bytes are UTF-8). */
const textOf = (answer: SerializedScanAnswer) => new TextDecoder().decode(answer.body);

function split(parts: number) {
  return Array.from({ length: parts }, (_, p) => universe.filter((_, i) => i % parts === p));
}

const cases: [string, SeasonalityScanOptions][] = [
  ['long', { startFrom: '06-01', startTo: '06-15', minDays: 10, maxDays: 30, direction: 'long' }],
  [
    'short, a year range',
    { startFrom: '03-10', startTo: '04-02', minDays: 5, maxDays: 20, direction: 'short', from: 2003, to: 2015 },
  ],
  ['both, across the year end', { startFrom: '12-20', startTo: '01-05', minDays: 7, maxDays: 40, direction: 'both' }],
  [
    'minYears and minWinRate',
    { startFrom: '09-01', startTo: '09-30', minDays: 10, maxDays: 15, minYears: 5, minWinRate: 0.6 },
  ],
  ['maxQValue', { startFrom: '05-25', startTo: '06-10', minDays: 10, maxDays: 22, direction: 'both', maxQValue: 0.05 }],
  ['02-29 as the first start', { startFrom: '02-29', startTo: '03-20', minDays: 3, maxDays: 9 }],
];

describe('a scan serialized in parts', () => {
  it.each(cases)('is the text of the merged answer, in one to three parts (%s)', (_, options) => {
    const whole = JSON.stringify(seasonalityScan(universe, options));
    for (const n of [1, 2, 3]) {
      const objects = split(n).map((part) => seasonalityScanPart(part, options));
      expect(JSON.stringify(mergeScanParts(objects, options)), `${n} parts as objects`).toBe(whole);
      const serialized = split(n).map((part) => serializeScanPart(seasonalityScanPart(part, options), options));
      const answer = mergeSerializedScanParts(serialized, options);
      expect(textOf(answer), `${n} serialized parts`).toBe(whole);
      const parsed = JSON.parse(whole) as { results: unknown[]; tested: number };
      expect([answer.results, answer.tested]).toEqual([parsed.results.length, parsed.tested]);
      expect(parsed.results.length).toBeGreaterThan(0);
    }
  });

  it('leaves out the results above maxQValue, and only those', () => {
    const options = cases.find(([name]) => name === 'maxQValue')![1];
    const all = seasonalityScan(universe, { ...options, maxQValue: undefined }).results;
    const kept = JSON.parse(
      textOf(
        mergeSerializedScanParts(
          split(2).map((part) => serializeScanPart(seasonalityScanPart(part, options), options)),
          options,
        ),
      ),
    ) as { results: { symbol: string }[] };
    expect(kept.results.map((r) => r.symbol)).toEqual(all.filter((r) => r.stats.qValue! <= 0.05).map((r) => r.symbol));
    expect(kept.results.length).toBeGreaterThan(0);
    expect(kept.results.length).toBeLessThan(all.length);
  });

  it('cuts its bytes right when a symbol is not ASCII (two-, three- and four-byte characters)', () => {
    const options = cases[0]![1];
    const named = universe.map((s, i) => (i % 4 === 0 ? { ...s, symbol: `${s.symbol}${['Ş', '€', '😀'][i % 3]}` } : s));
    const whole = JSON.stringify(seasonalityScan(named, options));
    expect(whole).toContain('😀');
    for (const n of [1, 2, 3]) {
      const parts = Array.from({ length: n }, (_, p) => named.filter((_, i) => i % n === p));
      const serialized = parts.map((part) => serializeScanPart(seasonalityScanPart(part, options), options));
      expect(textOf(mergeSerializedScanParts(serialized, options)), `${n} parts`).toBe(whole);
    }
  });

  it('writes its part into larger buffers than it asks for, left dirty by an earlier use', () => {
    const options = cases[2]![1];
    const whole = JSON.stringify(seasonalityScan(universe, options));
    // Every buffer twice the size asked for, and full of 0xff: a reused buffer's old bytes.
    const dirty = (bytes: number) => {
      const buffer = new ArrayBuffer(2 * bytes + 64);
      new Uint8Array(buffer).fill(0xff);
      return buffer;
    };
    const serialized = split(2).map((part) =>
      serializeScanPart(seasonalityScanPart(part, options, dirty), options, dirty),
    );
    expect(textOf(mergeSerializedScanParts(serialized, options))).toBe(whole);
  });

  it('keeps a result list that maxQValue empties, and an empty universe', () => {
    const options: SeasonalityScanOptions = {
      startFrom: '06-01',
      startTo: '06-03',
      minDays: 10,
      maxDays: 11,
      maxQValue: 0,
    };
    const parts = split(2).map((part) => serializeScanPart(seasonalityScanPart(part, options), options));
    expect(textOf(mergeSerializedScanParts(parts, options))).toBe(JSON.stringify(seasonalityScan(universe, options)));
    expect(JSON.parse(textOf(mergeSerializedScanParts(parts, options))).results).toEqual([]);
    const none = serializeScanPart(seasonalityScanPart([], options), options);
    expect(textOf(mergeSerializedScanParts([none], options))).toBe('{"results":[],"tested":0}');
  });
});
