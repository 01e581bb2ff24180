// Test data with overrides.
import type { PatternResponse, PatternStats, SeasonalWindow } from './types';

type PatternYear = PatternResponse['years'][number];

export function createStats(overrides: Partial<PatternStats> = {}): PatternStats {
  return {
    count: 20,
    winners: 16,
    losers: 4,
    winRate: 0.8,
    mean: 0.031,
    median: 0.028,
    stdDev: 0.04,
    min: -0.05,
    max: 0.12,
    avgGain: 0.045,
    avgLoss: -0.025,
    annualized: 0.2,
    sharpe: 1.8,
    calendarDays: 60,
    pValue: 0.01,
    withoutBest: 0.026,
    recent: 0.8,
    ...overrides,
  };
}

export function createYear(year: number, ret: number, overrides: Partial<PatternYear> = {}): PatternYear {
  return {
    year,
    entryDate: `${year}-11-01`,
    exitDate: `${year}-12-31`,
    entryClose: 100,
    exitClose: 100 * (1 + ret),
    return: ret,
    maxRise: Math.max(ret, 0) + 0.01,
    maxDrop: Math.min(ret, 0) - 0.01,
    tradingDays: 40,
    ...overrides,
  };
}

export function createPattern(overrides: Partial<PatternResponse> = {}): PatternResponse {
  return {
    symbol: 'AAPL',
    start: '11-01',
    end: '12-31',
    direction: 'long',
    years: [createYear(2021, 0.05), createYear(2022, -0.02), createYear(2023, 0.1)],
    stats: createStats(),
    benchmark: null,
    ...overrides,
  };
}

export function createWindow(overrides: Partial<SeasonalWindow> = {}): SeasonalWindow {
  return { start: '03-01', end: '03-21', days: 20, stats: createStats({ calendarDays: 20 }), ...overrides };
}

export const instrument = (symbol: string, synthetic = false) => ({
  path: `/api/v1/instruments/${symbol}`,
  body: { symbol, name: `${symbol} Inc`, type: 'stock', sector: 'Technology', industry: 'Software', synthetic },
});
