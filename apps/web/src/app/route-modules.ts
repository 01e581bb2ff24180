import type { ComponentType } from 'react';
import { withChunkReload } from './chunk-reload';
import { paths, type AppPath } from './paths';

export interface PageModule {
  default: ComponentType;
}

/**
 * Each route's page module, loaded lazily (one chunk per page). A screen replaces its
 * placeholder by changing the import here.
 */
const importers: Record<AppPath, () => Promise<PageModule>> = {
  [paths.home]: () => import('../pages/landing-page'),
  [paths.dashboard]: () => import('../pages/dashboard-page'),
  [paths.heatmaps]: () => import('../pages/heatmaps-page'),
  [paths.market]: () => import('../pages/market-page'),
  [paths.profile]: () => import('../pages/profile-page'),
  [paths.scanner]: () => import('../pages/scanner-page'),
  [paths.seasonality]: () => import('../pages/seasonality-page'),
  [paths.subscribe]: () => import('../pages/subscribe-page'),
  [paths.bestTrades]: () => import('../pages/best-trades-page'),
  [paths.calendar]: () => import('../pages/calendar-page'),
  [paths.pattern]: () => import('../pages/pattern-page'),
  [paths.seasonalityScanner]: () => import('../pages/seasonality-scanner-page'),
  [paths.alerts]: () => import('../pages/alerts-page'),
  [paths.adminData]: () => import('../pages/admin-data-page'),
  [paths.admin]: () => import('../pages/admin-page'),
  [paths.adminUsers]: () => import('../pages/admin-users-page'),
  [paths.adminProducts]: () => import('../pages/admin-products-page'),
  [paths.adminMail]: () => import('../pages/admin-mail-page'),
  [paths.adminJobs]: () => import('../pages/admin-jobs-page'),
};

export const routeModules = Object.fromEntries(
  Object.entries(importers).map(([path, load]) => [path, withChunkReload(load)]),
) as Record<AppPath, () => Promise<PageModule>>;

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
