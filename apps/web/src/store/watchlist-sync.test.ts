import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStore, useAppStore } from './app-store';
import { isPending, syncWatchlists } from './watchlist-sync';
import { mockApi } from '../../test/mock-api';

interface Row {
  id: number;
  name: string;
  symbols: { sym: string; description: string }[];
  updatedAt: number;
}

/** A tiny in-memory account watchlist API. */
function fakeAccount(initial: Row[] = []) {
  let rows = [...initial];
  let nextId = 100;
  let clock = 5_000;
  const api = mockApi({
    'GET /api/v1/watchlists': () => ({ status: 200, body: { data: rows } }),
    'POST /api/v1/watchlists': ({ body }) => {
      const b = body as Omit<Row, 'id' | 'updatedAt'>;
      const row = { id: nextId++, name: b.name, symbols: b.symbols, updatedAt: ++clock };
      rows.push(row);
      return { status: 201, body: { data: row } };
    },
  });
  const fetchImpl = vi.mocked(globalThis.fetch).getMockImplementation()!;
  vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const m = url.pathname.match(/^\/api\/v1\/watchlists\/(\d+)$/);
    if (m) {
      const id = Number(m[1]);
      const row = rows.find((r) => r.id === id);
      api.calls.push({ method: init?.method ?? 'GET', path: url.pathname, body: init?.body });
      if (!row) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'gone' } }), { status: 404 });
      if (init?.method === 'DELETE') {
        rows = rows.filter((r) => r.id !== id);
        return new Response(null, { status: 204 });
      }
      const b = JSON.parse(String(init?.body)) as Row;
      Object.assign(row, { name: b.name, symbols: b.symbols, updatedAt: ++clock });
      return new Response(JSON.stringify({ data: row }), { status: 200 });
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
afterEach(() => account.api.restore());

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

  it('does nothing when signed out', async () => {
    account = fakeAccount();
    useAppStore.getState().clearSession();
    await syncWatchlists();
    expect(account.api.calls).toEqual([]);
  });
});
