import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertCreated, EndpointBody, NotificationsResponse } from '@solstice/contracts';
import { callApi } from '../../shared/lib/api-client';
import { apiGet } from '../../shared/api';
import { useAppStore } from '../../shared/shell';

export const ALERTS_KEY = ['alerts'] as const;
export const NOTIFICATIONS_KEY = ['notifications'] as const;
/** How often an open tab asks for new notifications (the bell's count updates without a reload). */
export const NOTIFICATION_POLL_MS = 30_000;

export type { AlertHistoryItem, NotificationsResponse } from '@solstice/contracts';

export function useAlerts(enabled = true) {
  return useQuery({
    queryKey: ALERTS_KEY,
    enabled,
    queryFn: () => apiGet('alerts', undefined, { background: true }),
  });
}

/** The latest 50 notifications and the unread count: one query shared by the bell and the alerts page. */
export function useNotifications() {
  const client = useQueryClient();
  // Signed out (or signing out): nothing to ask, and no refused request on the way to '/'.
  const signedIn = useAppStore((s) => s.user !== null);
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    enabled: signedIn,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: true,
    queryFn: async () => {
      const before = client.getQueryData<NotificationsResponse>(NOTIFICATIONS_KEY);
      const next = await apiGet('notifications', { query: { limit: 50 } }, { background: true });
      // Something fired: the alerts' "last fired" changed too.
      if (before && next.data[0]?.id !== before.data[0]?.id) void client.invalidateQueries({ queryKey: ALERTS_KEY });
      return next;
    },
  });
}

export function useAlertHistory(id: number | null) {
  return useQuery({
    queryKey: [...ALERTS_KEY, 'history', id],
    enabled: id !== null,
    queryFn: () => apiGet('alertHistory', { params: { id: id! } }, { background: true }),
  });
}

/** Marks notifications read (ids, or all) and refreshes the bell everywhere. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | 'all') =>
      callApi(
        'notificationsRead',
        { body: ids === 'all' ? { all: true } : { ids } },
        { quiet: true, background: true },
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function saveAlert(id: number | null, body: Record<string, unknown>): Promise<{ data: AlertCreated }> {
  return id === null
    ? callApi('alertCreate', { body: body as EndpointBody<'alertCreate'> }, { quiet: true })
    : callApi('alertUpdate', { params: { id }, body: body as EndpointBody<'alertUpdate'> }, { quiet: true });
}

export function deleteAlert(id: number): Promise<unknown> {
  return callApi('alertDelete', { params: { id } }, { quiet: true });
}
