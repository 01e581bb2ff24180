// Response shapes of the APIs the screens read (issues 3–6). They mirror the contracts
// package; where a contract lands, its type replaces the one here.

import type { SeasonalScanResponse } from '@solstice/contracts';

export type {
  BestTradesResponse,
  CalendarResponse,
  ChartResponse,
  HeatmapResponse,
  MarketOverviewResponse,
  MeResponse,
  PatternResponse,
  Product,
  SeasonalScanResponse,
  SeasonalWindow,
  SubscriptionResponse,
  WindowStats as PatternStats,
} from '@solstice/contracts';

export type SeasonalScanResult = SeasonalScanResponse['results'][number] & { name?: string };

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

export type { InstrumentDetail as Instrument } from '@solstice/contracts';

export interface Bar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}
