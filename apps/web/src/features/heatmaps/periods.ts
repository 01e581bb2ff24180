/** The change periods of the heatmap and market APIs, with their labels. */
export const PERIODS = [
  ['1d', '1D'],
  ['1w', '1W'],
  ['1m', '1M'],
  ['3m', '3M'],
  ['6m', '6M'],
  ['ytd', 'YTD'],
  ['1y', '1Y'],
] as const;

/** What a heatmap's tiles can be sized by, with their labels. */
export const SIZES = [
  ['marketcap', 'Market cap'],
  ['dollarvolume', 'Dollar volume'],
  ['equal', 'Equal'],
] as const;
