import { describe, expect, it } from 'vitest';
import { dayNumber } from '../series.js';
import { testSeries } from '../indicators/test-series.js';
import { testInstrument as inst } from './test-table.js';
import { fieldTableFromSeries, sessionDate } from './field-table.js';

const d = dayNumber;

describe('sessionDate: one date for the market', () => {
  it('is the latest day that at least half the symbols reach', () => {
    // Most symbols end 2017-11-10; one was updated to 2026-11-20: the market is at 2017-11-10.
    expect(sessionDate([d('2017-11-10'), d('2017-11-10'), d('2017-11-10'), d('2026-11-20')])).toBe(d('2017-11-10'));
    // Most symbols are current; one stopped in 2017: the market is current.
    expect(sessionDate([d('2026-11-20'), d('2026-11-20'), d('2026-11-20'), d('2017-11-10')])).toBe(d('2026-11-20'));
  });

  it('takes the share as a parameter and needs at least one symbol', () => {
    const last = [d('2024-01-05'), d('2024-01-04'), d('2024-01-03'), d('2024-01-02')];
    expect(sessionDate(last, 0.25)).toBe(d('2024-01-05'));
    expect(sessionDate(last, 0.5)).toBe(d('2024-01-04'));
    expect(sessionDate(last, 1)).toBe(d('2024-01-02'));
    expect(sessionDate([])).toBeNull();
  });
});

describe('fieldTableFromSeries at one session', () => {
  const closes = (n: number, from = 100) => Array.from({ length: n }, (_, i) => from + i);

  it('evaluates every symbol at the session, leaves out and counts those without a bar on it', () => {
    const ahead = testSeries('AHEAD', closes(12), { start: '2024-01-01' }); // to 2024-01-12
    const current = testSeries('CUR', closes(10), { start: '2024-01-01' }); // to 2024-01-10
    const current2 = testSeries('CUR2', closes(10, 50), { start: '2024-01-01' });
    const stale = testSeries('OLD', closes(5), { start: '2024-01-01' }); // to 2024-01-05
    const later = testSeries('NEW', closes(1), { start: '2024-01-11' }); // listed after the session
    const t = fieldTableFromSeries([
      { instrument: inst('AHEAD', 'A'), series: ahead },
      { instrument: inst('CUR', 'A'), series: current },
      { instrument: inst('CUR2', 'A'), series: current2 },
      { instrument: inst('OLD', 'A'), series: stale },
      { instrument: inst('NEW', 'A'), series: later },
    ]);
    // Last days: 01-12, 01-10, 01-10, 01-05, 01-11 → the third latest (3 of 5 ≥ half) is 01-10.
    expect(t.asOf).toBe('2024-01-10');
    expect(t.stale).toBe(1);
    expect(t.text.symbol).toEqual(['AHEAD', 'CUR', 'CUR2']);
    expect(t.dates).toEqual(['2024-01-10', '2024-01-10', '2024-01-10']);
    // AHEAD is read at its bar of 2024-01-10 (close 109), not its latest (111).
    expect(t.current.price[0]).toBe(109);
    expect(t.previous.price[0]).toBe(108);
  });

  it("takes the session over the NYSE symbols only: crypto's weekend bars do not move it", () => {
    // 2024-01-05 is a Friday; the crypto symbols have bars on the weekend after it
    const stock = testSeries('STK', closes(5), { start: '2024-01-01' });
    const crypto = (symbol: string) => testSeries(symbol, closes(7), { start: '2024-01-01' });
    const coin = (symbol: string) => ({
      instrument: { ...inst(symbol, 'A'), calendar: 'crypto' as const },
      series: crypto(symbol),
    });
    const t = fieldTableFromSeries([{ instrument: inst('STK', 'A'), series: stock }, coin('BTC'), coin('ETH')]);
    expect(t.asOf).toBe('2024-01-05');
    // the crypto symbols are read at their bar of that Friday
    expect(t.text.symbol).toEqual(['STK', 'BTC', 'ETH']);
    expect(t.current.price[1]).toBe(104);
    // a crypto symbol without a bar on that Friday is left out, and not counted as the market's stale
    const late = {
      instrument: { ...inst('SOL', 'A'), calendar: 'crypto' as const },
      series: testSeries('SOL', closes(3), { start: '2024-01-01' }),
    };
    const old = testSeries('OLD', closes(3), { start: '2024-01-01' });
    const mixed = fieldTableFromSeries([
      { instrument: inst('STK', 'A'), series: stock },
      { instrument: inst('OLD', 'A'), series: old },
      coin('BTC'),
      late,
    ]);
    expect(mixed.text.symbol).toEqual(['STK', 'BTC']);
    expect(mixed.stale).toBe(1);
    // without a symbol on the NYSE calendar, over every symbol
    expect(fieldTableFromSeries([coin('BTC'), coin('ETH')]).asOf).toBe('2024-01-07');
  });

  it('replays as of a given session (look-ahead free)', () => {
    const s = testSeries('X', closes(30), { start: '2024-01-01' });
    const t = fieldTableFromSeries([{ instrument: inst('X', 'A'), series: s }], { asOf: d('2024-01-20') });
    expect(t.asOf).toBe('2024-01-20');
    expect(t.current.price[0]).toBe(119);
    expect(t.previous.price[0]).toBe(118);
  });
});
