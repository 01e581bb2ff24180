import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi, endpointUrl } from './api-client';
import { resetFetchState } from './fetch-state';
import * as popups from './popups';
import { apiGet, apiPost, apiQuietDelete, apiQuietPost } from '../api';

vi.mock('./popups', () => ({ showError: vi.fn(async () => {}), showSuccess: vi.fn(async () => {}) }));

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** [url, method, body] of each request made. */
function calls(fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls.map(([url, init]) => {
    const i = init as RequestInit | undefined;
    return [url, i?.method, i?.body ?? null];
  });
}

describe('the typed client: endpoints by name', () => {
  beforeEach(() => {
    resetFetchState();
    vi.mocked(popups.showError).mockClear();
  });
  afterEach(() => {
    vi.mocked(globalThis.fetch).mockRestore?.();
  });

  it('builds the URL from the path parameters (encoded) and the query (empty values left out)', () => {
    expect(endpointUrl('me')).toBe('/api/me');
    expect(endpointUrl('bars', { params: { symbol: 'BRK/B' }, query: { from: '2024-01-02', to: '' } })).toBe(
      '/api/v1/bars/BRK%2FB?from=2024-01-02',
    );
    expect(endpointUrl('seasonalityPattern', { query: { symbol: 'SPY', start: '01-05', end: null } })).toBe(
      '/api/v1/seasonality/pattern?symbol=SPY&start=01-05',
    );
    expect(endpointUrl('checkoutPay', { params: { sessionId: 'cs_1' } })).toBe('/api/v1/checkout/cs_1/pay');
    // a list repeats its key; an empty list is left out
    expect(
      endpointUrl('symbolChart', {
        params: { symbol: 'KO' },
        query: { series: ['rsi(close, 14)', 'macd'], compare: null },
      }),
    ).toBe('/api/v1/chart/KO?series=rsi%28close%2C+14%29&series=macd');
    expect(endpointUrl('symbolChart', { params: { symbol: 'KO' }, query: { series: [], bars: 5 } })).toBe(
      '/api/v1/chart/KO?bars=5',
    );
  });

  it('sends each endpoint with its method, its path and its body', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, {}));
    await apiGet('instrumentSearch', { query: { q: 'aa pl', limit: 8 } });
    await callApi('watchlistReplace', { params: { id: 7 }, body: { name: 'Main', symbols: [{ sym: 'SPY' }] } });
    await callApi('preferences', { body: { locale: 'tr-TR' } }, { background: true });
    await apiQuietDelete('adminInstrumentRemove', { params: { symbol: 'XYZ' }, query: { purge: 'true' } });
    await callApi('logout');
    expect(calls(fetchMock)).toEqual([
      ['/api/v1/instruments?q=aa+pl&limit=8', 'GET', null],
      ['/api/v1/watchlists/7', 'PUT', '{"name":"Main","symbols":[{"sym":"SPY"}]}'],
      ['/api/me/preferences', 'PATCH', '{"locale":"tr-TR"}'],
      ['/api/v1/admin/instruments/XYZ?purge=true', 'DELETE', null],
      ['/api/auth/logout', 'POST', null],
    ]);
  });

  it('keeps the change helpers sending {} when a POST has no body, as before', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, {}));
    await apiQuietPost('subscriptionCancel');
    await apiPost('checkout', { body: { priceId: 3 } });
    expect(calls(fetchMock)).toEqual([
      ['/api/v1/subscription/cancel', 'POST', '{}'],
      ['/api/v1/checkout', 'POST', '{"priceId":3}'],
    ]);
  });

  it('reads: no popup; changes through apiPost: the popup', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse(409, {
        error: { code: 'conflict', message: 'Taken', details: { issues: [{ path: 'body.email', message: 'taken' }] } },
      }),
    );
    await expect(apiGet('me')).rejects.toBeInstanceOf(ApiError);
    expect(popups.showError).not.toHaveBeenCalled();
    const error = (await apiPost('checkout', { body: { priceId: 1 } }).catch((e: unknown) => e)) as ApiError;
    expect(popups.showError).toHaveBeenCalledWith('Taken');
    expect(error.details?.issues).toEqual([{ path: 'body.email', message: 'taken' }]);
  });

  it('refuses a call without a path parameter before any request', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, {}));
    expect(() => endpointUrl('adminUser', { params: { id: '' } })).toThrow(/missing path parameter "id"/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('types each call from the contracts (checked by tsc, not run)', () => {
    const typed = async () => {
      const bars = await apiGet('bars', { params: { symbol: 'SPY' } });
      bars.bars satisfies { close: number }[];
      // @ts-expect-error the path parameter is required
      await apiGet('bars');
      // @ts-expect-error a POST endpoint is not a GET
      await apiGet('checkout');
      // @ts-expect-error not a query key of the endpoint
      await apiGet('heatmap', { query: { nope: 1 } });
      // @ts-expect-error the body is the endpoint's
      await apiPost('checkout', { body: { price: 1 } });
    };
    expect(typeof typed).toBe('function');
  });
});
