// The screens' way to the server: the endpoints of the contracts' table by name, through the
// shell's api client (loading overlay, popups), with read errors shown inside the screen
// rather than as popups. Each function takes only endpoints of its method, e.g.
// `apiGet('seasonalityPattern', { query })`, and answers with the endpoint's response type.
import type { EndpointName, EndpointNameOf, EndpointResponse } from '@solstice/contracts';
import { ApiError, sendTo, type CallArgs } from './lib/api-client';

export { ApiError };
export { callApi, endpointUrl } from './lib/api-client';
export type { QueryValue } from '@solstice/contracts';

export interface CallOptions {
  /** Type-ahead and polling: no overlay, no popups. */
  background?: boolean;
}

type Answer<N extends EndpointName> = Promise<EndpointResponse<N>>;

/** A change is sent with a JSON body, `{}` when the endpoint takes none. */
function withBody(input: unknown): object {
  const given = (input ?? {}) as { body?: unknown };
  return given.body === undefined ? { ...given, body: {} } : given;
}

/** A read: its errors are shown in the screen (no popup). */
export function apiGet<N extends EndpointNameOf<'GET'>>(
  name: N,
  ...[input, options]: CallArgs<N, CallOptions>
): Answer<N> {
  return sendTo(name, input, { quiet: true, background: options?.background }) as Answer<N>;
}

/** A read done with POST (scans): errors are shown in the screen. */
export function apiQueryPost<N extends EndpointNameOf<'POST'>>(
  name: N,
  ...[input, options]: CallArgs<N, CallOptions>
): Answer<N> {
  return sendTo(name, input, { quiet: true, background: options?.background }) as Answer<N>;
}

/** A change whose errors the screen shows itself (no popup; the overlay shows). */
export function apiQuietPost<N extends EndpointNameOf<'POST'>>(name: N, ...[input]: CallArgs<N, never>): Answer<N> {
  return sendTo(name, withBody(input), { quiet: true }) as Answer<N>;
}

/** A change (checkout, password): its error and success messages are the shell's popups. */
export function apiPost<N extends EndpointNameOf<'POST'>>(name: N, ...[input]: CallArgs<N, never>): Answer<N> {
  return sendTo(name, withBody(input)) as Answer<N>;
}

export function apiPut<N extends EndpointNameOf<'PUT'>>(name: N, ...[input]: CallArgs<N, never>): Answer<N> {
  return sendTo(name, input) as Answer<N>;
}

/** A removal whose errors the screen shows itself (no popup; the overlay shows). */
export function apiQuietDelete<N extends EndpointNameOf<'DELETE'>>(name: N, ...[input]: CallArgs<N, never>): Answer<N> {
  return sendTo(name, input, { quiet: true }) as Answer<N>;
}

export function isSubscriptionRequired(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'subscription_required' || error.status === 403);
}

/** Query retry rule: a 4xx answer (refused, not found, bad input) is final; others get one more try. */
export function retryServerErrors(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
