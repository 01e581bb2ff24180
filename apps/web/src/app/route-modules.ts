import type { ComponentType } from 'react';
import { withChunkReload } from './chunk-reload';
import { paths, type AppPath } from '../shared/paths';

export interface PageModule {
  default: ComponentType;
}

/** Each route's page module (its default export), loaded lazily: one chunk per page. */
const importers: Record<AppPath, () => Promise<PageModule>> = {
  [paths.home]: () => import('../features/landing/landing-page'),
  [paths.dashboard]: () => import('../features/dashboard/dashboard-screen'),
  [paths.heatmaps]: () => import('../features/heatmaps/heatmaps-screen'),
  [paths.market]: () => import('../features/market/market-screen'),
  [paths.profile]: () => import('../features/profile/profile-screen'),
  [paths.scanner]: () => import('../features/scanner/scanner-screen'),
  [paths.seasonality]: () => import('../features/seasonality-chart/seasonality-chart-screen'),
  [paths.subscribe]: () => import('../features/subscribe/subscribe-screen'),
  [paths.bestTrades]: () => import('../features/best-trades/best-trades-screen'),
  [paths.calendar]: () => import('../features/calendar/calendar-screen'),
  [paths.pattern]: () => import('../features/pattern/pattern-screen'),
  [paths.seasonalityScanner]: () => import('../features/seasonality-scanner/seasonality-scanner-screen'),
  [paths.backtest]: () => import('../features/backtest/backtest-screen'),
  [paths.alerts]: () => import('../features/alerts/alerts-screen'),
  [paths.adminData]: () => import('../features/admin-data/admin-data-screen'),
  [paths.admin]: () => import('../features/admin/admin-home-screen'),
  [paths.adminUsers]: () => import('../features/admin/admin-users-screen'),
  [paths.adminProducts]: () => import('../features/admin/admin-products-screen'),
  [paths.adminMail]: () => import('../features/admin/admin-mail-screen'),
  [paths.adminJobs]: () => import('../features/admin/admin-jobs-screen'),
};

export const routeModules = Object.fromEntries(
  Object.entries(importers).map(([path, load]) => [path, withChunkReload(load)]),
) as Record<AppPath, () => Promise<PageModule>>;

/** The page a location opens, matched as the router matches: in any case, a trailing slash ignored. */
export function pageOf(pathname: string): AppPath | null {
  const path = pathname.toLowerCase().replace(/(.)\/$/, '$1');
  return Object.hasOwn(importers, path) ? (path as AppPath) : null;
}

/**
 * Starts loading a route's page module (link prefetch). Not through the reload guard: a
 * prefetch that fails (e.g. the connection dropped) must not reload the page; the
 * navigation, if the user makes it, meets the failure and handles it.
 */
export function prefetchRoute(path: string): void {
  if (!navigator.onLine) return;
  const load = (importers as Record<string, (() => Promise<PageModule>) | undefined>)[path];
  load?.().catch(() => {});
}
