import {
  ENDPOINTS,
  endpointPath,
  type EndpointInput,
  type EndpointName,
  type EndpointResponse,
  type ErrorDetails,
  type InputIsOptional,
  type QueryValue,
} from '@solstice/contracts';
import { requestEnded, requestStarted } from './fetch-state';
import { showError, showSuccess } from './popups';
import { i18n } from '../i18n/i18n';
import { useAppStore } from '../store/app-store';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The error contract's details (packages/contracts/src/errors.ts): `issues` per field, or where an expression failed. */
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Background work (sync, type-ahead): no overlay and no popups. */
  background?: boolean;
  /** No error popup (the caller shows the problem itself); the overlay still shows. */
  quiet?: boolean;
  signal?: AbortSignal;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  // The store's url.base (specification §3): the build's VITE_API_BASE, default '/'.
  const configured = useAppStore.getState().url.base;
  const base = configured.endsWith('/') ? configured.slice(0, -1) : configured;
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) for (const item of v as readonly string[]) params.append(k, item);
    else if (v !== undefined && v !== null) params.set(k, String(v));
  }
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
        isRecord(err?.details) ? (err.details as ErrorDetails) : undefined,
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

/** How a call of an endpoint is shown: overlay and popups (the default), `quiet` or `background`. */
export type CallOptions = Omit<RequestOptions, 'query' | 'body'>;

/** The arguments after an endpoint's name: its input (left out when it needs none), then the options. */
export type CallArgs<N extends EndpointName, O = CallOptions> =
  InputIsOptional<N> extends true ? [input?: EndpointInput<N>, options?: O] : [input: EndpointInput<N>, options?: O];

interface AnyInput {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** A query without its empty values (undefined, null, ''): a blank form field asks for the server's default. */
function cleanQuery(query?: Record<string, QueryValue>): Record<string, QueryValue> | undefined {
  if (!query) return undefined;
  const out: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)) out[k] = v;
  return out;
}

/** The URL of one call of an endpoint: the path with its parameters, then the query. */
export function endpointUrl<N extends EndpointName>(name: N, input?: Omit<EndpointInput<N>, 'body'>): string {
  const { params, query } = (input ?? {}) as AnyInput;
  return apiUrl(endpointPath(name, params as never), cleanQuery(query));
}

/** Calls an endpoint with an untyped input: the typed functions below and in shared/api.ts pass theirs on. */
export function sendTo(name: EndpointName, input: unknown, options: CallOptions = {}): Promise<unknown> {
  const { params, query, body } = (input ?? {}) as AnyInput;
  return apiRequest(ENDPOINTS[name].method, endpointPath(name, params as never), {
    ...options,
    query: cleanQuery(query),
    ...(body === undefined ? {} : { body }),
  });
}

/**
 * The typed client: one endpoint of the contracts' table by name, e.g.
 * `callApi('bars', { params: { symbol }, query: { from } }, { background: true })`. The
 * method and path come from ENDPOINTS; params, query, body and the answer are typed from
 * the route's schemas (EndpointTypes). Errors, overlay and popups as apiRequest.
 */
export function callApi<N extends EndpointName>(
  name: N,
  ...[input, options]: CallArgs<N>
): Promise<EndpointResponse<N>> {
  return sendTo(name, input, options) as Promise<EndpointResponse<N>>;
}

/** Requests by method and path, for the client's own tests; the app calls endpoints by name (callApi). */
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
