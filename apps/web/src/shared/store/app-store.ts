// The one client store (specification §3), made of slices; the persisted part is checked
// field by field when it is read back (persisted.ts).
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { mergePersisted } from './persisted';
import { formsSlice, initialForms } from './slices/forms-slice';
import { initialPreferences, preferencesSlice } from './slices/preferences-slice';
import { initialSession, sessionSlice } from './slices/session-slice';
import { initialShell, shellSlice } from './slices/shell-slice';
import { defaultWatchlists, watchlistsSlice } from './slices/watchlists-slice';
import type { AppState, AppStore, Persisted } from './types';

export type * from './types';
export { DEFAULT_DISPLAY, DEFAULT_LAYOUT } from './slices/preferences-slice';
export { DEFAULT_WATCHLISTS } from './slices/watchlists-slice';
export { mergePersisted } from './persisted';

/** The browser storage key of the specification ({product}). */
export const STORAGE_KEY = 'solstice';

export function initialState(): AppState {
  return {
    ...initialSession(),
    ...initialPreferences(),
    ...initialForms(),
    ...initialShell(),
    watchlists: defaultWatchlists(),
    deletedWatchlistIds: [],
  };
}

export const useAppStore = create<AppStore>()(
  persist(
    (...a) => ({
      ...sessionSlice(...a),
      ...preferencesSlice(...a),
      ...watchlistsSlice(...a),
      ...formsSlice(...a),
      ...shellSlice(...a),
    }),
    {
      name: STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s): Persisted => ({
        user: s.user,
        roles: s.roles,
        subscriber: s.subscriber,
        watchlists: s.watchlists,
        deletedWatchlistIds: s.deletedWatchlistIds,
        scanlist: s.scanlist,
        scannerForm: s.scannerForm,
        seascanForm: s.seascanForm,
        patternForm: s.patternForm,
        calendarForm: s.calendarForm,
        seasonalityFocus: s.seasonalityFocus,
        seasonalityYearSet: s.seasonalityYearSet,
        me: s.me,
        layout: s.layout,
        display: s.display,
        tutorialSeen: s.tutorialSeen,
      }),
      merge: (persisted, current) => mergePersisted(persisted, current),
    },
  ),
);

/** Back to the first-load state (tests, sign-out of a shared browser). */
export function resetAppStore(): void {
  useAppStore.setState(initialState());
}
