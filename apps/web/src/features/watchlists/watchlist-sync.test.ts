import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import {
  watchlistCreateSchema,
  watchlistListResponseSchema,
  watchlistReplaceSchema,
  watchlistResponseSchema,
} from '@solstice/contracts';
import { resetAppStore, useAppStore } from '../../shared/store/app-store';
import { isPending, isRefused, startWatchlistSync, stopWatchlistSync, syncWatchlists } from './watchlist-sync';
import { mockApi } from '../../../test/mock-api';
import { loadSwal } from '../../shared/lib/popups';

interface Row {
  id: number;
  name: string;
  symbols: { sym: string; description: string }[];
  updatedAt: number;
}

const conflict = (message: string) => ({ status: 409, body: { error: { code: 'conflict', message } } });
const invalid = { status: 400, body: { error: { code: 'validation_failed', message: 'Invalid body.' } } };

/**
 * A tiny in-memory account watchlist API that behaves as the server's: the contract's strict
 * bodies, the `{ data }` envelope, names unique per account (409) and a list limit (409).
 */
function fakeAccount(initial: Row[] = [], options: { limit?: number; beforePost?: () => void } = {}) {
  let rows = [...initial];
  let nextId = 100;
  let clock = 5_000;
  const nameTaken = (name: string, except?: number) => rows.some((r) => r.name === name && r.id !== except);
  const api = mockApi({
    'GET /api/v1/watchlists': () => ({ status: 200, body: watchlistListResponseSchema.parse({ data: rows }) }),
    'POST /api/v1/watchlists': ({ body }) => {
      options.beforePost?.();
      const parsed = watchlistCreateSchema.safeParse(body);
      if (!parsed.success) return invalid;
      if (rows.length >= (options.limit ?? 50)) return conflict('You can keep at most 1 watchlists; delete one first.');
      if (nameTaken(parsed.data.name)) return conflict(`You already have a watchlist named "${parsed.data.name}".`);
      const row = { id: nextId++, ...parsed.data, updatedAt: ++clock };
      rows.push(row);
      return { status: 201, body: watchlistResponseSchema.parse({ data: row }) };
    },
  });
  const fetchImpl = vi.mocked(globalThis.fetch).getMockImplementation()!;
  vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const m = url.pathname.match(/^\/api\/v1\/watchlists\/(\d+)$/);
    if (m) {
      const id = Number(m[1]);
      const row = rows.find((r) => r.id === id);
      const sent: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      api.calls.push({ method: init?.method ?? 'GET', path: url.pathname, body: sent });
      if (!row) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'gone' } }), { status: 404 });
      if (init?.method === 'DELETE') {
        rows = rows.filter((r) => r.id !== id);
        return new Response(null, { status: 204 });
      }
      const parsed = watchlistReplaceSchema.safeParse(sent);
      if (!parsed.success) return new Response(JSON.stringify(invalid.body), { status: 400 });
      if (nameTaken(parsed.data.name, id)) return new Response(JSON.stringify(conflict('taken').body), { status: 409 });
      Object.assign(row, { ...parsed.data, updatedAt: ++clock });
      return new Response(JSON.stringify(watchlistResponseSchema.parse({ data: row })), { status: 200 });
    }
    return fetchImpl(input, init);
  });
  return {
    api,
    rows: () => rows,
    edit: (id: number, symbols: Row['symbols']) => {
      const row = rows.find((r) => r.id === id)!;
      row.symbols = symbols;
      row.updatedAt = ++clock;
    },
  };
}

const lists = () =>
  useAppStore.getState().watchlists.map((w) => ({ id: w.id, name: w.name, syms: w.symbols.map((s) => s.sym) }));

let account: ReturnType<typeof fakeAccount>;
beforeEach(() => {
  resetAppStore();
  useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' } });
});
afterEach(async () => {
  account.api.restore();
  (await loadSwal()).close();
});

