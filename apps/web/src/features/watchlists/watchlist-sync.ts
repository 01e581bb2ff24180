import type { Watchlist as ServerWatchlist } from '@solstice/contracts';
import { ApiError, callApi } from '../../shared/lib/api-client';
import { showError } from '../../shared/lib/popups';
import { useAppStore, type Watchlist } from '../../shared/store/app-store';

/**
 * Keeps a signed-in user's watchlists in step with the account (GET/POST/PUT/DELETE
 * /api/v1/watchlists). Local changes are pushed first, then the account's lists are pulled:
 * last write wins (the last PUT the server saw). A list changed here since its last sync is
 * "pending" and survives the pull; offline changes stay pending until the next sync.
 */
export function isPending(list: Watchlist): boolean {
  if (isRefused(list)) return false;
  if (list.id === undefined) return (list.updatedAt ?? 0) > 0;
  return (list.updatedAt ?? 0) > (list.syncedAt ?? 0);
}

/**
 * The account refused this state of the list (409: a name taken or the list limit; 400/413: a
 * body it does not accept). Sending it again would be refused again, so it waits for the next
 * local change; the local copy is kept meanwhile.
 */
export function isRefused(list: Watchlist): boolean {
  return list.refusedAt !== undefined && list.refusedAt === (list.updatedAt ?? 0);
}

function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 409 || error.status === 400 || error.status === 413);
}

let running: Promise<void> | null = null;
let again = false;
// The round in flight. Sign-out and going offline cancel it: its requests are aborted, so none
// reaches the server after the session ends, and nothing it read is written to the store.
let round = new AbortController();
// The session that is signing out: no round starts for it any more.
let stoppedFor: unknown = null;

/**
 * Ends the round in flight and starts none until someone signs in again: called before the
 * sign-out request, so that a shared browser is left with nothing of the account.
 */
export function stopWatchlistSync(): void {
  stoppedFor = useAppStore.getState().user;
  round.abort();
}

function cancelRound(): void {
  round.abort();
}

/** One sync round; concurrent calls are folded into one more round. */
export function syncWatchlists(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        round = new AbortController();
        await syncOnce(round.signal);
      } while (again && !round.signal.aborted);
    } finally {
      running = null;
    }
  })();
  return running;
}

type Remote = ServerWatchlist;
const opts = (signal: AbortSignal) => ({ background: true, signal }) as const;

function fromServer(w: Remote): Watchlist {
  return { id: w.id, name: w.name, symbols: w.symbols, updatedAt: w.updatedAt, syncedAt: w.updatedAt };
}

/** Marks a local list as confirmed up to the change it had when it was sent. */
function confirm(signal: AbortSignal, match: (w: Watchlist) => boolean, id: number, sentUpdatedAt: number): void {
  signal.throwIfAborted();
  useAppStore.setState((s) => ({
    watchlists: s.watchlists.map((w) => (match(w) ? { ...w, id, syncedAt: sentUpdatedAt } : w)),
  }));
}

function sameList(list: Watchlist): (w: Watchlist) => boolean {
  return (w) => (list.id !== undefined ? w.id === list.id : w.id === undefined && w.name === list.name);
}

