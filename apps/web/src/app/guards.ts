import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { fetchSession } from '../shared/auth/session';
import { useAppStore } from '../shared/store/app-store';
import { paths } from '../shared/paths';
import type shell from '../shared/i18n/en/shell';

export type RouteTitleKey = keyof (typeof shell)['routes'];

/**
 * The session cookie is HttpOnly, so the page cannot see it; the store's `user` (set at login,
 * cleared at logout or on a 401) says whether asking /api/me is worth it on the landing page,
 * so that an anonymous visit there makes no failing request.
 */
function maybeSignedIn(): boolean {
  return useAppStore.getState().user !== null;
}

/** What a route may declare in its `handle`. */
export interface RouteHandle {
  /** Named guards run before the page loads, in order. Default: ['auth']. */
  middleware?: string[];
  /** The page's validity check; false → the 404 page. */
  validate?: (args: LoaderFunctionArgs) => boolean | Promise<boolean>;
  /** Title shown in the sub-bar (English; the one shown is `shell:routes.<titleKey>` when given). */
  title?: string;
  /** The title's text in the interface's language: `shell:routes.<titleKey>`. */
  titleKey?: RouteTitleKey;
}

export interface GuardContext extends LoaderFunctionArgs {
  queryClient: QueryClient;
}

export type Guard = (ctx: GuardContext) => Promise<void> | void;

export const NOT_FOUND_MESSAGE = 'This page could not be found';

/** The named guards. Add one here and name it in a route's `handle.middleware`. */
export const guards: Record<string, Guard> = {
  /**
   * Signed in, as the server's gate: otherwise back to '/'. Always asked, even when the store
   * knows no user: the browser's storage may be empty (cleared, blocked, another profile)
   * while the session cookie is valid, and the server's answer decides.
   */
  auth: async ({ queryClient }) => {
    const session = await fetchSession(queryClient);
    if (!session) throw redirect(paths.home);
  },
  /** Signed-in users skip the landing page. */
  guest: async ({ queryClient }) => {
    const session = maybeSignedIn() ? await fetchSession(queryClient) : null;
    if (session) throw redirect(paths.dashboard);
  },
  /** Admins only (after 'auth'); anyone else gets the 404 page, as if it were not there. */
  admin: async ({ queryClient }) => {
    const session = await fetchSession(queryClient);
    if (!session?.roles.includes('admin')) notFound();
  },
};

export function notFound(): never {
  throw data(NOT_FOUND_MESSAGE, { status: 404, statusText: 'Not Found' });
}

/** Runs a route's guards then its validity check; throws what the router should show. */
export async function runRouteChecks(handle: RouteHandle, ctx: GuardContext): Promise<void> {
  for (const name of handle.middleware ?? ['auth']) {
    const guard = Object.hasOwn(guards, name) ? guards[name] : undefined;
    if (!guard) throw data(`Unknown middleware ${name}`, { status: 500, statusText: 'Internal Server Error' });
    await guard(ctx);
  }
  if (handle.validate && !(await handle.validate(ctx))) notFound();
}
