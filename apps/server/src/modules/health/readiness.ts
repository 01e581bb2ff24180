import { sql } from 'kysely';
import type { LatestBar, ReadinessCheck } from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import { migrations } from '../../db/migrations/index.js';
import { dayNumberFast } from '../market/dates.js';
import type { MarketCache } from '../market/market-cache.js';

/** A probe that waits longer than this for the database reports it unavailable. */
export const DATABASE_PROBE_TIMEOUT_MS = 3000;

export interface Readiness {
  ready: boolean;
  checks: ReadinessCheck[];
  latestBar: LatestBar;
}

/** The latest bar this process serves and its age in calendar days (UTC). */
export function latestBarOf(ctx: { market: Pick<MarketCache, 'asOf'> }, now: number = Date.now()): LatestBar {
  const asOf = ctx.market.asOf();
  if (asOf === null) return { asOf: null, ageCalendarDays: null };
  const today = Math.floor(now / 86_400_000);
  return { asOf, ageCalendarDays: today - dayNumberFast(asOf) };
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Whether this process can serve traffic: the database answers, every migration this build
 * knows is applied, and market data is loaded. Liveness (/api/health) asks none of this.
 */
export async function checkReadiness(
  ctx: { database: DatabaseHandle; market: Pick<MarketCache, 'asOf' | 'instruments'> },
  options: { now?: number; timeoutMs?: number } = {},
): Promise<Readiness> {
  const timeoutMs = options.timeoutMs ?? DATABASE_PROBE_TIMEOUT_MS;
  const checks: ReadinessCheck[] = [];
  const db = ctx.database.db;

  let databaseOk = false;
  try {
    await withTimeout(sql`select 1`.execute(db), timeoutMs, 'the database');
    databaseOk = true;
    checks.push({ name: 'database', ok: true, detail: `${ctx.database.dialect} answers` });
  } catch (error) {
    checks.push({ name: 'database', ok: false, detail: `the database does not answer: ${reasonOf(error)}` });
  }

  if (!databaseOk) {
    checks.push({ name: 'migrations', ok: false, detail: 'not checked: the database does not answer' });
  } else {
    const expected = Object.keys(migrations);
    try {
      const rows = await withTimeout(
        sql<{ name: string }>`select name from kysely_migration`.execute(db),
        timeoutMs,
        'the database',
      );
      const applied = new Set(rows.rows.map((r) => r.name));
      const missing = expected.filter((name) => !applied.has(name));
      // Applied by a newer build (a rolling upgrade): this one still works with its own.
      const newer = [...applied].filter((name) => !expected.includes(name)).sort();
      checks.push(
        missing.length > 0
          ? { name: 'migrations', ok: false, detail: `not applied: ${missing.join(', ')}` }
          : {
              name: 'migrations',
              ok: true,
              detail: `all ${expected.length} applied${newer.length > 0 ? `; also applied by a newer version: ${newer.join(', ')}` : ''}`,
            },
      );
    } catch (error) {
      checks.push({ name: 'migrations', ok: false, detail: `cannot read the applied migrations: ${reasonOf(error)}` });
    }
  }

  const latestBar = latestBarOf(ctx, options.now);
  const instruments = ctx.market.instruments().length;
  checks.push(
    latestBar.asOf === null || instruments === 0
      ? {
          name: 'market',
          ok: false,
          detail: 'no market data loaded (import or seed some: see docs/data-import.md)',
        }
      : { name: 'market', ok: true, detail: `${instruments} instruments, latest bar ${latestBar.asOf}` },
  );

  return { ready: checks.every((c) => c.ok), checks, latestBar };
}
