/** The specification's default watchlist, which every new browser starts with. */
export const DEFAULT_WATCHLIST = {
  name: 'Default',
  symbols: [{ sym: 'AAPL', description: 'APPLE INC' }],
} as const;