describe('watchlist sync', () => {
  it('pushes the untouched default into an empty account', async () => {
    account = fakeAccount();
    await syncWatchlists();
    expect(account.rows().map((r) => [r.name, r.symbols.map((s) => s.sym)])).toEqual([['Default', ['AAPL']]]);
    expect(lists()).toEqual([{ id: 100, name: 'Default', syms: ['AAPL'] }]);
    expect(useAppStore.getState().watchlists.some(isPending)).toBe(false);
  });

  it('takes the account’s lists at sign-in instead of the untouched default', async () => {
    account = fakeAccount([{ id: 7, name: 'Mine', symbols: [{ sym: 'KO', description: 'COCA-COLA' }], updatedAt: 10 }]);
    await syncWatchlists();
    expect(lists()).toEqual([{ id: 7, name: 'Mine', syms: ['KO'] }]);
    expect(account.rows()).toHaveLength(1);
  });

  it('reads the account’s lists once in a round that has nothing to send, twice after sending', async () => {
    account = fakeAccount([{ id: 7, name: 'Mine', symbols: [], updatedAt: 10 }]);
    const reads = () => account.api.calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/watchlists').length;
    await syncWatchlists();
    expect(reads()).toBe(1);
    // another browser's change is pulled by the next round, which sends nothing
    account.edit(7, [{ sym: 'KO', description: 'COCA-COLA' }]);
    await syncWatchlists();
    expect(reads()).toBe(2);
    expect(lists()).toEqual([{ id: 7, name: 'Mine', syms: ['KO'] }]);
    useAppStore.getState().addSymbol('Mine', { sym: 'IBM', description: 'IBM' });
    await syncWatchlists();
    expect(reads()).toBe(4);
    expect(lists()).toEqual([{ id: 7, name: 'Mine', syms: ['KO', 'IBM'] }]);
  });

  it('pushes local changes, creations and deletions, then pulls another browser’s changes', async () => {
    account = fakeAccount([
      { id: 7, name: 'Mine', symbols: [], updatedAt: 10 },
      { id: 8, name: 'Old', symbols: [], updatedAt: 10 },
    ]);
    await syncWatchlists();
    const s = useAppStore.getState();
    s.addSymbol('Mine', { sym: 'IBM', description: 'IBM' });
    s.addSymbol('Fresh', { sym: 'XOM', description: 'EXXON' });
    s.deleteWatchlist(1);
    await syncWatchlists();
    expect(account.rows().map((r) => [r.id, r.name, r.symbols.map((x) => x.sym)])).toEqual([
      [7, 'Mine', ['IBM']],
      [100, 'Fresh', ['XOM']],
    ]);
    account.edit(100, [{ sym: 'CVX', description: 'CHEVRON' }]);
    await syncWatchlists();
    expect(lists()).toEqual([
      { id: 7, name: 'Mine', syms: ['IBM'] },
      { id: 100, name: 'Fresh', syms: ['CVX'] },
    ]);
  });

  it('keeps changes made offline and sends them when back online', async () => {
    account = fakeAccount([{ id: 7, name: 'Mine', symbols: [], updatedAt: 10 }]);
    await syncWatchlists();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    useAppStore.getState().addSymbol('Mine', { sym: 'T', description: 'AT&T' });
    await syncWatchlists();
    expect(account.rows()[0]?.symbols).toEqual([]);
    expect(useAppStore.getState().watchlists.some(isPending)).toBe(true);
    onLine.mockReturnValue(true);
    await syncWatchlists();
    expect(account.rows()[0]?.symbols).toEqual([{ sym: 'T', description: 'AT&T' }]);
    onLine.mockRestore();
  });

  it('reads the { data } envelope of every answer and sends only the contract’s strict bodies', async () => {
    account = fakeAccount([{ id: 7, name: 'Mine', symbols: [], updatedAt: 10 }]);
    await syncWatchlists();
    const s = useAppStore.getState();
    // A symbol object carrying more than { sym, description } (e.g. a search hit spread in).
    s.addSymbol('Mine', { sym: 'IBM', description: 'IBM', exchange: 'NYSE' } as never);
    s.createWatchlist('Fresh', [{ sym: 'XOM', description: 'EXXON' }]);
    await syncWatchlists();
    const writes = account.api.calls.filter((c) => c.method === 'POST' || c.method === 'PUT');
    expect(writes.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/api/v1/watchlists/7', { name: 'Mine', symbols: [{ sym: 'IBM', description: 'IBM' }] }],
      ['POST', '/api/v1/watchlists', { name: 'Fresh', symbols: [{ sym: 'XOM', description: 'EXXON' }] }],
    ]);
    expect(lists()).toEqual([
      { id: 7, name: 'Mine', syms: ['IBM'] },
      { id: 100, name: 'Fresh', syms: ['XOM'] },
    ]);
    expect(useAppStore.getState().watchlists.some(isPending)).toBe(false);
  });

  it('takes over a list of the same name another browser created meanwhile (409 on create)', async () => {
    let raced = false;
    account = fakeAccount([], {
      beforePost: () => {
        if (raced) return;
        raced = true;
        account.rows().push({ id: 50, name: 'Tech', symbols: [{ sym: 'NVDA', description: 'NVIDIA' }], updatedAt: 9 });
      },
    });
    useAppStore.setState({ watchlists: [] });
    useAppStore.getState().createWatchlist('Tech', [{ sym: 'MSFT', description: 'MICROSOFT' }]);
    await syncWatchlists();
    expect(account.rows().map((r) => [r.id, r.name, r.symbols.map((x) => x.sym)])).toEqual([[50, 'Tech', ['MSFT']]]);
    expect(lists()).toEqual([{ id: 50, name: 'Tech', syms: ['MSFT'] }]);
    expect(useAppStore.getState().watchlists.some(isPending)).toBe(false);
    expect(screen.queryByText('Error!')).toBeNull();
  });

  it('a refused list (409) shows one error popup, stays local and is not sent again until it changes', async () => {
    account = fakeAccount([{ id: 7, name: 'Mine', symbols: [], updatedAt: 10 }], { limit: 1 });
    await syncWatchlists();
    useAppStore.getState().createWatchlist('Extra', [{ sym: 'KO', description: 'COCA-COLA' }]);
    await syncWatchlists();
    expect(await screen.findByText('You can keep at most 1 watchlists; delete one first.')).toBeInTheDocument();
    expect(screen.getAllByText('Error!')).toHaveLength(1);
    const extra = () => useAppStore.getState().watchlists.find((w) => w.name === 'Extra')!;
    expect(lists()).toEqual([
      { id: 7, name: 'Mine', syms: [] },
      { id: undefined, name: 'Extra', syms: ['KO'] },
    ]);
    expect(isRefused(extra())).toBe(true);
    expect(isPending(extra())).toBe(false);

    const posts = () => account.api.calls.filter((c) => c.method === 'POST').length;
    expect(posts()).toBe(1);
    (await loadSwal()).close();
    await syncWatchlists();
    await syncWatchlists();
    expect(posts()).toBe(1);
    expect(screen.queryByText('Error!')).toBeNull();
    expect(lists()[1]).toEqual({ id: undefined, name: 'Extra', syms: ['KO'] });

    // A new change is a new attempt (here accepted once the account has room).
    account.rows().splice(0);
    useAppStore.getState().addSymbol('Extra', { sym: 'PEP', description: 'PEPSICO' });
    expect(isPending(extra())).toBe(true);
    await syncWatchlists();
    expect(posts()).toBe(2);
    expect(account.rows().map((r) => [r.name, r.symbols.map((x) => x.sym)])).toEqual([['Extra', ['KO', 'PEP']]]);
  });

  it('raises no popup when the account refuses the untouched default list (its AAPL is not in the data)', async () => {
    account = fakeAccount();
    const unknown = {
      status: 400,
      body: { error: { code: 'validation_failed', message: 'AAPL is not a known symbol: pick one from the search.' } },
    };
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/v1/watchlists' && init?.method === 'POST')
        return new Response(JSON.stringify(unknown.body), { status: 400 });
      return new Response(JSON.stringify({ data: [] }), { status: 200 });
    });
    await syncWatchlists();
    expect(lists()).toEqual([{ id: undefined, name: 'Default', syms: ['AAPL'] }]);
    expect(screen.queryByText('Error!')).toBeNull();
    // A change of the user's own that is refused does say so.
    useAppStore.getState().addSymbol('Default', { sym: 'MSFTX', description: '' });
    await syncWatchlists();
    expect(await screen.findByText('AAPL is not a known symbol: pick one from the search.')).toBeInTheDocument();
  });

  it('does nothing when signed out', async () => {
    account = fakeAccount();
    useAppStore.getState().clearSession();
    await syncWatchlists();
    expect(account.api.calls).toEqual([]);
  });

  it('a sign-out in the middle of a round sends nothing more and leaves none of the account’s lists', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const rows: Row[] = [{ id: 7, name: 'Mine', symbols: [{ sym: 'KO', description: 'COCA-COLA' }], updatedAt: 10 }];
    account = fakeAccount();
    const api = mockApi({
      'GET /api/v1/watchlists': async () => {
        await held;
        return { status: 200, body: { data: rows } };
      },
    });
    useAppStore.getState().addSymbol('Default', { sym: 'IBM', description: 'IBM' });
    const syncing = syncWatchlists();
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    // As the topbar's sign-out does: stop, then (after the logout request) clear the session.
    stopWatchlistSync();
    useAppStore.getState().clearSession();
    answer();
    await expect(syncing).rejects.toThrow(/abort/i);
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/v1/watchlists']);
    expect(lists()).toEqual([{ id: undefined, name: 'Default', syms: ['AAPL'] }]);
    api.restore();
  });

  it('starts no round for the session being signed out, and syncs again for the next sign-in', async () => {
    account = fakeAccount();
    stopWatchlistSync();
    await syncWatchlists();
    expect(account.api.calls).toEqual([]);
    useAppStore.getState().clearSession();
    useAppStore.getState().setSession({ data: { id: 2, username: 'mehmet' } });
    await syncWatchlists();
    expect(account.api.calls.map((c) => c.method)).toEqual(['GET', 'POST', 'GET']);
  });

  it('cancels the round in flight when the browser goes offline or the session ends', async () => {
    const signals: AbortSignal[] = [];
    account = fakeAccount();
    const api = mockApi({
      'GET /api/v1/watchlists': () => new Promise(() => {}),
    });
    const fetchImpl = vi.mocked(globalThis.fetch).getMockImplementation()!;
    // As a browser's fetch: an aborted request rejects at once.
    vi.mocked(globalThis.fetch).mockImplementation((input, init) => {
      const signal = init!.signal!;
      signals.push(signal);
      return Promise.race([
        fetchImpl(input, init),
        new Promise<never>((_, reject) =>
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
      ]);
    });
    const stop = startWatchlistSync();
    try {
      await vi.waitFor(() => expect(signals).toHaveLength(1));
      window.dispatchEvent(new Event('offline'));
      expect(signals[0]!.aborted).toBe(true);
      window.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(signals).toHaveLength(2));
      useAppStore.getState().clearSession();
      expect(signals[1]!.aborted).toBe(true);
    } finally {
      stop();
      api.restore();
    }
  });
});
