import { create } from 'zustand';
import { defaultLanguage, LOCALE_OF, operatorDefaults } from '../i18n/languages';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_WATCHLIST } from '@solstice/contracts';

/** The browser storage key of the specification ({product}). */
export const STORAGE_KEY = 'solstice';

export interface WatchlistSymbol {
  sym: string;
  description: string;
}

/**
 * A watchlist as the specification has it ({name, symbols}), plus what account sync needs:
 * `id` once the account knows the list, `updatedAt` of the last local change (0 = untouched
 * default) and `syncedAt` of the last state the account confirmed.
 */
export interface Watchlist {
  name: string;
  symbols: WatchlistSymbol[];
  id?: number;
  updatedAt?: number;
  syncedAt?: number;
  /** The `updatedAt` the account refused (409/400): not sent again until the list changes. */
  refusedAt?: number;
}

export type NotifyType = 'success' | 'error' | 'warning' | 'info';

export interface Notify {
  type: NotifyType;
  title: string;
  message: string;
}

export interface ShowFlags {
  lottie: boolean;
  login: boolean;
  signup: boolean;
}

export interface UrlState {
  base: string;
  full: string;
  cms: string;
}

/** The signed-in user as the login answer's `data` carries it. */
export interface SessionUser {
  id?: string | number;
  username?: string;
  email?: string;
  [key: string]: unknown;
}

export interface LayoutPreferences {
  sidebarCollapsed: boolean;
  darkSidebar: boolean;
  darkTopbar: boolean;
  horizontal: boolean;
}

export interface DisplayPreferences {
  locale: string;
  timeZone: string;
}

export type SavedForm = Record<string, unknown>;

/** The symbol and years the seasonality tools share: moving between them keeps both. */
export interface SeasonalityFocus {
  symbol: string;
  from: string;
  to: string;
}

export const DEFAULT_WATCHLISTS: readonly Watchlist[] = [
  { name: DEFAULT_WATCHLIST.name, symbols: DEFAULT_WATCHLIST.symbols.map((s) => ({ ...s })), updatedAt: 0 },
];

export const DEFAULT_LAYOUT: LayoutPreferences = {
  sidebarCollapsed: false,
  darkSidebar: false,
  darkTopbar: false,
  horizontal: false,
};

/** A new visitor: the browser's language (else the operator's), the operator's time zone (else Istanbul). */
export const DEFAULT_DISPLAY: DisplayPreferences = {
  locale: LOCALE_OF[defaultLanguage()],
  timeZone: operatorDefaults().timeZone ?? 'Europe/Istanbul',
};

export interface AppState {
  user: SessionUser | null;
  roles: string[];
  subscriber: boolean;
  notify: Notify;
  show: ShowFlags;
  url: UrlState;
  watchlists: Watchlist[];
  /** Ids of lists deleted here that the account has not yet been told about. */
  deletedWatchlistIds: number[];
  scanlist: unknown[];
  active: boolean;
  scannerForm: SavedForm | null;
  seascanForm: SavedForm | null;
  patternForm: SavedForm | null;
  calendarForm: SavedForm | null;
  seasonalityFocus: SeasonalityFocus | null;
  me: { account: { username: string } };
  layout: LayoutPreferences;
  display: DisplayPreferences;
  tutorialSeen: boolean;
}

export interface AppActions {
  setSession(session: { data: SessionUser; roles?: string[]; subscriber?: boolean }): void;
  clearSession(): void;
  setNotify(notify: Partial<Notify>): void;
  setShow(flag: keyof ShowFlags, value: boolean): void;
  setUrl(url: Partial<UrlState>): void;
  /**
   * Adds a list; refuses (false) an empty name or one a list already has (after trimming, as
   * the account does): names are unique per account, so a duplicate could never sync.
   */
  createWatchlist(name: string, symbols?: WatchlistSymbol[]): boolean;
  deleteWatchlist(index: number): void;
  addSymbol(listName: string, symbol: WatchlistSymbol): void;
  removeSymbol(listName: string, index: number): void;
  updateSymbols(listName: string, symbols: WatchlistSymbol[]): void;
  /** Sync only: replaces the lists with what the account holds (keeps local metadata). */
  replaceWatchlists(lists: Watchlist[], deletedIds?: number[]): void;
  setScanlist(items: unknown[]): void;
  removeScanlistItem(index: number): void;
  setActive(active: boolean): void;
  setForm(name: 'scannerForm' | 'seascanForm' | 'patternForm' | 'calendarForm', value: SavedForm | null): void;
  setSeasonalityFocus(focus: SeasonalityFocus): void;
  setLayout(layout: Partial<LayoutPreferences>): void;
  setDisplay(display: Partial<DisplayPreferences>): void;
  setTutorialSeen(seen: boolean): void;
}

export type AppStore = AppState & AppActions;

export function initialState(): AppState {
  return {
    user: null,
    roles: [],
    subscriber: false,
    notify: { type: 'success', title: '', message: '' },
    show: { lottie: false, login: false, signup: false },
    url: { base: '/', full: '', cms: '' },
    watchlists: DEFAULT_WATCHLISTS.map((w) => ({ ...w, symbols: [...w.symbols] })),
    deletedWatchlistIds: [],
    scanlist: [],
    active: false,
    scannerForm: null,
    seascanForm: null,
    patternForm: null,
    calendarForm: null,
    seasonalityFocus: null,
    me: { account: { username: '' } },
    layout: { ...DEFAULT_LAYOUT },
    display: { ...DEFAULT_DISPLAY },
    tutorialSeen: false,
  };
}

