import { DEFAULT_WATCHLIST } from '@solstice/contracts';
import type { Watchlist, WatchlistSymbol, WatchlistsSlice } from '../types';
import type { Slice } from './slice';

export const DEFAULT_WATCHLISTS: readonly Watchlist[] = [
  { name: DEFAULT_WATCHLIST.name, symbols: DEFAULT_WATCHLIST.symbols.map((s) => ({ ...s })), updatedAt: 0 },
];

export const defaultWatchlists = (): Watchlist[] => DEFAULT_WATCHLISTS.map((w) => ({ ...w, symbols: [...w.symbols] }));

function touched(list: Watchlist, symbols: WatchlistSymbol[]): Watchlist {
  return { ...list, symbols, updatedAt: Math.max(Date.now(), (list.updatedAt ?? 0) + 1) };
}

export const watchlistsSlice: Slice<WatchlistsSlice> = (set, get) => ({
  watchlists: defaultWatchlists(),
  deletedWatchlistIds: [],
  createWatchlist: (name, symbols = []) => {
    const trimmed = name.trim();
    if (!trimmed || get().watchlists.some((w) => w.name.trim() === trimmed)) return false;
    set((s) => ({ watchlists: [...s.watchlists, { name: trimmed, symbols: [...symbols], updatedAt: Date.now() }] }));
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
      return { watchlists: s.watchlists.map((w, i) => (i === index ? touched(list, [...list.symbols, symbol]) : w)) };
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
    set((s) => ({ watchlists: s.watchlists.map((w) => (w.name === listName ? touched(w, [...symbols]) : w)) })),
  replaceWatchlists: (lists, deletedIds) =>
    set((s) => ({ watchlists: lists, deletedWatchlistIds: deletedIds ?? s.deletedWatchlistIds })),
});
