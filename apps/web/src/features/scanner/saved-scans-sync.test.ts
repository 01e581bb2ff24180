import { describe, expect, it } from 'vitest';
import { mergeIntoLocal, scanChanges } from './saved-scans-sync';

const account = [
  { id: 1, name: 'Oversold', expression: 'rsi14 < 30', createdAt: 0, updatedAt: 0 },
  { id: 2, name: 'Trend', expression: 'close > sma200', createdAt: 0, updatedAt: 0 },
];

describe('saved scans kept in the account', () => {
  it('sends what changed: new names are created, a changed expression updated, a missing name removed', () => {
    expect(
      scanChanges(account, [
        { name: 'Oversold', expression: 'rsi14 < 25' },
        { name: 'Breakout', expression: 'close > high52w' },
      ]),
    ).toEqual({
      create: [{ name: 'Breakout', expression: 'close > high52w' }],
      update: [{ id: 1, scan: { name: 'Oversold', expression: 'rsi14 < 25' } }],
      remove: [2],
    });
    expect(scanChanges(account, account)).toEqual({ create: [], update: [], remove: [] });
  });

  it('takes the account’s list into the store, keeping each name’s local sort', () => {
    expect(mergeIntoLocal(account, [{ name: 'Trend', expression: 'old', sort: 'rsi14', desc: true }])).toEqual([
      { name: 'Oversold', expression: 'rsi14 < 30' },
      { name: 'Trend', expression: 'close > sma200', sort: 'rsi14', desc: true },
    ]);
  });
});
