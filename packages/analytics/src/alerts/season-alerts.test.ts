import { describe, expect, it } from 'vitest';
import { compileScan } from '../scanner/scan.js';
import { testInstrument } from '../scanner/test-table.js';
import { everyDay } from '../seasonality/test-fixtures.js';
import { seriesUpTo } from './as-of.js';
import { evaluateAlertsAsOf, type AlertSpec } from './evaluate.js';
import { dayNumber } from '../series.js';

// A close of 100 every day but 101 on each 03-02. As of 2023-02-27 season1 reads 02-28 → 03-01
// (flat: no win); as of 2023-02-28 it reads 03-01 → 03-02 (a win in 2020, 2021 and 2022); as of
// 2023-03-01 it reads 03-02 → 03-03 (a loss every year).
const SPIKE = everyDay('SPK', '2020-01-01', '2023-03-10', (date) => (date.endsWith('-03-02') ? 101 : 100));
const FLAT = everyDay('FLT', '2020-01-01', '2023-03-10', () => 100);
const universe = [SPIKE, FLAT].map((series) => ({ instrument: testInstrument(series.symbol, null), series }));

const CONDITION = 'season1.winRate >= 0.9 and season1.count >= 3';
const alerts: AlertSpec[] = [
  { id: 1, kind: 'condition', scan: compileScan(CONDITION), symbols: ['SPK', 'FLT'] },
  { id: 2, kind: 'scan', scan: compileScan(CONDITION), onExit: true },
];

describe('alerts on seasonal fields (season<L>.<stat>), as of a session', () => {
  it('fire when the statistics as of the session meet the condition and did not the session before', () => {
    expect(evaluateAlertsAsOf(universe, alerts, '2023-02-27').triggers).toEqual([]);
    const fired = {
      symbol: 'SPK',
      barDate: '2023-02-28',
      close: 100,
      values: { 'season1.winRate': 1, 'season1.count': 3 },
    };
    expect(evaluateAlertsAsOf(universe, alerts, '2023-02-28')).toEqual({
      asOf: '2023-02-28',
      previous: '2023-02-27',
      // With the values that made them fire: the close and each field of the expression at the session.
      triggers: [
        { ...fired, alertId: 1, event: 'became-true' },
        { ...fired, alertId: 2, event: 'entered' },
      ],
    });
    expect(evaluateAlertsAsOf(universe, alerts, '2023-03-01').triggers).toEqual([
      {
        alertId: 2,
        symbol: 'SPK',
        barDate: '2023-03-01',
        event: 'left',
        close: 100,
        values: { 'season1.winRate': 0, 'season1.count': 3 },
      },
    ]);
  });

  it('give the same answer whether or not the data goes on after the session (a replay)', () => {
    const cut = universe.map((u) => ({ ...u, series: seriesUpTo(u.series, dayNumber('2023-02-28')) }));
    expect(evaluateAlertsAsOf(cut, alerts, '2023-02-28')).toEqual(evaluateAlertsAsOf(universe, alerts, '2023-02-28'));
  });
});
