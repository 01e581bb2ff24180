import { describe, expect, it } from 'vitest';
import { seriesUpTo } from '../alerts/as-of.js';
import { closes, everyDay, sparseSeason10 } from '../seasonality/test-fixtures.js';
import { dayNumber, type PriceSeries } from '../series.js';
import { fieldTableFromSeries, type FieldTable } from './field-table.js';
import { lookupField } from './fields.js';
import { scanNotices } from './notices.js';
import { compileScan, runScan } from './scan.js';
import { seasonColumn } from './seasonal-columns.js';
import { scanErrorOf, testInstrument } from './test-table.js';

/** As of 2023-03-10, season10 (03-11 → 03-21): +10 % (2020), −5 % (2021), +20 % (2022). */
const SPARSE = sparseSeason10([['2023-03-09', 49]]);
/** As of 2023-03-10, season10: +100 % in 2022 only (its first bar is 2022-01-03). */
const YOUNG = closes('YG', [
  ['2022-01-03', 1],
  ['2022-03-11', 1],
  ['2022-03-21', 2],
  ['2023-03-10', 3],
]);
/** A close on every day, none in the window: season10 has no year. */
const FLAT = everyDay('FL', '2023-01-01', '2023-03-10', () => 5);

function table(series: PriceSeries[], asOf = '2023-03-10'): FieldTable {
  return fieldTableFromSeries(
    series.map((s) => ({ instrument: testInstrument(s.symbol, 'Energy'), series: s })),
    { asOf: dayNumber(asOf) },
  );
}