async function push(signal: AbortSignal, list: Watchlist, id: number | undefined): Promise<void> {
  const OPTS = opts(signal);
  // Exactly the contract's body (strict on the server): no local fields ride along.
  const body = {
    name: list.name.trim(),
    symbols: list.symbols.map(({ sym, description }) => ({ sym, description: description ?? '' })),
  };
  const sent = list.updatedAt ?? 0;
  if (id !== undefined) {
    try {
      await callApi('watchlistReplace', { params: { id }, body }, OPTS);
      confirm(signal, (w) => w.id === id || (w.id === undefined && w.name === list.name), id, sent);
      return;
    } catch (error) {
      // Deleted in another browser meanwhile: this browser's later change brings it back.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  let created: Remote;
  try {
    created = (await callApi('watchlistCreate', { body }, OPTS)).data;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    // Another browser created a list of this name since we looked: take it over, as a
    // never-synced list does (decision 0004). Otherwise (the list limit) it is a refusal.
    const lists = (await callApi('watchlists', undefined, OPTS)).data;
    const taken = lists.find((w) => w.name === body.name);
    if (!taken) throw error;
    await callApi('watchlistReplace', { params: { id: taken.id }, body }, OPTS);
    confirm(signal, sameList(list), taken.id, sent);
    return;
  }
  confirm(signal, sameList(list), created.id, sent);
}

function markRefused(signal: AbortSignal, list: Watchlist): void {
  signal.throwIfAborted();
  const match = sameList(list);
  useAppStore.setState((s) => ({
    watchlists: s.watchlists.map((w) => (match(w) ? { ...w, refusedAt: list.updatedAt ?? 0 } : w)),
  }));
}

async function syncOnce(signal: AbortSignal): Promise<void> {
  const store = useAppStore.getState;
  if (!store().user || store().user === stoppedFor || !navigator.onLine) return;
  const OPTS = opts(signal);

  // Whether this round wrote to the account: if not, the lists read in 2. are its lists.
  let wrote = false;
  // 1. Deletions made here.
  for (const id of store().deletedWatchlistIds) {
    wrote = true;
    try {
      await callApi('watchlistDelete', { params: { id } }, OPTS);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    signal.throwIfAborted();
    useAppStore.setState((s) => ({ deletedWatchlistIds: s.deletedWatchlistIds.filter((d) => d !== id) }));
  }

  // 2. Push what changed here. A never-synced list takes over the account's list of the same
  //    name; the untouched default list is not pushed into an account that has lists.
  const before = (await callApi('watchlists', undefined, OPTS)).data;
  const byName = new Map(before.map((w) => [w.name, w]));
  let dropUntouchedDefault = false;
  const refusals = new Set<string>();
  for (const list of store().watchlists) {
    if (isRefused(list)) continue;
    try {
      if (list.id === undefined && !isPending(list)) {
        if (before.length === 0) {
          wrote = true;
          await push(signal, { ...list, updatedAt: 0 }, undefined);
        } else dropUntouchedDefault = true;
        continue;
      }
      if (isPending(list)) {
        wrote = true;
        await push(signal, list, list.id ?? byName.get(list.name.trim())?.id);
      }
    } catch (error) {
      if (!isRefusal(error)) throw error;
      markRefused(signal, list);
      // The untouched default list (AAPL, where the data has no AAPL) is not the user's doing.
      if (isPending(list)) refusals.add(error.message);
    }
  }
  // One popup for the round; a refused list is not sent again until it changes, so no repeats.
  signal.throwIfAborted();
  if (refusals.size > 0) void showError([...refusals].join(' '));

  // 3. Pull: the account's lists, except where this browser changed a list during this round.
  //    Read again only after this round wrote (a round that wrote nothing, as on every page
  //    load, has them from 2.: one request less).
  const after = wrote ? (await callApi('watchlists', undefined, OPTS)).data : before;
  signal.throwIfAborted();
  const deleting = new Set(store().deletedWatchlistIds);
  const current = store().watchlists;
  const merged: Watchlist[] = [];
  for (const r of after) {
    if (deleting.has(r.id)) continue;
    const local = current.find((w) => w.id === r.id);
    if (local && (isPending(local) || isRefused(local))) {
      merged.push(local);
      if (isPending(local)) again = true;
    } else merged.push(fromServer(r));
  }
  for (const w of current) {
    if (w.id === undefined && (isPending(w) || isRefused(w))) {
      merged.push(w);
      if (isPending(w)) again = true;
    } else if (w.id === undefined && !dropUntouchedDefault && !merged.some((m) => m.name === w.name)) merged.push(w);
  }
  if (merged.length > 0) store().replaceWatchlists(merged);
}

/** How often a visible, signed-in page pulls the account's lists. */
export const PULL_INTERVAL_MS = 60_000;

/**
 * Runs sync on local changes (debounced), on focus, when back online, at sign-in and every
 * minute; cancels the round in flight at sign-out and when the browser goes offline.
 */
export function startWatchlistSync(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (delay = 300) => {
    clearTimeout(timer);
    timer = setTimeout(() => void syncWatchlists().catch(() => {}), delay);
  };
  const unsubscribe = useAppStore.subscribe((state, prev) => {
    if (!state.user && prev.user) {
      clearTimeout(timer);
      cancelRound();
    } else if (state.user && !prev.user) schedule(0);
    else if (
      state.user &&
      (state.watchlists !== prev.watchlists || state.deletedWatchlistIds !== prev.deletedWatchlistIds)
    ) {
      if (state.watchlists.some(isPending) || state.deletedWatchlistIds.length > 0) schedule();
    }
  });
  const onWake = () => schedule(0);
  // Another browser's changes also arrive while this one stays in front.
  const poll = setInterval(() => {
    const { active, user } = useAppStore.getState();
    if (active && user) schedule(0);
  }, PULL_INTERVAL_MS);
  const onVisible = () => document.visibilityState === 'visible' && schedule(0);
  window.addEventListener('focus', onWake);
  window.addEventListener('online', onWake);
  window.addEventListener('offline', cancelRound);
  document.addEventListener('visibilitychange', onVisible);
  if (useAppStore.getState().user) schedule(0);
  return () => {
    clearTimeout(timer);
    clearInterval(poll);
    unsubscribe();
    window.removeEventListener('focus', onWake);
    window.removeEventListener('online', onWake);
    window.removeEventListener('offline', cancelRound);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
