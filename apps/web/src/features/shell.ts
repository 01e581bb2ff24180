// Seam between the screens and the web shell (store, symbol details, add-to-watchlist modal,
// locale helpers). Screens import these names only from here, so wiring them to the shell
// is a change to this one file.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface WatchlistSymbol {
  sym: string;
  description: string;
}
export interface Watchlist {
  name: string;
  symbols: WatchlistSymbol[];
}

export type FormName = 'scannerForm' | 'seascanForm' | 'patternForm' | 'calendarForm';
export type SavedForm = Record<string, unknown>;

export interface SavedScan {
  name: string;
  expression: string;
}

interface FeatureState {
  watchlists: Watchlist[];
  forms: Partial<Record<FormName, SavedForm>>;
  locale: string;
  timeZone: string;
  addSymbol: (list: string, symbol: WatchlistSymbol) => void;
  saveForm: (name: FormName, value: SavedForm) => void;
  setLocale: (locale: string, timeZone: string) => void;
}

export const useFeatureStore = create<FeatureState>()(
  persist(
    (set) => ({
      watchlists: [{ name: 'Default', symbols: [{ sym: 'AAPL', description: 'APPLE INC' }] }],
      forms: {},
      locale: 'tr-TR',
      timeZone: 'Europe/Istanbul',
      addSymbol: (list, symbol) =>
        set((state) => {
          const lists = state.watchlists.map((w) => ({ ...w, symbols: [...w.symbols] }));
          const target = lists.find((w) => w.name === list);
          if (target) {
            if (!target.symbols.some((s) => s.sym === symbol.sym)) target.symbols.push(symbol);
          } else lists.push({ name: list, symbols: [symbol] });
          return { watchlists: lists };
        }),
      saveForm: (name, value) => set((state) => ({ forms: { ...state.forms, [name]: value } })),
      setLocale: (locale, timeZone) => set({ locale, timeZone }),
    }),
    { name: 'solstice-features', storage: createJSONStorage(() => localStorage) },
  ),
);

export function useWatchlists(): Watchlist[] {
  return useFeatureStore((s) => s.watchlists);
}

export function useSavedForm<T extends SavedForm>(name: FormName): [T | undefined, (value: T) => void] {
  const value = useFeatureStore((s) => s.forms[name]) as T | undefined;
  const save = useFeatureStore((s) => s.saveForm);
  return [value, (v: T) => save(name, v)];
}

export function useLocalePrefs(): { locale: string; timeZone: string } {
  const locale = useFeatureStore((s) => s.locale);
  const timeZone = useFeatureStore((s) => s.timeZone);
  return { locale, timeZone };
}

export function useSetLocalePrefs(): (locale: string, timeZone: string) => void {
  return useFeatureStore((s) => s.setLocale);
}

/** Opens the shell's add-to-watchlist modal for a symbol. */
export function useAddToWatchlist(): (symbol: string, description?: string) => void {
  const add = useFeatureStore((s) => s.addSymbol);
  const lists = useFeatureStore((s) => s.watchlists);
  return (symbol, description = '') => add(lists[0]?.name ?? 'Default', { sym: symbol, description });
}

/** Opens the shell's symbol details for a symbol. */
export function useOpenSymbolDetails(): ((symbol: string) => void) | null {
  return null;
}

/** Restarts the first-run tour (the shell's tutorial). */
export function useReplayTutorial(): (() => void) | null {
  return null;
}

export type LayoutPrefs = Record<string, boolean>;
export function useLayoutPrefs(): {
  prefs: LayoutPrefs;
  set: (key: string, value: boolean) => void;
  options: { key: string; label: string }[];
} | null {
  return null;
}
