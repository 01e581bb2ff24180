import type { HeatmapSize } from '@solstice/contracts';

/** How a sector figure weighs its stocks, said beside every such figure. */
export const WEIGHTING_LABEL: Record<HeatmapSize, string> = {
  marketcap: 'weighted by market cap',
  dollarvolume: 'weighted by dollar volume',
  equal: 'equal-weighted',
};
