// Response shapes of the APIs the screens read (issues 3–6). They mirror the contracts
// package; where a contract lands, its type replaces the one here.

export interface PatternStats {
  count: number;
  winners: number;
  losers: number;
  winRate: number | null;
  mean: number | null;
  median: number | null;
  stdDev: number | null;
  min: number | null;
  max: number | null;
  avgGain: number | null;
  avgLoss: number | null;
  annualized: number | null;
  sharpe: number | null;
  calendarDays: number;
  pValue: number | null;
  withoutBest: number | null;
  recent: number | null;
}

export interface PatternYear {
  year: number;
  entryDate: string;
  exitDate: string;
  entryClose: number;
  exitClose: number;
  return: number;
  maxRise: number;
  maxDrop: number;
}

export interface PatternResponse {
  symbol: string;
  start: string;
  end: string;
  direction: 'long' | 'short';
  years: PatternYear[];
  stats: PatternStats;
}

export interface CalendarResponse {
  symbol: string;
  months: { year: number; month: number; return: number }[];
  years: { year: number; return: number }[];
  summary: {
    month: number;
    count: number;
    mean: number | null;
    median: number | null;
    winRate: number | null;
    min: number | null;
    max: number | null;
    stdDev: number | null;
  }[];
}

export interface ChartResponse {
  symbol: string;
  years: number[];
  curve: number[];
  detrended: number[];
  current: { year: number; values: (number | null)[] } | null;
}

export interface SeasonalWindow {
  start: string;
  end: string;
  days: number;
  stats: PatternStats;
}

export interface BestTradesResponse {
  symbol: string;
  long: SeasonalWindow[];
  short: SeasonalWindow[];
}

export interface SeasonalScanResult extends SeasonalWindow {
  symbol: string;
  direction: 'long' | 'short';
  name?: string;
}

export interface SeasonalScanResponse {
  results: SeasonalScanResult[];
}

export type ScanRow = { symbol: string; name?: string | null; sector?: string | null } & Record<string, unknown>;

export interface ScanResponse {
  asOf: string | null;
  count: number;
  results: ScanRow[];
}

export interface ScanPreset {
  id: string;
  name: string;
  expression: string;
  description?: string;
  sort?: string;
  desc?: boolean;
}

export interface Instrument {
  symbol: string;
  name: string;
  type?: string;
  exchange?: string | null;
  sector?: string | null;
  industry?: string | null;
  currency?: string | null;
  marketCap?: number | null;
  synthetic?: boolean;
}

export interface Bar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface Product {
  id: string | number;
  name: string;
  description?: string | null;
  prices: { id: string | number; amount: number; currency: string; interval: string }[];
}

export interface Subscription {
  status: string;
  product?: { id?: string | number; name?: string } | string | null;
  price?: { id?: string | number; amount?: number; currency?: string; interval?: string } | null;
  currentPeriodEnd?: number | string | null;
  cancelAtPeriodEnd?: boolean;
}

export interface MeResponse {
  data: { id?: string | number; email?: string; username?: string } & Record<string, unknown>;
  roles: string[];
  subscriber: boolean;
}
