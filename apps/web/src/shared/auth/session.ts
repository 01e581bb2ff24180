import type { QueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@solstice/contracts';
import { ApiError, callApi } from '../lib/api-client';
import { useAppStore } from '../store/app-store';
import { saveTutorialSeen } from '../lib/preferences';

export const SESSION_QUERY_KEY = ['session'] as const;
/** How long a confirmed session is trusted before the next route change asks again. */
export const SESSION_STALE_MS = 30_000;

export type Session = MeResponse;

/** GET /api/me: the session, or null when signed out (401; 404 while the API is absent). */
export async function loadSession(): Promise<Session | null> {
  try {
    const session = await callApi('me', undefined, { quiet: true });
    applySession(session);
    return session;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
      applySession(null);
      return null;
    }
    throw error;
  }
}

/** Keeps the store's user, roles and layout in step with the server's answer. */
export function applySession(session: Session | null): void {
  const store = useAppStore.getState();
  if (!session) {
    if (store.user) store.clearSession();
    return;
  }
  const wasUser = store.user;
  store.setSession({ data: session.data, roles: session.roles, subscriber: session.subscriber });
  const { layout, locale, timeZone, tutorialSeen } = session.data;
  // The account remembers the first-run tour: done on one device, done on all. A tour this
  // user finished here before the account kept it is told to the account once.
  if (tutorialSeen) store.setTutorialSeen(true);
  else if (store.tutorialSeen && wasUser?.id === session.data.id) void saveTutorialSeen();
  if (!wasUser || wasUser.id !== session.data.id) {
    // The account's preferences win when a session starts in this browser.
    // A language or time zone the account has not chosen stays as this browser has it.
    store.setDisplay({ ...(locale ? { locale } : {}), ...(timeZone ? { timeZone } : {}) });
    store.setLayout({
      ...(layout.sidebarCollapsed !== undefined ? { sidebarCollapsed: layout.sidebarCollapsed } : {}),
      ...(layout.sidebarDark !== undefined ? { darkSidebar: layout.sidebarDark } : {}),
      ...(layout.topbarDark !== undefined ? { darkTopbar: layout.topbarDark } : {}),
      ...(layout.horizontal !== undefined ? { horizontal: layout.horizontal } : {}),
    });
  }
}

export function fetchSession(queryClient: QueryClient): Promise<Session | null> {
  return queryClient.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: loadSession, staleTime: SESSION_STALE_MS });
}

export function setSessionData(queryClient: QueryClient, session: Session | null): void {
  queryClient.setQueryData(SESSION_QUERY_KEY, session);
  applySession(session);
}
