// Test data of the backtest (POST /api/v1/seasonality/backtest): two legs' trades, their metrics
// and the SPY benchmark over four days of October 2010.
import type { BacktestResponse } from '@solstice/contracts';

export const backtestAnswer: BacktestResponse = {
  equity: [
    { date: '2010-10-05', value: 1 },
    { date: '2010-10-06', value: 1.02 },
    { date: '2010-10-07', value: 0.969 },
    { date: '2010-10-08', value: 1.05 },
  ],
  trades: [
    {
      symbol: 'AAPL',
      start: '10-05',
      end: '11-01',
      direction: 'long',
      year: 2010,
      entryDate: '2010-10-05',
      exitDate: '2010-10-07',
      return: 0.0412345,
    },
    {
      symbol: 'SPY',
      start: '11-01',
      end: '04-30',
      direction: 'short',
      year: 2010,
      entryDate: '2010-10-06',
      exitDate: '2010-10-08',
      return: -0.0123,
    },
  ],
  metrics: {
    totalReturn: 0.05,
    cagr: 0.1234,
    maxDrawdown: -0.05,
    volatility: 0.2,
    sharpe: 1.2345,
    sortino: null,
    exposure: 0.75,
    trades: 2,
    tradeWinRate: 0.5,
    avgTrade: 0.0144,
  },
  benchmark: {
    symbol: 'SPY',
    totalReturn: 0.03,
    cagr: 0.06,
    maxDrawdown: -0.02,
    sharpe: 0.8,
    from: '2010-10-05',
    to: '2010-10-08',
    strategyOverSpan: null,
    equity: [
      { date: '2010-10-05', value: 1 },
      { date: '2010-10-06', value: 1.02 },
      { date: '2010-10-07', value: 1.02 },
      { date: '2010-10-08', value: 1.03 },
    ],
  },
};
