import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { TourHost } from '../src/app/tour-host';

/** The tour's host beside a router on `path` (`/`, `/dashboard`, anything else an error page), no session yet. */
export function renderHost(path: string) {
  const queryClient = new QueryClient();
  const router = createMemoryRouter(
    [
      { path: '/', element: null },
      { path: '/dashboard', element: null },
      { path: '*', element: null, loader: () => Promise.reject(new Error('no such page')) },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <TourHost router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}
