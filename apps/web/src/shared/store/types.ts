// The shapes of the client state (specification §3) and of its actions, one group per slice.

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
export type FormKey = 'scannerForm' | 'seascanForm' | 'patternForm' | 'calendarForm';

/** The symbol and years the seasonality tools share: moving between them keeps both. */
export interface SeasonalityFocus {
  symbol: string;
  from: string;
  to: string;
}

/**
 * The year set (cycle phases, odd or even years, excluded years: shared/ui/year-sets.ts) the
 * seasonality tools share, carried between them like the symbol and years.
 */
export interface SeasonalityYearSet {
  cycle: string;
  parity: string;
  exclude: string;
}

/** Who is signed in (the login answer), and the root store's `me` of the specification. */
export interface SessionSlice {
  user: SessionUser | null;
  roles: string[];
  subscriber: boolean;
  me: { account: { username: string } };
  setSession(session: { data: SessionUser; roles?: string[]; subscriber?: boolean }): void;
  clearSession(): void;
}

/** Layout, language and time zone, the first-run tour. */
export interface PreferencesSlice {
  layout: LayoutPreferences;
  display: DisplayPreferences;
  tutorialSeen: boolean;
  setLayout(layout: Partial<LayoutPreferences>): void;
  setDisplay(display: Partial<DisplayPreferences>): void;
  setTutorialSeen(seen: boolean): void;
}

export interface WatchlistsSlice {
  watchlists: Watchlist[];
  /** Ids of lists deleted here that the account has not yet been told about. */
  deletedWatchlistIds: number[];
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
}

/** One symbol of the scanner list. */
export interface ScanlistItem {
  symbol: string;
  name: string | null;
}

/** The tools' saved forms, the last scan's symbols and the shared seasonality focus. */
export interface FormsSlice {
  scannerForm: SavedForm | null;
  seascanForm: SavedForm | null;
  patternForm: SavedForm | null;
  calendarForm: SavedForm | null;
  seasonalityFocus: SeasonalityFocus | null;
  seasonalityYearSet: SeasonalityYearSet | null;
  /** The scanner list: the symbols of the last scan run in the scanner. */
  scanlist: ScanlistItem[];
  /** The page is in front and visible (not persisted): background polling waits while it is not. */
  active: boolean;
  setForm(name: FormKey, value: SavedForm | null): void;
  setSeasonalityFocus(focus: SeasonalityFocus): void;
  setSeasonalityYearSet(yearSet: SeasonalityYearSet): void;
  setScanlist(items: ScanlistItem[]): void;
  removeScanlistItem(index: number): void;
  setActive(active: boolean): void;
}

/** The specification's transient shell state: the last popup, which dialogs show, the URLs. */
export interface ShellSlice {
  notify: Notify;
  show: ShowFlags;
  url: UrlState;
  setNotify(notify: Partial<Notify>): void;
  setShow(flag: keyof ShowFlags, value: boolean): void;
  setUrl(url: Partial<UrlState>): void;
}

export type AppStore = SessionSlice & PreferencesSlice & WatchlistsSlice & FormsSlice & ShellSlice;

type ActionKeys = {
  [K in keyof AppStore]: AppStore[K] extends (...args: never[]) => unknown ? K : never;
}[keyof AppStore];
export type AppState = Omit<AppStore, ActionKeys>;
export type AppActions = Pick<AppStore, ActionKeys>;

/** The parts of the state kept in local storage (transient popups and dialogs are not). */
export type Persisted = Omit<AppState, 'notify' | 'show' | 'active' | 'url'>;
