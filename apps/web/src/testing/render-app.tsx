// Rendering the whole app's route tree (guards, shell, lazy screens) at an address.
import { QueryClient } from '@tanstack/react-query';
import { createRoutes } from '../app/routes';
import { renderRoutes } from './render-routes';

/** The app's routes at `at`, with a query client that does not retry; returns the router and the client. */
export function renderApp(at: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(createRoutes({ queryClient: client }), { at, client });
}
