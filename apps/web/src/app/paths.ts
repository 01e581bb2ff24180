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
  backtest: '/seasonality/backtest',
  alerts: '/alerts',
  adminData: '/admin/data',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminProducts: '/admin/products',
  adminMail: '/admin/mail',
  adminJobs: '/admin/jobs',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The query parameter that names the symbol whose details dialog is open, on any page. */
export const DETAILS_PARAM = 'details';
