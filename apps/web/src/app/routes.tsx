import type { QueryClient } from '@tanstack/react-query';
import { Outlet, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PasswordResetHost } from '../shared/auth/password-reset-host';
import { ErrorPage } from './error-page';
import { PrerenderHandoff } from './prerender-handoff';
import { notFound, runRouteChecks, type RouteHandle } from './guards';
import { DETAILS_PARAM, paths, type AppPath } from '../shared/paths';
import { routeModules } from './route-modules';
import { withChunkReload } from './chunk-reload';
import { loadAllTexts } from '../shared/i18n/i18n';
import { ensureMarketFreshness } from '../shared/lib/market-freshness';
import { ensureMarketOverview } from '../shared/overview-query';
import { useAppStore } from '../shared/store/app-store';

// The signed-in frame (react-bootstrap menus and dialogs) is not needed by the landing page.
const importLayout = () => import('./layout/app-layout');
const loadLayout = withChunkReload(importLayout);

/** Starts loading the signed-in frame's chunk (main.tsx, on a signed-in page's first load). */
export function prefetchLayout(): void {
  if (navigator.onLine) importLayout().catch(() => {}); // a failure shows when the route asks for it
}

/** Title and guards of every page. A page adds `validate` here to get the 404 on bad input. */
export const pageHandles: Record<AppPath, RouteHandle> = {
  [paths.home]: { middleware: ['guest'], titleKey: 'home', title: 'Solstice' },
  [paths.dashboard]: { middleware: ['auth'], titleKey: 'dashboard', title: 'Dashboard' },
  [paths.heatmaps]: { middleware: ['auth'], titleKey: 'heatmaps', title: 'Heatmaps' },
  [paths.market]: { middleware: ['auth'], titleKey: 'market', title: 'Market' },
  [paths.profile]: { middleware: ['auth'], titleKey: 'profile', title: 'Profile' },
  [paths.scanner]: { middleware: ['auth'], titleKey: 'scanner', title: 'Stock scanner' },
  [paths.seasonality]: { middleware: ['auth'], titleKey: 'seasonality', title: 'Seasonality' },
  [paths.subscribe]: { middleware: ['auth'], titleKey: 'subscribe', title: 'Subscribe' },
  [paths.bestTrades]: { middleware: ['auth'], titleKey: 'bestTrades', title: 'Best trades' },
  [paths.calendar]: { middleware: ['auth'], titleKey: 'calendar', title: 'Calendar' },
  [paths.pattern]: { middleware: ['auth'], titleKey: 'pattern', title: 'Pattern' },
  [paths.seasonalityScanner]: { middleware: ['auth'], titleKey: 'seasonalityScanner', title: 'Seasonality scanner' },
  [paths.backtest]: { middleware: ['auth'], titleKey: 'backtest', title: 'Seasonal backtest' },
  [paths.alerts]: { middleware: ['auth'], titleKey: 'alerts', title: 'Alerts' },
  [paths.adminData]: { middleware: ['auth', 'admin'], titleKey: 'adminData', title: 'Data updates' },
  [paths.admin]: { middleware: ['auth', 'admin'], titleKey: 'admin', title: 'Administration' },
  [paths.adminUsers]: { middleware: ['auth', 'admin'], titleKey: 'adminUsers', title: 'Users' },
  [paths.adminProducts]: { middleware: ['auth', 'admin'], titleKey: 'adminProducts', title: 'Products and prices' },
  [paths.adminMail]: { middleware: ['auth', 'admin'], titleKey: 'adminMail', title: 'Mail outbox' },
  [paths.adminJobs]: { middleware: ['auth', 'admin'], titleKey: 'adminJobs', title: 'Jobs' },
};

export interface RouteOptions {
  queryClient: QueryClient;
  /** Extra handles (tests: unknown middleware, failing validity checks). */
  handles?: Partial<Record<AppPath, RouteHandle>>;
}

/**
 * What a signed-in page shows in its first paint, asked before it renders: what came after the
 * page pushed it down (Lighthouse's layout shifts on /dashboard, issue 18). The shell's
 * stale-data warning is above every page; the market summary opens the dashboard and the market view.
 */
async function firstData(path: AppPath, client: QueryClient): Promise<void> {
  if (!useAppStore.getState().user) return;
  const opensWithSummary = path === paths.dashboard || path === paths.market;
  await Promise.all([ensureMarketFreshness(client), opensWithSummary ? ensureMarketOverview(client) : null]);
}

function pageRoute(path: AppPath, options: RouteOptions): RouteObject {
  const handle = { ...pageHandles[path], ...options.handles?.[path] };
  const load = routeModules[path];
  return {
    ...(path === paths.home ? { index: true } : { path: path.slice(1) }),
    handle,
    loader: async (args: LoaderFunctionArgs) => {
      const checked = runRouteChecks(handle, { ...args, queryClient: options.queryClient });
      // A signed-in page needs the tools' texts too (the landing page only the core ones) and
      // the data of its first paint.
      await Promise.all([
        path === paths.home ? checked : checked.then(() => firstData(path, options.queryClient)),
        path === paths.home ? null : loadAllTexts(),
      ]);
      return null;
    },
    // Opening or closing the symbol details changes only ?details=: nothing the checks or the
    // first paint depend on, and the dialog should not wait for them.
    shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
      onlyDetailsChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate,
    // Only the component is lazy (React Router's per-property form): the loader above (the
    // session, the texts, the first data) runs while the chunk loads, not after it.
    lazy: { Component: async () => (await load()).default },
  };
}

function onlyDetailsChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const a = new URLSearchParams(current.search);
  const b = new URLSearchParams(next.search);
  if (a.get(DETAILS_PARAM) === b.get(DETAILS_PARAM)) return false;
  a.delete(DETAILS_PARAM);
  b.delete(DETAILS_PARAM);
  return a.toString() === b.toString();
}

export function createRoutes(options: RouteOptions): RouteObject[] {
  const appPages = (Object.keys(pageHandles) as AppPath[]).filter((p) => p !== paths.home);
  return [
    {
      id: 'root',
      element: (
        <>
          <PrerenderHandoff />
          <Outlet />
          <PasswordResetHost />
        </>
      ),
      errorElement: (
        <>
          <PrerenderHandoff />
          <ErrorPage />
        </>
      ),
      hydrateFallbackElement: <div className="app-boot" aria-busy="true" />,
      children: [
        pageRoute(paths.home, options),
        {
          id: 'app',
          // Per property, as for the pages: its chunk loads alongside the page's loader (the
          // session request, /api/me), not before it (Lighthouse on /dashboard, issue 18).
          lazy: { Component: async () => (await loadLayout()).AppLayout },
          children: appPages.map((p) => pageRoute(p, options)),
        },
        { path: '*', loader: () => notFound() },
      ],
    },
  ];
}
