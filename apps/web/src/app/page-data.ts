import type { QueryClient } from '@tanstack/react-query';
import type {
  FreshnessInfo,
  MarketOverviewResponse,
  MeResponse,
  PaymentsConfig,
  Product,
  SubscriptionResponse,
} from '@solstice/contracts';
import { setSessionData } from '../shared/auth/session';
import { marketOverviewQuery } from '../shared/overview-query';
import { FRESHNESS_QUERY_KEY } from '../shared/lib/market-freshness';
import { paymentsConfigQuery, productsQuery, subscriptionQuery } from '../features/subscribe/subscribe-queries';

/** The id of the data block the server puts in a returning account's page (apps/server/src/http/page-data.ts). */
export const PAGE_DATA_ID = 'solstice-page-data';

/** What the page carries: the answers the app would otherwise ask for before its first paint. */
export interface PageData {
  me: MeResponse;
  freshness: FreshnessInfo;
  overview?: MarketOverviewResponse;
  /** On /subscribe: the account's subscription, the payments' configuration and the plans. */
  subscription?: SubscriptionResponse;
  paymentsConfig?: PaymentsConfig;
  products?: Product[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The page's data block, read once and removed (a later render or a saved page does not see
 * it again); null without one, or when it is not what the server writes (the app then asks).
 */
export function takePageData(doc: Document = document): PageData | null {
  const block = doc.getElementById(PAGE_DATA_ID);
  if (!block) return null;
  block.remove();
  try {
    const data: unknown = JSON.parse(block.textContent ?? '');
    if (!isObject(data) || !isObject(data.me) || !isObject(data.me.data) || !isObject(data.freshness)) return null;
    if (data.overview !== undefined && !isObject(data.overview)) return null;
    if (data.subscription !== undefined && !isObject(data.subscription)) return null;
    if (data.paymentsConfig !== undefined && !isObject(data.paymentsConfig)) return null;
    if (data.products !== undefined && !Array.isArray(data.products)) return null;
    return data as unknown as PageData;
  } catch {
    return null;
  }
}

/**
 * The answers in the query cache, as if just fetched: the session (and the store's user, as
 * /api/me sets them), the freshness, the overview and the subscribe page's answers. The first page's loaders find them there
 * and ask for none (decision 0023); they go stale and refresh as fetched answers do.
 */
export function seedPageData(client: QueryClient, data: PageData | null): void {
  if (!data) return;
  setSessionData(client, data.me);
  client.setQueryData(FRESHNESS_QUERY_KEY, data.freshness);
  if (data.overview) client.setQueryData(marketOverviewQuery.queryKey, data.overview);
  if (data.subscription) client.setQueryData(subscriptionQuery.queryKey, data.subscription);
  if (data.paymentsConfig) client.setQueryData(paymentsConfigQuery.queryKey, data.paymentsConfig);
  if (data.products) client.setQueryData(productsQuery.queryKey, data.products);
}
