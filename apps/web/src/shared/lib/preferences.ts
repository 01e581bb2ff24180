import type { PreferencesRequest } from '@solstice/contracts';
import { callApi } from './api-client';
import { useAppStore, type DisplayPreferences, type LayoutPreferences } from '../store/app-store';

/** Store layout names → the account's names (PATCH /api/me/preferences). */
function toAccountLayout(layout: Partial<LayoutPreferences>): NonNullable<PreferencesRequest['layout']> {
  return {
    ...(layout.sidebarCollapsed !== undefined ? { sidebarCollapsed: layout.sidebarCollapsed } : {}),
    ...(layout.darkSidebar !== undefined ? { sidebarDark: layout.darkSidebar } : {}),
    ...(layout.darkTopbar !== undefined ? { topbarDark: layout.darkTopbar } : {}),
    ...(layout.horizontal !== undefined ? { horizontal: layout.horizontal } : {}),
  };
}

/** Remembered here at once and, when signed in, in the account (a failure keeps the local choice). */
export async function savePreferences(change: {
  layout?: Partial<LayoutPreferences>;
  display?: Partial<DisplayPreferences>;
}): Promise<void> {
  const store = useAppStore.getState();
  if (change.layout) store.setLayout(change.layout);
  if (change.display) store.setDisplay(change.display);
  if (!store.user) return;
  const body: PreferencesRequest = {
    ...(change.layout ? { layout: toAccountLayout(change.layout) } : {}),
    ...(change.display?.locale ? { locale: change.display.locale } : {}),
    ...(change.display?.timeZone ? { timeZone: change.display.timeZone } : {}),
  };
  await callApi('preferences', { body }, { background: true }).catch(() => {});
}

/** The first-run tour is done: remembered here and in the account (every device, issue #19). */
export async function saveTutorialSeen(): Promise<void> {
  const store = useAppStore.getState();
  store.setTutorialSeen(true);
  if (!store.user) return;
  const body: PreferencesRequest = { tutorialSeen: true };
  await callApi('preferences', { body }, { background: true }).catch(() => {});
}
