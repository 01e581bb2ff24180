import type { QueryClient } from '@tanstack/react-query';
import { apiGet } from './api';

/** The market overview (indices, breadth, sectors, movers): one query for every screen showing it. */
export const marketOverviewQuery = {
  queryKey: ['market-overview'],
  queryFn: () => apiGet('marketOverview'),
  staleTime: 60_000,
};

/**
 * The first answer, awaited by the loader of a page that opens with the summary: cards that
 * came after the page pushed everything under them down (on /dashboard a layout shift of
 * 0.22, issue 18). With an answer in the cache, the page shows it and refreshes as usual.
 */
export async function ensureMarketOverview(client: QueryClient): Promise<void> {
  if (client.getQueryData(marketOverviewQuery.queryKey) !== undefined) return;
  // A failure is left to the page, which asks again and shows the error in its place.
  await client.prefetchQuery({ ...marketOverviewQuery, retry: false });
}
