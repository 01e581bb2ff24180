import { expect } from 'vitest';
import type { BacktestResult } from '../seasonality/backtest.js';

/** A trade as a test writes it: symbol, entry date, exit date, return. */
export type TradeRow = readonly [symbol: string, entryDate: string, exitDate: string, ret: number];

/** A backtest's equity values and its trades, in order, each number to `digits` decimals. */
export function expectEquityAndTrades(
  result: BacktestResult,
  equity: readonly number[],
  trades: readonly TradeRow[],
  digits: number,
): void {
  expect(result.equity.map((p) => p.value)).toEqual(equity.map((v) => expect.closeTo(v, digits)));
  expect(result.trades.map((t) => [t.symbol, t.entryDate, t.exitDate, t.return])).toEqual(
    trades.map(([symbol, entry, exit, ret]) => [symbol, entry, exit, expect.closeTo(ret, digits)]),
  );
}
