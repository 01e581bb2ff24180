// Test data with overrides.
import type { MarketOverviewResponse, PatternResponse, WindowRiskStats, SeasonalWindow } from '@solstice/contracts';

type PatternYear = PatternResponse['years'][number];

/** A window's statistics, its risk's included (analytics.md, "Risk inside a window"). */
export function createStats(overrides: Partial<WindowRiskStats> = {}): WindowRiskStats {
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
    meanMae: -0.031,
    medianMae: -0.025,
    worstMae: -0.12,
    worstMaeYear: 2008,
    meanMfe: 0.06,
    medianMfe: 0.05,
    returnToRisk: 1,
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
    maeDay: 3,
    maeDate: `${year}-11-06`,
    mfeDay: 30,
    mfeDate: `${year}-12-14`,
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

/** What a US stock's instrument answer says of its prices. */
const US_STOCK = { currency: 'USD', assetClass: 'equity' } as const;

export const instrument = (symbol: string, synthetic = false) => ({
  path: `/api/v1/instruments/${symbol}`,
  body: {
    symbol,
    name: `${symbol} Inc`,
    type: 'stock',
    sector: 'Technology',
    industry: 'Software',
    synthetic,
    ...US_STOCK,
  },
});

/** A future's instrument answer (Yahoo's unadjusted front month, data-providers.md §15.5); the path as the client encodes it. */
export const futureInstrument = (symbol: string) => ({
  path: `/api/v1/instruments/${encodeURIComponent(symbol)}`,
  body: { ...instrument(symbol).body, name: `${symbol} future`, type: 'future', assetClass: 'future', rollGaps: [] },
});

const periodValues = (v: number) => ({
  '1d': v,
  '1w': v * 2,
  '1m': v * 3,
  '3m': v * 4,
  '6m': v * 5,
  ytd: v * 6,
  '1y': v * 7,
});

export function createOverview(overrides: Partial<MarketOverviewResponse> = {}): MarketOverviewResponse {
  const mover = (symbol: string, change1d: number, volume: number) => ({
    symbol,
    name: `${symbol} Corp`,
    sector: 'Energy',
    close: 50,
    change1d,
    volume,
  });
  return {
    asOf: '2026-11-20',
    stale: 0,
    indices: [
      {
        symbol: '^GSPC',
        name: 'S&P 500',
        currency: 'USD',
        assetClass: 'index',
        asOf: '2026-11-20',
        close: 5000,
        change1d: 0.005,
        w1: 0.01,
        m1: 0.02,
        ytd: 0.1,
        y1: 0.12,
      },
    ],
    sectors: [
      { sector: 'Energy', count: 20, values: periodValues(-0.01) },
      { sector: 'Utilities', count: 10, values: periodValues(0.004) },
    ],
    sectorWeighting: 'dollarvolume',
    breadth: {
      total: 30,
      advancers: 18,
      decliners: 10,
      unchanged: 2,
      aboveSma50: 0.6,
      aboveSma200: 0.55,
      newHighs: 3,
      newLows: 1,
    },
    gainers: [mover('UPA', 0.08, 1e6), mover('UPB', 0.05, 2e6)],
    losers: [mover('DNA', -0.07, 3e6)],
    mostActive: [mover('ACT', 0.01, 9e7)],
    assetGroups: [],
    ...overrides,
  };
}

/** Answers GET /api/v1/instruments/:symbol for any symbol. */
export const anyInstrument = (synthetic = false) => ({
  path: /^\/api\/v1\/instruments\/[^/?]+$/,
  respond: ({ url }: { url: URL }) => {
    const symbol = decodeURIComponent(url.pathname.split('/').pop()!);
    return {
      body: { symbol, name: `${symbol} Inc`, type: 'stock', sector: 'Energy', industry: 'Oil', synthetic, ...US_STOCK },
    };
  },
});
