// The screens' way to the server: the shell's api client (loading overlay, popups), with
// read errors shown inside the screen rather than as popups.
import { ApiError, apiRequest } from '../lib/api-client';

export { ApiError };

export type QueryValue = string | number | boolean | null | undefined;

export interface CallOptions {
  /** Type-ahead and polling: no overlay, no popups. */
  background?: boolean;
}

function clean(query?: Record<string, QueryValue>): Record<string, string | number | boolean> | undefined {
  if (!query) return undefined;
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out;
}

export function apiGet<T>(path: string, query?: Record<string, QueryValue>, options: CallOptions = {}): Promise<T> {
  return apiRequest<T>('GET', path, { query: clean(query), quiet: true, background: options.background });
}

/** A read done with POST (scans): errors are shown in the screen. */
export function apiQueryPost<T>(path: string, body: unknown, options: CallOptions = {}): Promise<T> {
  return apiRequest<T>('POST', path, { body, quiet: true, background: options.background });
}

/** A change whose errors the screen shows itself (no popup; the overlay shows). */
export function apiQuietPost<T>(path: string, body: unknown = {}): Promise<T> {
  return apiRequest<T>('POST', path, { body, quiet: true });
}

/** A change (checkout, password): its error and success messages are the shell's popups. */
export function apiPost<T>(path: string, body: unknown = {}): Promise<T> {
  return apiRequest<T>('POST', path, { body });
}

export function apiPut<T>(path: string, body: unknown): Promise<T> {
  return apiRequest<T>('PUT', path, { body });
}

/** A removal whose errors the screen shows itself (no popup; the overlay shows). */
export function apiQuietDelete<T>(path: string, query?: Record<string, QueryValue>): Promise<T> {
  return apiRequest<T>('DELETE', path, { query: clean(query), quiet: true });
}

export function isSubscriptionRequired(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'subscription_required' || error.status === 403);
}

/** Query retry rule: a 4xx answer (refused, not found, bad input) is final; others get one more try. */
export function retryServerErrors(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
