import { useQuery } from '@tanstack/react-query';
import type { FreshnessInfo } from '@solstice/contracts';
import { useAppStore } from '../store/app-store';
import { api } from './api-client';

export type { FreshnessInfo };

export const FRESHNESS_QUERY_KEY = ['market-freshness'] as const;
/** The daily update lands once a session; a tab left open learns of it within minutes. */
export const FRESHNESS_REFETCH_MS = 5 * 60_000;

/**
 * How far the market data is behind the last completed session (GET /api/v1/market/freshness),
 * asked while signed in, again every few minutes and when the window gets focus. Background:
 * no overlay and no popup when it fails (the warning is then simply not shown).
 */
export function useMarketFreshness() {
  const signedIn = useAppStore((s) => s.user !== null);
  return useQuery({
    queryKey: FRESHNESS_QUERY_KEY,
    queryFn: () => api.get<FreshnessInfo>('/api/v1/market/freshness', { background: true }),
    enabled: signedIn,
    staleTime: 60_000,
    refetchInterval: FRESHNESS_REFETCH_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
}
