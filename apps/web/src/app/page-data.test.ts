import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetchSession } from '../shared/auth/session';
import { ensureMarketOverview } from '../shared/overview-query';
import { ensureMarketFreshness } from '../shared/lib/market-freshness';
import { resetAppStore, useAppStore } from '../shared/store/app-store';
import { mockApi, session } from '../../test/mock-api';
import { createQueryClient } from './app';
import type { Product, SubscriptionResponse } from '@solstice/contracts';
import { activeSubscription, productsRoute } from '../testing/account-fixtures';
import { paymentsConfigQuery, productsQuery, subscriptionQuery } from '../features/subscribe/subscribe-queries';
import { PAGE_DATA_ID, seedPageData, takePageData, type PageData } from './page-data';

const FRESHNESS = { asOf: '2026-11-24', lastSession: '2026-11-24', tradingDaysBehind: 0 };
const OVERVIEW = { asOf: '2026-11-24', indices: [] } as unknown as PageData['overview'];

function withBlock(text: string): void {
  document.body.insertAdjacentHTML('beforeend', `<script type="application/json" id="${PAGE_DATA_ID}"></script>`);
  document.getElementById(PAGE_DATA_ID)!.textContent = text;
}

beforeEach(() => resetAppStore());
afterEach(() => document.getElementById(PAGE_DATA_ID)?.remove());

describe('the page’s data block', () => {
  it('is read once and taken out of the page', () => {
    const data = { me: session(), freshness: FRESHNESS, overview: OVERVIEW };
    withBlock(JSON.stringify(data));
    expect(takePageData()).toEqual(data);
    expect(document.getElementById(PAGE_DATA_ID)).toBeNull();
    expect(takePageData()).toBeNull();
  });

  it('is ignored when it is not what the server writes (the app then asks)', () => {
    for (const text of [
      '{',
      '[]',
      '{"freshness":{}}',
      '{"me":{},"freshness":{}}',
      '{"me":{"data":{}},"freshness":{},"overview":1}',
      '{"me":{"data":{}},"freshness":{},"subscription":"active"}',
      '{"me":{"data":{}},"freshness":{},"products":{}}',
    ]) {
      withBlock(text);
      expect(takePageData(), text).toBeNull();
    }
  });
});

describe('a page opened with its data', () => {
  it('asks the server for none of it: the session, the freshness, the overview', async () => {
    const api = mockApi({});
    try {
      const client = createQueryClient();
      seedPageData(client, { me: session({ locale: 'tr-TR' }), freshness: FRESHNESS, overview: OVERVIEW });
      expect(await fetchSession(client)).toEqual(session({ locale: 'tr-TR' }));
      await ensureMarketFreshness(client);
      await ensureMarketOverview(client);
      expect(api.calls).toEqual([]);
      // The store knows the account as /api/me's answer would have told it, its language included.
      expect(useAppStore.getState().user?.username).toBe('ayse');
      expect(useAppStore.getState().display.locale).toBe('tr-TR');
    } finally {
      api.restore();
    }
  });

  it('on /subscribe, has the subscription, the payments’ configuration and the plans where the screen looks', () => {
    const client = createQueryClient();
    const subscription = activeSubscription() as SubscriptionResponse;
    const paymentsConfig = { provider: 'test' as const, label: 'Test mode' };
    const products = productsRoute().body as Product[];
    seedPageData(client, { me: session(), freshness: FRESHNESS, subscription, paymentsConfig, products });
    expect(client.getQueryData(subscriptionQuery.queryKey)).toEqual(subscription);
    expect(client.getQueryData(paymentsConfigQuery.queryKey)).toEqual(paymentsConfig);
    expect(client.getQueryData(productsQuery.queryKey)).toEqual(products);
  });

  it('without it, asks for each (what the data spares)', async () => {
    const api = mockApi({
      'GET /api/me': () => ({ status: 200, body: session() }),
      'GET /api/v1/market/freshness': () => ({ status: 200, body: FRESHNESS }),
      'GET /api/v1/market/overview': () => ({ status: 200, body: OVERVIEW }),
    });
    try {
      const client = createQueryClient();
      seedPageData(client, null);
      await fetchSession(client);
      await ensureMarketFreshness(client);
      await ensureMarketOverview(client);
      expect(api.calls.map((c) => c.path)).toEqual(['/api/me', '/api/v1/market/freshness', '/api/v1/market/overview']);
    } finally {
      api.restore();
    }
  });
});
