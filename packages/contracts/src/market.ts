import { assetClassSchema } from './market-data.js';
import { z } from 'zod';

export const heatmapPeriodSchema = z.enum(['1d', '1w', '1m', '3m', '6m', 'ytd', '1y']);
export type HeatmapPeriod = z.infer<typeof heatmapPeriodSchema>;
export const heatmapSizeSchema = z.enum(['marketcap', 'dollarvolume', 'equal']);
export type HeatmapSize = z.infer<typeof heatmapSizeSchema>;

export const heatmapQuerySchema = z.strictObject({
  period: heatmapPeriodSchema.default('1d'),
  /** `all` (every stock), `sector:NAME`, or a comma-separated list of symbols. */
  universe: z
    .string()
    .trim()
    .max(5000)
    .refine(
      (v) => v === '' || /^(all|sector:.+|[A-Za-z0-9.^=-]+(\s*,\s*[A-Za-z0-9.^=-]+)*\s*,?)$/i.test(v),
      'expected all, sector:NAME or a comma-separated list of symbols',
    )
    .default('all'),
  size: heatmapSizeSchema.default('dollarvolume'),
});
export type HeatmapQuery = z.infer<typeof heatmapQuerySchema>;

const change = z.number().nullable();

export const heatmapLeafSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  size: z.number(),
  change,
  /** The latest close and volume, and up to HEATMAP_SPARK_BARS closes ending there, for the hover card. */
  close: change,
  volume: change,
  spark: z.array(z.number()),
});
export const HEATMAP_SPARK_BARS = 20;
/** A group of the heatmap (industry, sector, the whole market): its total size, its change, its members. */
const heatmapGroupOf = <T extends z.ZodType>(member: T) =>
  z.object({ name: z.string(), size: z.number(), change, children: z.array(member) });
export const heatmapIndustrySchema = heatmapGroupOf(heatmapLeafSchema);
export const heatmapSectorSchema = heatmapGroupOf(heatmapIndustrySchema);
export const heatmapTreeSchema = heatmapGroupOf(heatmapSectorSchema);

export const periodValuesSchema = z.object({
  '1d': change,
  '1w': change,
  '1m': change,
  '3m': change,
  '6m': change,
  ytd: change,
  '1y': change,
});
export const sectorGridRowSchema = z.object({
  sector: z.string(),
  count: z.number().int(),
  values: periodValuesSchema,
});

/** The classes the market view and the heatmaps show in groups of their own, after the equity sectors. */
export const GROUPED_ASSET_CLASSES = ['index', 'future', 'fx', 'crypto'] as const;
export type GroupedAssetClass = (typeof GROUPED_ASSET_CLASSES)[number];

/** A class group's own day (data-providers.md §15.4): each class is current on its own calendar. */
const classDayFields = {
  assetClass: z.enum(GROUPED_ASSET_CLASSES),
  /** The earliest last bar among the group's instruments that are not stale; null when every one is. */
  asOf: z.string().nullable(),
  /** The group's instruments whose last bar is behind their last completed session: left out, counted. */
  stale: z.number().int().nonnegative(),
};

/** The tiles of one class beyond the equities, each at its own latest bar, all of one size (no market cap, often no volume). */
export const heatmapAssetGroupSchema = z.object({
  ...classDayFields,
  size: z.number(),
  change,
  children: z.array(heatmapLeafSchema),
});

export const heatmapResponseSchema = z.object({
  asOf: z.string().nullable(),
  /** Symbols without a bar on `asOf`, left out of this view (stale data). */
  stale: z.number().int().nonnegative(),
  period: heatmapPeriodSchema,
  size: heatmapSizeSchema,
  universe: z.string(),
  tree: heatmapTreeSchema,
  /** Sector × period, weighted as `size`. */
  sectors: z.array(sectorGridRowSchema),
  /** The size modes this data can answer (market cap only when some stock has one). */
  sizes: z.array(heatmapSizeSchema),
  /**
   * Symbol × month (January first) over all the symbol's years, complete months only: the
   * mean monthly return, how many months it averages and the share that rose.
   */
  seasonality: z.array(
    z.object({
      symbol: z.string(),
      values: z.array(change),
      counts: z.array(z.number().int()),
      winRates: z.array(change),
    }),
  ),
  /**
   * The instruments of the other classes in the universe, one group per class (index, future,
   * fx, crypto, in that order), after the sectors of `tree`; absent when there is none.
   */
  assetGroups: z.array(heatmapAssetGroupSchema).optional(),
});
export type HeatmapResponse = z.infer<typeof heatmapResponseSchema>;

const assetGroupSchema = z.object({
  ...classDayFields,
  instruments: z.array(
    z.object({
      symbol: z.string(),
      name: z.string(),
      currency: z.string(),
      asOf: z.string(),
      close: z.number(),
      /** Against the bar before, a fraction; null with a single bar. */
      change1d: change,
    }),
  ),
});

const moverSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  sector: z.string().nullable(),
  close: z.number(),
  change1d: change,
  volume: z.number(),
});

export const marketOverviewResponseSchema = z.object({
  asOf: z.string().nullable(),
  /** Symbols without a bar on `asOf`, left out of this view (stale data). */
  stale: z.number().int().nonnegative(),
  indices: z.array(
    z.object({
      symbol: z.string(),
      name: z.string(),
      /** What its price is shown with ("$" for a US ETF, "USD" after an index's). */
      currency: z.string(),
      assetClass: assetClassSchema,
      asOf: z.string(),
      close: z.number(),
      change1d: change,
      w1: change,
      m1: change,
      ytd: change,
      y1: change,
    }),
  ),
  sectors: z.array(sectorGridRowSchema),
  /** How the sector changes weigh their stocks (the heatmaps' default). */
  sectorWeighting: heatmapSizeSchema,
  breadth: z.object({
    total: z.number().int(),
    advancers: z.number().int(),
    decliners: z.number().int(),
    unchanged: z.number().int(),
    /** Fractions 0…1. */
    aboveSma50: change,
    aboveSma200: change,
    newHighs: z.number().int(),
    newLows: z.number().int(),
  }),
  gainers: z.array(moverSchema),
  losers: z.array(moverSchema),
  mostActive: z.array(moverSchema),
  /**
   * The instruments beyond the equities, one group per class (index, future, fx, crypto, in
   * that order; a class without an instrument has no group): its current instruments, each at
   * its own latest bar, the stale ones counted.
   */
  assetGroups: z.array(assetGroupSchema),
});
export type MarketOverviewResponse = z.infer<typeof marketOverviewResponseSchema>;
