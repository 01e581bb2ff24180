import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alert, AlertCreated, Notification, TriggerDetail, TriggerEvent } from '@solstice/contracts';
import { apiRequest } from '../../lib/api-client';
import { apiGet } from '../../shared/api';
import { useAppStore } from '../../shared/shell';

export const ALERTS_KEY = ['alerts'] as const;
export const NOTIFICATIONS_KEY = ['notifications'] as const;
/** How often an open tab asks for new notifications (the bell's count updates without a reload). */
export const NOTIFICATION_POLL_MS = 30_000;

export interface NotificationsResponse {
  data: Notification[];
  unread: number;
}

export interface AlertHistoryItem {
  id: number;
  symbol: string;
  barDate: string;
  event: TriggerEvent;
  detail: TriggerDetail;
  message: string;
  link: string;
  read: boolean;
  createdAt: number;
}

export function useAlerts(enabled = true) {
  return useQuery({
    queryKey: ALERTS_KEY,
    enabled,
    queryFn: () => apiGet<{ data: Alert[]; limit: number }>('/api/v1/alerts', undefined, { background: true }),
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
      const next = await apiGet<NotificationsResponse>('/api/v1/notifications', { limit: 50 }, { background: true });
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
    queryFn: () =>
      apiGet<{ data: AlertHistoryItem[] }>(`/api/v1/alerts/${id}/history`, undefined, { background: true }),
  });
}

/** Marks notifications read (ids, or all) and refreshes the bell everywhere. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | 'all') =>
      apiRequest<{ changed: number; unread: number }>('POST', '/api/v1/notifications/read', {
        body: ids === 'all' ? { all: true } : { ids },
        quiet: true,
        background: true,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function saveAlert(id: number | null, body: Record<string, unknown>): Promise<{ data: AlertCreated }> {
  return id === null
    ? apiRequest('POST', '/api/v1/alerts', { body, quiet: true })
    : apiRequest('PATCH', `/api/v1/alerts/${id}`, { body, quiet: true });
}

export function deleteAlert(id: number): Promise<unknown> {
  return apiRequest('DELETE', `/api/v1/alerts/${id}`, { quiet: true });
}
