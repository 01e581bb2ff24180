// The admin screens' calls: errors are shown in the screen (no popups), reads in the background.
import { ENDPOINTS, type EndpointName, type EndpointNameOf, type EndpointResponse } from '@solstice/contracts';
import { sendTo, type CallArgs } from '../../shared/lib/api-client';
import { i18n } from '../../shared/i18n/i18n';

export const ADMIN_USERS_QUERY_KEY = ['admin-users'] as const;

type Answer<N extends EndpointName> = Promise<EndpointResponse<N>>;

/** A read of an admin endpoint, e.g. `adminGet('adminUsers', { query: { q } })`. */
export function adminGet<N extends EndpointNameOf<'GET'>>(name: N, ...[input]: CallArgs<N, never>): Answer<N> {
  return sendTo(name, input, { quiet: true, background: true }) as Answer<N>;
}

/** A change; a POST without a body is sent `{}`. */
export function adminSend<N extends EndpointName>(name: N, ...[input]: CallArgs<N, never>): Answer<N> {
  const given = (input ?? {}) as { body?: unknown };
  const body = given.body === undefined && ENDPOINTS[name].method === 'POST' ? { ...given, body: {} } : given;
  return sendTo(name, body, { quiet: true }) as Answer<N>;
}

/** The message of a failed call, for the screen to show. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : i18n.t('admin:somethingWentWrong');
}
