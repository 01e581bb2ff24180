import { useEffect, useMemo, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { LoadingOverlay } from '../shared/components/loading-overlay';
import { OfflineNotice } from '../shared/components/offline-notice';
import { retryServerErrors } from '../shared/api';
import { startWatchlistSync } from '../features/watchlists/watchlist-sync';
import { useAppStore } from '../shared/store/app-store';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload';
import { trackPageActivity } from './page-activity';
import { ProgressController } from './progress';
import { ProgressBar } from './progress-bar';
import { createRoutes } from './routes';
import { TourHost } from './tour-host';
import './symbol-details-slots';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: retryServerErrors, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

export interface AppProps {
  queryClient?: QueryClient;
}

/** The whole app: providers, router, the route progress bar and the global overlays. */
export function App({ queryClient: given }: AppProps) {
  const queryClient = useMemo(() => given ?? createQueryClient(), [given]);
  const router = useMemo(() => createBrowserRouter(createRoutes({ queryClient })), [queryClient]);
  const progress = useMemo(() => new ProgressController(), []);
  // The first page is on screen once the router's first navigation has ended (its loaders and chunks).
  const [pageShown, setPageShown] = useState(() => router.state.initialized);
  useEffect(() => {
    if (router.state.initialized) setPageShown(true);
    return router.subscribe((state) => {
      if (state.initialized) setPageShown(true);
    });
  }, [router]);

  useEffect(() => trackPageActivity(), []);
  useEffect(() => startWatchlistSync(), []);
  useEffect(() => {
    // The store's url.full follows the address bar (§3 url: base, full, cms); cms is the
    // operator's content site (CONTENT_URL, written into index.html by the server).
    const setUrl = useAppStore.getState().setUrl;
    const cms = document.querySelector<HTMLMetaElement>('meta[name="solstice-content-url"]')?.content ?? '';
    setUrl({ full: window.location.href, cms });
    return router.subscribe(() => setUrl({ full: window.location.href }));
  }, [router]);
  useEffect(() => {
    // Vite's own preload failure (a CSS or JS dependency of a lazy chunk).
    const onPreloadError = (event: Event) => {
      const error = (event as Event & { payload?: unknown }).payload;
      if (isChunkLoadError(error ?? 'Loading chunk failed') && reloadForChunkError()) event.preventDefault();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      <ProgressBar router={router} progress={progress} />
      <OfflineNotice />
      <RouterProvider router={router} />
      <TourHost router={router} />
      <LoadingOverlay pageShown={pageShown} />
    </QueryClientProvider>
  );
}
