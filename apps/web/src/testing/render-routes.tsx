// Rendering a piece of the app's route tree: a memory router inside a query client.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';

/** Renders `routes` at `at` ('/' unless given) with `client` (a new query client unless given). */
export function renderRoutes(routes: RouteObject[], { at = '/', client = new QueryClient() } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient: client };
}

/** The shell (`layout`) around two titled pages, /dashboard ("Dash") and /market ("Market page"). */
export function shellRoutes(layout: ReactElement): RouteObject[] {
  return [
    {
      element: layout,
      children: [
        { path: '/dashboard', element: <h1>Dash</h1>, handle: { title: 'Dashboard' } },
        { path: '/market', element: <h1>Market page</h1>, handle: { title: 'Market' } },
      ],
    },
  ];
}
