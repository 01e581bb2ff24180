/** Every route of the specification (§2), in one place. */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  heatmaps: '/heatmaps',
  market: '/market',
  profile: '/profile',
  scanner: '/scanner',
  seasonality: '/seasonality',
  subscribe: '/subscribe',
  bestTrades: '/seasonality/besttrades',
  calendar: '/seasonality/calendar',
  pattern: '/seasonality/pattern',
  seasonalityScanner: '/seasonality/scanner',
  adminData: '/admin/data',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
