// Seam between the screens and the web shell (store, symbol details, add-to-watchlist modal,
// tutorial, preferences). Screens import these only from here.
import { useRef } from 'react';
import { resetAppStore, useAppStore, type SavedForm, type Watchlist, type WatchlistSymbol } from './store/app-store';
import { useUiStore } from './store/ui-store';
import { i18n } from './i18n/i18n';

export type { SavedForm, Watchlist, WatchlistSymbol };
export type FormName = 'scannerForm' | 'seascanForm' | 'patternForm' | 'calendarForm';

export { useAppStore, resetAppStore, useUiStore };
export { PreferencesPanel } from './components/preferences-panel';
export { Modal } from './components/modal';

/** After a payment: the premium tools answer to this user now. */
export function markSubscriber(): void {
  useAppStore.setState({ subscriber: true });
}

export function useWatchlists(): Watchlist[] {
  return useAppStore((s) => s.watchlists);
}

export function useSavedForm<T extends SavedForm>(name: FormName | null): [T | undefined, (value: T) => void] {
  const value = useAppStore((s) => (name ? s[name] : null)) as T | null;
  const setForm = useAppStore((s) => s.setForm);
  return [value ?? undefined, (v: T) => (name ? setForm(name, v) : undefined)];
}

export function useLocalePrefs(): { locale: string; timeZone: string } {
  return useAppStore((s) => s.display);
}

export function useSetLocalePrefs(): (locale: string, timeZone: string) => void {
  const setDisplay = useAppStore((s) => s.setDisplay);
  return (locale, timeZone) => setDisplay({ locale, timeZone });
}

/**
 * True once the user this screen was shown to has signed out (the store lost its user while
 * the screen is still mounted, on its way to /): its queries stop instead of meeting a 401.
 */
export function useSignedOut(): boolean {
  const user = useAppStore((s) => s.user);
  const seen = useRef(false);
  if (user) seen.current = true;
  return seen.current && !user;
}

/**
 * What the session (GET /api/me, kept in the store) says about the premium tools: 'no' for a
 * signed-in member without the subscriber tag, 'yes' for a subscriber or an admin, 'unknown'
 * before the session is known.
 */
export function usePremiumAccess(): 'yes' | 'no' | 'unknown' {
  const user = useAppStore((s) => s.user);
  const subscriber = useAppStore((s) => s.subscriber);
  const admin = useAppStore((s) => s.roles.includes('admin'));
  if (!user) return 'unknown';
  return subscriber || admin ? 'yes' : 'no';
}

/** Opens the shell's add-to-watchlist modal for a symbol (the modal chooses the list). */
export function useAddToWatchlist(): (symbol: string, description?: string) => void {
  const open = useUiStore((s) => s.openAddToWatchlist);
  return (symbol, description = '') => open({ sym: symbol, description });
}

/** Opens the shell's symbol details for a symbol. */
export function useOpenSymbolDetails(): ((symbol: string) => void) | null {
  return useUiStore((s) => s.openSymbolDetails);
}

/** Restarts the first-run tour (the shell's tutorial). */
export { useReplayTutorial } from './components/tutorial';

export type LayoutKey = 'sidebarCollapsed' | 'darkSidebar' | 'darkTopbar' | 'horizontal';
/** The layout variants; each label is the text `shell:preferences.layouts.<key>`, read when shown. */
export const LAYOUT_OPTIONS: { key: LayoutKey; readonly label: string }[] = (
  ['sidebarCollapsed', 'darkSidebar', 'darkTopbar', 'horizontal'] as const
).map((key) => ({
  key,
  get label() {
    return i18n.t(`shell:preferences.layouts.${key}`);
  },
}));

export function useLayoutPrefs(): { prefs: Record<LayoutKey, boolean>; set: (key: LayoutKey, value: boolean) => void } {
  const prefs = useAppStore((s) => s.layout);
  const setLayout = useAppStore((s) => s.setLayout);
  return { prefs, set: (key, value) => setLayout({ [key]: value }) };
}
