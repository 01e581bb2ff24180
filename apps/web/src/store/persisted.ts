// What comes back from local storage is outside input: an old version, another tab's bug or a
// hand edit. Each field is checked on its own; a field that fails keeps its default, so a
// corrupted value never breaks the app and never takes the good fields down with it.
import { z } from 'zod';
import type { AppStore, Persisted } from './types';

const symbol = z.object({ sym: z.string().min(1).max(20), description: z.string().max(200) });
const watchlist = z.object({
  name: z.string().trim().min(1).max(100),
  symbols: z.array(symbol).max(1000),
  id: z.number().int().positive().optional(),
  updatedAt: z.number().nonnegative().optional(),
  syncedAt: z.number().nonnegative().optional(),
  refusedAt: z.number().nonnegative().optional(),
});
const form = z.record(z.string(), z.unknown()).nullable();

/** One schema per persisted field (specification §3 plus what account sync keeps). */
const FIELDS: { [K in keyof Persisted]: z.ZodType<Persisted[K]> } = {
  user: z
    .looseObject({ id: z.union([z.string(), z.number()]).optional(), username: z.string().optional() })
    .nullable() as z.ZodType<Persisted['user']>,
  roles: z.array(z.string()).max(20),
  subscriber: z.boolean(),
  me: z.object({ account: z.object({ username: z.string() }) }),
  url: z.object({ base: z.string(), full: z.string(), cms: z.string() }),
  // The specification: watchlists are restored only when the saved list is non-empty.
  watchlists: z.array(watchlist).min(1).max(200),
  deletedWatchlistIds: z.array(z.number().int().positive()).max(1000),
  scanlist: z.array(z.unknown()).max(10_000),
  active: z.boolean(),
  scannerForm: form,
  seascanForm: form,
  patternForm: form,
  calendarForm: form,
  seasonalityFocus: z.object({ symbol: z.string(), from: z.string(), to: z.string() }).nullable(),
  layout: z.object({
    sidebarCollapsed: z.boolean(),
    darkSidebar: z.boolean(),
    darkTopbar: z.boolean(),
    horizontal: z.boolean(),
  }),
  display: z.object({ locale: z.string().min(2).max(35), timeZone: z.string().min(1).max(64) }),
  tutorialSeen: z.boolean(),
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
    const parsed = FIELDS[key].safeParse(value);
    if (parsed.success) out[key] = parsed.data;
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
    if (FIELDS[key].safeParse(trial).success) base[k] = v;
  }
  return base;
}

/** Restore: the checked saved fields over the current state. */
export function mergePersisted(persisted: unknown, current: AppStore): AppStore {
  return { ...current, ...readPersisted(persisted, current) };
}
