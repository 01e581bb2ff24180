import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { FreshnessInfo } from '@solstice/contracts';
import { useAppStore } from '../store/app-store';
import { callApi } from './api-client';

export type { FreshnessInfo };

export const FRESHNESS_QUERY_KEY = ['market-freshness'] as const;
/** The daily update lands once a session; a tab left open learns of it within minutes. */
export const FRESHNESS_REFETCH_MS = 5 * 60_000;

const freshnessQuery = {
  queryKey: FRESHNESS_QUERY_KEY,
  queryFn: () => callApi('marketFreshness', undefined, { background: true }),
  staleTime: 60_000,
  retry: false,
} as const;

/**
 * How far the market data is behind the last completed session (GET /api/v1/market/freshness),
 * asked while signed in, again every few minutes and when the window gets focus. Background:
 * no overlay and no popup when it fails (the warning is then simply not shown).
 */
export function useMarketFreshness() {
  const signedIn = useAppStore((s) => s.user !== null);
  return useQuery({
    ...freshnessQuery,
    enabled: signedIn,
    refetchInterval: FRESHNESS_REFETCH_MS,
    refetchOnWindowFocus: true,
  });
}

/**
 * The first answer, awaited by a signed-in page's loader so that a warning is in the page's
 * first paint: arriving after the page, it pushed the whole page down (on /dashboard a layout
 * shift of 0.44, issue 18). Once answered (or failed), later pages do not wait for it again.
 */
export async function ensureMarketFreshness(client: QueryClient): Promise<void> {
  const state = client.getQueryState(FRESHNESS_QUERY_KEY);
  if (state && state.status !== 'pending') return;
  await client.prefetchQuery(freshnessQuery);
}
