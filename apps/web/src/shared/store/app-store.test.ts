import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEY, mergePersisted, resetAppStore, useAppStore } from './app-store';

const store = () => useAppStore.getState();
const names = () => store().watchlists.map((w) => ({ name: w.name, symbols: w.symbols.map((s) => s.sym) }));

describe('app store', () => {
  beforeEach(() => resetAppStore());

  it('starts with the specification defaults', () => {
    const s = store();
    expect(s.user).toBeNull();
    expect(s.roles).toEqual([]);
    expect(s.notify).toEqual({ type: 'success', title: '', message: '' });
    expect(s.show).toEqual({ lottie: false, login: false, signup: false });
    expect(s.url).toEqual({ base: '/', full: '', cms: '' });
    expect(s.watchlists.map((w) => ({ name: w.name, symbols: w.symbols }))).toEqual([
      { name: 'Default', symbols: [{ sym: 'AAPL', description: 'APPLE INC' }] },
    ]);
    expect(s.scanlist).toEqual([]);
    expect(s.active).toBe(false);
    expect([s.scannerForm, s.seascanForm, s.patternForm, s.calendarForm]).toEqual([null, null, null, null]);
    expect(s.me).toEqual({ account: { username: '' } });
  });

  it('takes user from the login data and roles from roles', () => {
    store().setSession({ data: { id: 7, username: 'ayse' }, roles: ['member'], subscriber: true });
    expect(store().user).toEqual({ id: 7, username: 'ayse' });
    expect(store().roles).toEqual(['member']);
    expect(store().subscriber).toBe(true);
    expect(store().me.account.username).toBe('ayse');
    store().clearSession();
    expect(store().user).toBeNull();
    expect(store().roles).toEqual([]);
  });

  it('creates, deletes by index, adds (creating the list), removes by index and updates symbols', () => {
    store().createWatchlist('Tech');
    store().addSymbol('Tech', { sym: 'MSFT', description: 'MICROSOFT' });
    store().addSymbol('Tech', { sym: 'NVDA', description: 'NVIDIA' });
    store().addSymbol('Energy', { sym: 'XOM', description: 'EXXON' });
    expect(names()).toEqual([
      { name: 'Default', symbols: ['AAPL'] },
      { name: 'Tech', symbols: ['MSFT', 'NVDA'] },
      { name: 'Energy', symbols: ['XOM'] },
    ]);
    store().removeSymbol('Tech', 0);
    store().removeSymbol('Tech', 5);
    expect(names()[1]).toEqual({ name: 'Tech', symbols: ['NVDA'] });
    store().updateSymbols('Default', [
      { sym: 'IBM', description: 'IBM' },
      { sym: 'KO', description: 'COCA-COLA' },
    ]);
    expect(names()[0]).toEqual({ name: 'Default', symbols: ['IBM', 'KO'] });
    store().deleteWatchlist(1);
    expect(names().map((n) => n.name)).toEqual(['Default', 'Energy']);
  });

  it('refuses a list name that is taken or empty (names are unique per account)', () => {
    expect(store().createWatchlist('Tech', [{ sym: 'MSFT', description: 'MICROSOFT' }])).toBe(true);
    expect(store().createWatchlist('Tech')).toBe(false);
    expect(store().createWatchlist('  Tech ')).toBe(false);
    expect(store().createWatchlist('Default')).toBe(false);
    expect(store().createWatchlist('   ')).toBe(false);
    expect(store().createWatchlist(' Energy ')).toBe(true);
    // Adding to a name that differs only by spaces goes into the existing list.
    store().addSymbol('Tech ', { sym: 'NVDA', description: 'NVIDIA' });
    expect(names()).toEqual([
      { name: 'Default', symbols: ['AAPL'] },
      { name: 'Tech', symbols: ['MSFT', 'NVDA'] },
      { name: 'Energy', symbols: [] },
    ]);
  });

  it('remembers the ids of deleted synced lists for the account', () => {
    store().replaceWatchlists([{ name: 'A', symbols: [], id: 11, updatedAt: 1, syncedAt: 1 }]);
    store().deleteWatchlist(0);
    expect(store().deletedWatchlistIds).toEqual([11]);
  });

  it('replaces the scanlist and removes by index', () => {
    store().setScanlist([
      { symbol: 'A', name: null },
      { symbol: 'B', name: null },
      { symbol: 'C', name: 'Cee' },
    ]);
    store().removeScanlistItem(1);
    expect(store().scanlist).toEqual([
      { symbol: 'A', name: null },
      { symbol: 'C', name: 'Cee' },
    ]);
  });

  it('keeps the four forms and the active flag', () => {
    store().setForm('patternForm', { symbol: 'AAPL', from: '01-05' });
    store().setActive(true);
    expect(store().patternForm).toEqual({ symbol: 'AAPL', from: '01-05' });
    expect(store().active).toBe(true);
  });

  it('saves every change to local storage under "solstice"', () => {
    store().addSymbol('Default', { sym: 'TSLA', description: 'TESLA' });
    store().setScanlist([{ symbol: 'X', name: null }]);
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as {
      state: { watchlists: { symbols: { sym: string }[] }[]; scanlist: unknown[]; notify?: unknown; active?: unknown };
    };
    expect(saved.state.watchlists[0]?.symbols.map((s) => s.sym)).toEqual(['AAPL', 'TSLA']);
    expect(saved.state.scanlist).toEqual([{ symbol: 'X', name: null }]);
    expect(saved.state.notify).toBeUndefined();
    expect(saved.state.active).toBeUndefined();
  });

  it('restores watchlists only when the saved list is non-empty', () => {
    const current = store();
    expect(mergePersisted({ watchlists: [], tutorialSeen: true }, current).watchlists).toBe(current.watchlists);
    expect(mergePersisted({ watchlists: [], tutorialSeen: true }, current).tutorialSeen).toBe(true);
    const lists = [{ name: 'Mine', symbols: [{ sym: 'KO', description: 'COCA-COLA' }] }];
    expect(mergePersisted({ watchlists: lists }, current).watchlists).toEqual(lists);
  });

  it('rehydrates from local storage on load', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        state: { watchlists: [{ name: 'Saved', symbols: [] }], scannerForm: { q: 'rsi14 < 30' } },
        version: 1,
      }),
    );
    await useAppStore.persist.rehydrate();
    expect(names()).toEqual([{ name: 'Saved', symbols: [] }]);
    expect(store().scannerForm).toEqual({ q: 'rsi14 < 30' });
  });
});