/** The parts of the state kept in local storage (transient popups and dialogs are not). */
type Persisted = Omit<AppState, 'notify' | 'show'>;

function touched(list: Watchlist, symbols: WatchlistSymbol[]): Watchlist {
  return { ...list, symbols, updatedAt: Math.max(Date.now(), (list.updatedAt ?? 0) + 1) };
}

export const useAppStore = create<AppStore>()(
  persist(
    (set, get) => ({
      ...initialState(),
      setSession: ({ data, roles, subscriber }) =>
        set({
          user: data,
          roles: roles ?? [],
          subscriber: subscriber ?? false,
          me: { account: { username: typeof data.username === 'string' ? data.username : '' } },
        }),
      clearSession: () =>
        set({
          user: null,
          roles: [],
          subscriber: false,
          me: { account: { username: '' } },
          watchlists: initialState().watchlists,
          deletedWatchlistIds: [],
        }),
      setNotify: (notify) => set((s) => ({ notify: { ...s.notify, ...notify } })),
      setShow: (flag, value) => set((s) => ({ show: { ...s.show, [flag]: value } })),
      setUrl: (url) => set((s) => ({ url: { ...s.url, ...url } })),
      createWatchlist: (name, symbols = []) => {
        const trimmed = name.trim();
        if (!trimmed || get().watchlists.some((w) => w.name.trim() === trimmed)) return false;
        set((s) => ({
          watchlists: [...s.watchlists, { name: trimmed, symbols: [...symbols], updatedAt: Date.now() }],
        }));
        return true;
      },
      deleteWatchlist: (index) =>
        set((s) => {
          const list = s.watchlists[index];
          if (!list) return {};
          return {
            watchlists: s.watchlists.filter((_, i) => i !== index),
            deletedWatchlistIds: list.id ? [...s.deletedWatchlistIds, list.id] : s.deletedWatchlistIds,
          };
        }),
      addSymbol: (listName, symbol) =>
        set((s) => {
          // Matched as the account matches names (trimmed), so a missing list is never a duplicate.
          const name = listName.trim();
          const index = s.watchlists.findIndex((w) => w.name === listName || w.name.trim() === name);
          if (index < 0) {
            if (!name) return {};
            return { watchlists: [...s.watchlists, { name, symbols: [symbol], updatedAt: Date.now() }] };
          }
          const list = s.watchlists[index]!;
          return {
            watchlists: s.watchlists.map((w, i) => (i === index ? touched(list, [...list.symbols, symbol]) : w)),
          };
        }),
      removeSymbol: (listName, index) =>
        set((s) => ({
          watchlists: s.watchlists.map((w) =>
            w.name === listName && index >= 0 && index < w.symbols.length
              ? touched(
                  w,
                  w.symbols.filter((_, i) => i !== index),
                )
              : w,
          ),
        })),
      updateSymbols: (listName, symbols) =>
        set((s) => ({
          watchlists: s.watchlists.map((w) => (w.name === listName ? touched(w, [...symbols]) : w)),
        })),
      replaceWatchlists: (lists, deletedIds) =>
        set((s) => ({ watchlists: lists, deletedWatchlistIds: deletedIds ?? s.deletedWatchlistIds })),
      setScanlist: (items) => set({ scanlist: [...items] }),
      removeScanlistItem: (index) => set((s) => ({ scanlist: s.scanlist.filter((_, i) => i !== index) })),
      setActive: (active) => set({ active }),
      setForm: (name, value) => set({ [name]: value } as Pick<AppState, typeof name>),
      setSeasonalityFocus: (focus) => set({ seasonalityFocus: { ...focus } }),
      setLayout: (layout) => set((s) => ({ layout: { ...s.layout, ...layout } })),
      setDisplay: (display) => set((s) => ({ display: { ...s.display, ...display } })),
      setTutorialSeen: (seen) => set({ tutorialSeen: seen }),
    }),
    {
      name: STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s): Persisted => ({
        user: s.user,
        roles: s.roles,
        subscriber: s.subscriber,
        url: s.url,
        watchlists: s.watchlists,
        deletedWatchlistIds: s.deletedWatchlistIds,
        scanlist: s.scanlist,
        active: s.active,
        scannerForm: s.scannerForm,
        seascanForm: s.seascanForm,
        patternForm: s.patternForm,
        calendarForm: s.calendarForm,
        seasonalityFocus: s.seasonalityFocus,
        me: s.me,
        layout: s.layout,
        display: s.display,
        tutorialSeen: s.tutorialSeen,
      }),
      merge: (persisted, current) => mergePersisted(persisted, current),
    },
  ),
);

/** Restore rule of the specification: watchlists only when the saved list is non-empty. */
export function mergePersisted(persisted: unknown, current: AppStore): AppStore {
  if (!persisted || typeof persisted !== 'object') return current;
  const saved = persisted as Partial<Persisted>;
  const { watchlists, layout, display, ...rest } = saved;
  return {
    ...current,
    ...rest,
    layout: { ...current.layout, ...(layout ?? {}) },
    display: { ...current.display, ...(display ?? {}) },
    watchlists: Array.isArray(watchlists) && watchlists.length > 0 ? watchlists : current.watchlists,
  };
}

/** Back to the first-load state (tests, sign-out of a shared browser). */
export function resetAppStore(): void {
  useAppStore.setState(initialState());
}
