import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEY, initialState, resetAppStore, useAppStore } from './app-store';
import { readPersisted } from './persisted';

const store = () => useAppStore.getState();

async function reloadWith(saved: string): Promise<void> {
  localStorage.setItem(STORAGE_KEY, saved);
  await useAppStore.persist.rehydrate();
}

describe('the saved state read back from local storage', () => {
  beforeEach(() => resetAppStore());

  it('survives a value that is not JSON, not an object, or an old shape: the defaults stay', async () => {
    for (const saved of [
      '{not json',
      '"a string"',
      JSON.stringify({ state: 42, version: 1 }),
      JSON.stringify({ state: null }),
    ]) {
      resetAppStore();
      await reloadWith(saved);
      expect(store().watchlists).toEqual(initialState().watchlists);
      expect(store().layout).toEqual(initialState().layout);
    }
  });

  it('drops each bad field on its own and keeps the good ones', async () => {
    await reloadWith(
      JSON.stringify({
        state: {
          watchlists: [{ name: 'Mine', symbols: [{ sym: 'KO' }] }], // a symbol without description
          scannerForm: { expression: 'rsi14 < 30' },
          roles: 'admin', // not a list
          tutorialSeen: 'yes',
          seasonalityFocus: { symbol: 'AAPL', from: '2000', to: '2020' },
          layout: { darkSidebar: true, horizontal: 'sometimes' },
          display: { locale: 'tr-TR', timeZone: 7 },
        },
        version: 1,
      }),
    );
    expect(store().watchlists).toEqual(initialState().watchlists);
    expect(store().scannerForm).toEqual({ expression: 'rsi14 < 30' });
    expect(store().roles).toEqual([]);
    expect(store().tutorialSeen).toBe(false);
    expect(store().seasonalityFocus).toEqual({ symbol: 'AAPL', from: '2000', to: '2020' });
    // Layout and display keep their good keys.
    expect(store().layout).toEqual({ ...initialState().layout, darkSidebar: true });
    expect(store().display).toEqual({ ...initialState().display, locale: 'tr-TR' });
    // Actions are never taken from storage.
    expect(typeof store().addSymbol).toBe('function');
  });

  it('reads only the fields it knows (an injected key or a function name is ignored)', () => {
    const read = readPersisted(
      { addSymbol: 'x', notify: { type: 'error' }, evil: 1, active: true, tutorialSeen: true },
      store(),
    );
    expect(read).toEqual({ tutorialSeen: true });
  });

  it('keeps the specification’s rule: watchlists only when the saved list is non-empty', () => {
    expect(readPersisted({ watchlists: [] }, store())).toEqual({});
    const lists = [{ name: 'Mine', symbols: [{ sym: 'KO', description: 'COCA-COLA' }] }];
    expect(readPersisted({ watchlists: lists }, store())).toEqual({ watchlists: lists });
  });
});
