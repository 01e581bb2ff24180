import type { Notification } from '@solstice/contracts';

/** One alert's notifications of one session, newest group first (as the notifications came). */
export interface NotificationGroup {
  key: string;
  alertId: number;
  alertName: string;
  barDate: string;
  items: Notification[];
  /** Symbols that fired, the summarised ones included. */
  fired: number;
  unread: number[];
}

/**
 * Groups notifications by alert and session: a broad alert that fired on 60 symbols is one
 * entry of the bell, not 51. A lone notice (a paused webhook) stays its own group.
 */
export function groupNotifications(items: readonly Notification[]): NotificationGroup[] {
  const groups = new Map<string, NotificationGroup>();
  for (const n of items) {
    const key = n.event === 'webhook-paused' ? `notice-${n.id}` : `${n.alertId}:${n.barDate}`;
    let group = groups.get(key);
    if (!group) {
      group = { key, alertId: n.alertId, alertName: n.alertName, barDate: n.barDate, items: [], fired: 0, unread: [] };
      groups.set(key, group);
    }
    group.items.push(n);
    group.fired += n.event === 'more' ? (n.detail.more ?? 0) : 1;
    if (!n.read) group.unread.push(n.id);
  }
  for (const group of groups.values())
    group.items.sort(
      (a, b) => Number(a.event === 'more') - Number(b.event === 'more') || a.symbol.localeCompare(b.symbol),
    );
  return [...groups.values()];
}
