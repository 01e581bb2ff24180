// Screen tests: render inside a router and a query client, with fetch stubbed at the
// request level. A request no test route answers fails the test.
import '@testing-library/jest-dom/vitest';
import type { ReactElement } from 'react';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, expect, vi } from 'vitest';
import { retryServerErrors } from '../shared/api';
import { resetAppStore, useUiStore } from '../shared/shell';

export { inTurkish } from './in-turkish';

/** Clears a field (or the one labelled so) and types `text` into it, as a person replacing its value. */
export async function retype(field: HTMLElement | string, text: string): Promise<HTMLElement> {
  const element = typeof field === 'string' ? screen.getByLabelText(field) : field;
  await userEvent.clear(element);
  await userEvent.type(element, text);
  return element;
}

export interface MockRoute {
  method?: string;
  /** Path without the query string, or a pattern tested against path + query. */
  path: string | RegExp;
  status?: number;
  body?: unknown;
  /** Respond from the request (path with query, parsed JSON body). */
  respond?: (req: { url: URL; body: unknown }) => { status?: number; body?: unknown };
}

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

// The test machines are shared and slow; user-event typing takes its time.
vi.setConfig({ testTimeout: 30_000 });
// a server error (5xx) is retried once, after a second, before the screen shows it
configure({ asyncUtilTimeout: 5_000 });

let unexpected: string[] = [];

afterEach(() => {
  const list = unexpected;
  unexpected = [];
  vi.unstubAllGlobals();
  resetAppStore();
  useUiStore.setState({ symbolDetails: null, addToWatchlist: null, tutorialOpen: false });
  expect(list, 'requests no test route answered').toEqual([]);
});

/** The query of the last request to `path`, once one has been made. */
export async function lastCall(requests: RecordedRequest[], path: string): Promise<URLSearchParams> {
  await waitFor(() => expect(requests.some((r) => r.url.pathname === path)).toBe(true));
  return requests.filter((r) => r.url.pathname === path).at(-1)!.url.searchParams;
}

export function mockFetch(routes: MockRoute[]): { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ method, url, body });
    const route = routes.find(
      (r) =>
        (r.method ?? 'GET').toUpperCase() === method &&
        (typeof r.path === 'string' ? r.path === url.pathname : r.path.test(url.pathname + url.search)),
    );
    if (!route) {
      unexpected.push(`${method} ${url.pathname}${url.search}`);
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'unexpected request in test' } }), {
        status: 599,
      });
    }
    const out = route.respond ? route.respond({ url, body }) : { status: route.status, body: route.body };
    const status = out.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(out.body ?? null), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', vi.fn(fake));
  return { requests };
}

export function subscriptionRequired(): { status: number; body: unknown } {
  return { status: 403, body: { error: { code: 'subscription_required', message: 'This tool is for subscribers.' } } };
}

/** The premium-tools access probe answering yes (a subscriber). */
export const premium: MockRoute = {
  path: '/api/v1/subscription/premium',
  body: { access: true, tools: ['scanner', 'seasonality'] },
};
/** The probe answering a signed-in non-subscriber. */
export const notPremium: MockRoute = { path: '/api/v1/subscription/premium', ...subscriptionRequired() };

export function serverError(message = 'Database is down'): { status: number; body: unknown } {
  return { status: 500, body: { error: { code: 'internal_error', message } } };
}

let lastLocation = '';
function LocationProbe() {
  const loc = useLocation();
  lastLocation = loc.pathname + loc.search;
  return null;
}
/** The router location after the last render (path + query). */
export function currentLocation(): string {
  return lastLocation;
}

export function renderScreen(ui: ReactElement, { url = '/' }: { url?: string } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: retryServerErrors, gcTime: Infinity }, mutations: { retry: false } },
  });
  const path = new URL(url, 'http://localhost').pathname;
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path={path}
            element={
              <>
                {ui}
                <LocationProbe />
              </>
            }
          />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