describe('season<L>.<stat> fields in scanner expressions', () => {
  it('are named case-insensitively, canonical season<L>.<stat>, L from 1 to 364', () => {
    expect(lookupField('SEASON20.WINRATE')).toEqual({
      name: 'season20.winRate',
      kind: 'number',
      season: { days: 20, stat: 'winRate' },
    });
    expect(lookupField('season1.pvalue')?.name).toBe('season1.pValue');
    expect(lookupField('Season020.Count')?.name).toBe('season20.count');
    expect(lookupField('season364.median')?.name).toBe('season364.median');
    expect(lookupField('season365.median')).toBeUndefined();
    expect(compileScan('season20.count >= 15 and season20.mean > 0').fields).toEqual([
      'season20.count',
      'season20.mean',
    ]);
  });

  it('a bad length or statistic is a parse error that says where', () => {
    const zero = scanErrorOf('close > 1 and season0.winRate > 0.5');
    expect(zero.position).toBe(15);
    expect(zero.message).toBe(
      '"season0.winRate": the holding length L of season<L> must be a whole number of days from 1 to 364 at position 15',
    );
    expect(zero.expected).toBe('season<L>.<stat> with L from 1 to 364');
    expect(scanErrorOf('season365.mean > 0').message).toContain('from 1 to 364 at position 1');
    expect(scanErrorOf('season20.sharpe > 1').message).toBe(
      '"season20.sharpe": unknown seasonal statistic "sharpe" (one of winRate, mean, median, count, pValue) at position 1',
    );
    expect(scanErrorOf('rsi14 < 30 or season20 > 1').message).toBe(
      '"season20" needs a statistic: season20.<stat> with <stat> one of winRate, mean, median, count, pValue at position 15',
    );
    expect(scanErrorOf('seasonX.mean > 1').message).toBe('Unknown field "seasonX.mean" at position 1');
    expect(scanErrorOf('season20.count = "x"').position).toBe(18);
  });

  it('filter, sort and show the statistics as of each row’s bar (hand-computed)', () => {
    const t = table([SPARSE, YOUNG, FLAT]);
    const scan = compileScan('season10.winRate > 0.5 and season10.count >= 1');
    const r = runScan(t, scan, { sort: 'season10.mean', desc: true, columns: ['season10.median', 'season10.pValue'] });
    expect(r.asOf).toBe('2023-03-10');
    expect(r.results.map((row) => row.symbol)).toEqual(['YG', 'SP']);
    const [young, sparse] = r.results;
    expect(young).toMatchObject({ 'season10.winRate': 1, 'season10.count': 1, 'season10.mean': 1 });
    // YG's base rate in 2022: only the window from 03-11 holds two bars, and it rose: P(X ≥ 1 | 1, 1) = 1
    expect(young!['season10.pValue']).toBe(1);
    expect(sparse!['season10.winRate']).toBe(2 / 3);
    expect(sparse!['season10.count']).toBe(3);
    expect(sparse!['season10.mean'] as number).toBeCloseTo(0.25 / 3, 14);
    expect(sparse!['season10.median'] as number).toBeCloseTo(0.1, 14);
    expect(sparse!['season10.pValue'] as number).toBeCloseTo(135 / 343, 14);
    // FLAT has no year: its fields are null, so `not` leaves it out too (three-valued logic).
    expect(runScan(t, compileScan('not season10.count >= 1')).count).toBe(0);
    expect(runScan(t, compileScan('season10.count >= 1 or symbol = "FL"')).count).toBe(3);
    expect(scanNotices(t, scan)).toEqual([]);
    expect(scanNotices(table([FLAT]), scan)).toEqual([
      'No instrument has a value for season10.winRate in this data: a condition on it is never true.',
      'No instrument has a value for season10.count in this data: a condition on it is never true.',
    ]);
  });

  it('computes them only for the rows that reach them', () => {
    const t = table([SPARSE, YOUNG, FLAT]);
    // The seasonal side is written first but evaluated last, for the rows the rest leaves open.
    expect(runScan(t, compileScan('season10.pValue < 1 and symbol = "SP"')).results.map((r) => r.symbol)).toEqual([
      'SP',
    ]);
    const none = new Uint8Array(t.size);
    const computed = (stat: 'count' | 'pValue') =>
      Array.from(seasonColumn(t.seasonal, t.size, 10, stat, none)).map((v) => !Number.isNaN(v));
    expect(t.text.symbol).toEqual(['SP', 'YG', 'FL']);
    expect(computed('count')).toEqual([true, false, false]);
    expect(computed('pValue')).toEqual([true, false, false]);
    // `or`: the rows already true (YG) need no seasonal value (the mask alone, no result rows).
    expect(Array.from(compileScan('symbol = "YG" or season10.count > 0').condition(t))).toEqual([1, 1, 2]);
    expect(computed('count')).toEqual([true, false, false]);
  });

  it('use no data after the scan’s date: later bars change nothing', () => {
    const cut = [SPARSE, YOUNG].map((s) => seriesUpTo(s, dayNumber('2023-03-10')));
    const columns = ['season10.winRate', 'season10.mean', 'season10.median', 'season10.count', 'season10.pValue'];
    const expression = 'season10.count >= 1';
    const full = runScan(table([SPARSE, YOUNG]), compileScan(expression), { columns });
    expect(full.count).toBe(2);
    expect(runScan(table(cut), compileScan(expression), { columns })).toEqual(full);
    // As of a later bar the window moves on (2023-03-13 looks at 03-14 → 03-24).
    expect(runScan(table([SPARSE], '2023-03-13'), compileScan(expression)).count).toBe(0);
  });

  it('crosses above / below compare with the value as of the bar before', () => {
    // A close of 100 every day but 101 on each 03-02: as of 2023-02-27 season1 is 02-28 → 03-01
    // (flat, no win); as of 2023-02-28 it is 03-01 → 03-02 (a win in 2020, 2021 and 2022).
    const spike = everyDay('SPK', '2020-01-01', '2023-03-05', (date) => (date.endsWith('-03-02') ? 101 : 100));
    const t = table([spike], '2023-02-28');
    expect(runScan(t, compileScan('season1.winRate crosses above 0.5'), { columns: ['season1.count'] })).toMatchObject({
      count: 1,
      results: [{ symbol: 'SPK', 'season1.winRate': 1, 'season1.count': 3 }],
    });
    expect(runScan(table([spike], '2023-03-01'), compileScan('season1.winRate crosses below 0.5')).count).toBe(1);
  });
});

describe('season<L>.<stat>[k]', () => {
  it('is the field as of the bar k bars before, as a table as of that bar reads it', () => {
    const now = table([SPARSE, YOUNG]);
    for (const k of [1, 2]) {
      const r = runScan(now, compileScan(`season10.count[${k}] >= 0 or close > 0`), {
        columns: [`season10.mean[${k}]`],
        sort: 'symbol',
      });
      for (const row of r.results) {
        const s = [SPARSE, YOUNG].find((x) => x.symbol === row.symbol)!;
        const i = s.dates.indexOf(dayNumber('2023-03-10')) - k;
        const then = runScan(
          table([s], new Date(s.dates[i]! * 86_400_000).toISOString().slice(0, 10)),
          compileScan('close > 0'),
          {
            columns: ['season10.count', 'season10.mean'],
          },
        ).results[0]!;
        expect([row[`season10.count[${k}]`], row[`season10.mean[${k}]`]]).toEqual([
          then['season10.count'],
          then['season10.mean'],
        ]);
      }
    }
    // not all null: SPARSE's bar before has years that count (YOUNG's has none)
    expect(
      runScan(now, compileScan('close > 0'), { columns: ['season10.count[1]'], sort: 'symbol' }).results.map(
        (r) => r['season10.count[1]'],
      ),
    ).toEqual([2, null]);
  });
});
