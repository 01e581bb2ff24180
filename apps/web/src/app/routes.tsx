import type { QueryClient } from '@tanstack/react-query';
import { Outlet, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PasswordResetHost } from '../auth/password-reset-host';
import { ErrorPage } from './error-page';
import { notFound, runRouteChecks, type RouteHandle } from './guards';
import { paths, type AppPath } from './paths';
import { routeModules } from './route-modules';
import { withChunkReload } from './chunk-reload';
import { loadAllTexts } from '../i18n/i18n';

// The signed-in frame (react-bootstrap menus and dialogs) is not needed by the landing page.
const loadLayout = withChunkReload(() => import('../components/layout/app-layout'));

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

function pageRoute(path: AppPath, options: RouteOptions): RouteObject {
  const handle = { ...pageHandles[path], ...options.handles?.[path] };
  const load = routeModules[path];
  return {
    ...(path === paths.home ? { index: true } : { path: path.slice(1) }),
    handle,
    loader: async (args: LoaderFunctionArgs) => {
      // A signed-in page needs the tools' texts too (the landing page only the core ones).
      await Promise.all([
        runRouteChecks(handle, { ...args, queryClient: options.queryClient }),
        path === paths.home ? null : loadAllTexts(),
      ]);
      return null;
    },
    lazy: async () => ({ Component: (await load()).default }),
  };
}

export function createRoutes(options: RouteOptions): RouteObject[] {
  const appPages = (Object.keys(pageHandles) as AppPath[]).filter((p) => p !== paths.home);
  return [
    {
      id: 'root',
      element: (
        <>
          <Outlet />
          <PasswordResetHost />
        </>
      ),
      errorElement: <ErrorPage />,
      hydrateFallbackElement: <div className="app-boot" aria-busy="true" />,
      children: [
        pageRoute(paths.home, options),
        {
          id: 'app',
          lazy: async () => ({ Component: (await loadLayout()).AppLayout }),
          children: appPages.map((p) => pageRoute(p, options)),
        },
        { path: '*', loader: () => notFound() },
      ],
    },
  ];
}
