import { create } from 'zustand';
import type { WatchlistSymbol } from './app-store';

/** Screen state that is not kept across reloads: which shared dialogs are open. */
export interface UiState {
  symbolDetails: string | null;
  addToWatchlist: WatchlistSymbol | null;
  mobileNavOpen: boolean;
  tutorialOpen: boolean;
  openSymbolDetails(sym: string): void;
  closeSymbolDetails(): void;
  openAddToWatchlist(symbol: WatchlistSymbol): void;
  closeAddToWatchlist(): void;
  setMobileNavOpen(open: boolean): void;
  setTutorialOpen(open: boolean): void;
}

export const useUiStore = create<UiState>()((set) => ({
  symbolDetails: null,
  addToWatchlist: null,
  mobileNavOpen: false,
  tutorialOpen: false,
  openSymbolDetails: (sym) => set({ symbolDetails: sym.toUpperCase() }),
  closeSymbolDetails: () => set({ symbolDetails: null }),
  openAddToWatchlist: (symbol) => set({ addToWatchlist: symbol }),
  closeAddToWatchlist: () => set({ addToWatchlist: null }),
  setMobileNavOpen: (open) => set({ mobileNavOpen: open }),
  setTutorialOpen: (open) => set({ tutorialOpen: open }),
}));
