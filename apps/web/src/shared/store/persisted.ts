// What comes back from local storage is outside input: an old version, another tab's bug or a
// hand edit. Each field is checked on its own; a field that fails keeps its default, so a
// corrupted value never breaks the app and never takes the good fields down with it.
import type { AppStore, Persisted } from './types';

// Hand-written checks rather than zod: the store is on the landing page's path, and its
// JavaScript budget (e2e/shell-budget) has no room for a schema library.
type Check = (v: unknown) => boolean;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str =
  (min = 0, max = 10_000): Check =>
  (v) =>
    typeof v === 'string' && v.length >= min && v.length <= max;
const bool: Check = (v) => typeof v === 'boolean';
const optionalNumber: Check = (v) => v === undefined || (typeof v === 'number' && Number.isFinite(v) && v >= 0);
const list =
  (item: Check, min: number, max: number): Check =>
  (v) =>
    Array.isArray(v) && v.length >= min && v.length <= max && v.every(item);
const shape =
  (fields: Record<string, Check>): Check =>
  (v) =>
    isObject(v) && Object.entries(fields).every(([k, check]) => check(v[k]));
const nullable =
  (check: Check): Check =>
  (v) =>
    v === null || check(v);

const symbol = shape({ sym: str(1, 20), description: str(0, 200) });
const watchlist: Check = (v) =>
  shape({ name: (n) => str(1, 100)(n) && (n as string).trim() !== '', symbols: list(symbol, 0, 1000) })(v) &&
  ['id', 'updatedAt', 'syncedAt', 'refusedAt'].every((k) => optionalNumber((v as Record<string, unknown>)[k]));
const form = nullable(isObject);

/** One check per persisted field (specification §3 plus what account sync keeps). */
const FIELDS: { [K in keyof Persisted]: Check } = {
  user: nullable(isObject),
  roles: list(str(1, 50), 0, 20),
  subscriber: bool,
  me: shape({ account: shape({ username: str() }) }),
  // The specification: watchlists are restored only when the saved list is non-empty.
  watchlists: list(watchlist, 1, 200),
  deletedWatchlistIds: list((v) => Number.isInteger(v) && (v as number) > 0, 0, 1000),
  scanlist: list(shape({ symbol: str(1, 20), name: nullable(str(0, 200)) }), 0, 10_000),
  scannerForm: form,
  seascanForm: form,
  patternForm: form,
  calendarForm: form,
  seasonalityFocus: nullable(shape({ symbol: str(), from: str(), to: str() })),
  seasonalityYearSet: nullable(shape({ cycle: str(0, 200), parity: str(0, 10), exclude: str(0, 2000) })),
  layout: shape({ sidebarCollapsed: bool, darkSidebar: bool, darkTopbar: bool, horizontal: bool }),
  display: shape({ locale: str(2, 35), timeZone: str(1, 64) }),
  tutorialSeen: bool,
};

/** Layout and display are merged key by key: one bad key does not reset the others. */
const PARTIAL_OBJECTS = new Set<keyof Persisted>(['layout', 'display']);

/** The saved state, each field checked; fields that fail (or are absent) are left out. */
export function readPersisted(saved: unknown, current: AppStore): Partial<Persisted> {
  if (!saved || typeof saved !== 'object') return {};
  const record = saved as Record<string, unknown>;
  const out: Partial<Record<keyof Persisted, unknown>> = {};
  for (const key of Object.keys(FIELDS) as (keyof Persisted)[]) {
    if (!(key in record)) continue;
    let value = record[key];
    if (PARTIAL_OBJECTS.has(key) && value && typeof value === 'object') {
      value = { ...(current[key] as object), ...(value as object) };
    }
    if (FIELDS[key](value)) out[key] = value;
    else if (PARTIAL_OBJECTS.has(key) && value && typeof value === 'object') {
      out[key] = keepValidKeys(key, value as Record<string, unknown>, current);
    }
  }
  return out as Partial<Persisted>;
}

function keepValidKeys(key: keyof Persisted, value: Record<string, unknown>, current: AppStore): unknown {
  const base = { ...(current[key] as Record<string, unknown>) };
  for (const [k, v] of Object.entries(value)) {
    const trial = { ...base, [k]: v };
    if (FIELDS[key](trial)) base[k] = v;
  }
  return base;
}

/** Restore: the checked saved fields over the current state. */
export function mergePersisted(persisted: unknown, current: AppStore): AppStore {
  return { ...current, ...readPersisted(persisted, current) };
}
