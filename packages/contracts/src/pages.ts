/**
 * The pages of the app (specification §2, "Screens and routes"), in one list: the web's router
 * draws them and the server answers each with the app's page (any other page path gets the
 * same page with status 404). The web build reads this object's lines as text
 * (apps/web/scripts/route-chunks.mjs): keep one `key: '/path',` a line.
 */
export const PAGES = {
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
  // Admins only: the client shows anyone else its 404 page (the API refuses them anyway).
  adminData: '/admin/data',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminProducts: '/admin/products',
  adminMail: '/admin/mail',
  adminJobs: '/admin/jobs',
} as const;

export type PagePath = (typeof PAGES)[keyof typeof PAGES];
