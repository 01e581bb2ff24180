// The admin screens' calls: errors are shown in the screen (no popups), reads in the background.
import { apiRequest, type Method } from '../../lib/api-client';
import type { QueryValue } from '../../shared/api';
import { i18n } from '../../i18n/i18n';

export const ADMIN_USERS_QUERY_KEY = ['admin-users'] as const;

export function adminGet<T>(path: string, query: Record<string, QueryValue> = {}): Promise<T> {
  const clean: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') clean[k] = v;
  return apiRequest<T>('GET', path, { query: clean, quiet: true, background: true });
}

export function adminSend<T>(method: Exclude<Method, 'GET'>, path: string, body?: unknown): Promise<T> {
  return apiRequest<T>(method, path, { ...(body === undefined ? {} : { body }), quiet: true });
}

/** The message of a failed call, for the screen to show. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : i18n.t('admin:somethingWentWrong');
}
