import { requestEnded, requestStarted } from './fetch-state';
import { showError, showSuccess } from './popups';
import { i18n } from '../i18n/i18n';

/** Base URL of the API, from config (VITE_API_BASE), default '/'. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Background work (sync, type-ahead): no overlay and no popups. */
  background?: boolean;
  /** No error popup (the caller shows the problem itself); the overlay still shows. */
  quiet?: boolean;
  signal?: AbortSignal;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const base = API_BASE.endsWith('/') ? API_BASE.slice(0, -1) : API_BASE;
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/**
 * The one way the web app talks to the API: Accept JSON, same-origin credentials, overlay
 * shown before and hidden after, `error.message` → error popup, a top-level `message` of a
 * success answer → success popup. Resolves to the parsed body (undefined for 204).
 */
export async function apiRequest<T = unknown>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const overlay = !options.background;
  if (overlay) requestStarted();
  let failure: string | null = null;
  try {
    let res: Response;
    try {
      res = await fetch(apiUrl(path, options.query), {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(0, 'network_error', i18n.t('common:api.networkError'));
    }
    const text = res.status === 204 ? '' : await res.text();
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    if (!res.ok) {
      const err = isRecord(parsed) && isRecord(parsed.error) ? parsed.error : null;
      throw new ApiError(
        res.status,
        typeof err?.code === 'string' ? err.code : 'http_error',
        typeof err?.message === 'string' ? err.message : i18n.t('common:api.failedWithStatus', { status: res.status }),
        err?.details,
      );
    }
    if (!options.background && isRecord(parsed) && typeof parsed.message === 'string' && parsed.message) {
      void showSuccess(parsed.message);
    }
    return parsed as T;
  } catch (error) {
    failure = error instanceof Error ? error.message : i18n.t('common:states.error');
    if (!options.background && !options.quiet && error instanceof ApiError) void showError(error.message);
    throw error;
  } finally {
    if (overlay) requestEnded(failure);
  }
}

export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T = unknown>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
