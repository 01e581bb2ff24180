import { sql } from 'kysely';
import type pg from 'pg';
import type { DatabaseHandle } from '../../db/database.js';

/** The PostgreSQL channel on which a process announces that market data changed. */
export const MARKET_CHANNEL = 'solstice_market';
/** app_meta key counting market-data changes; a process compares it to what it loaded. */
export const DATA_VERSION_KEY = 'market_data_version';

/**
 * Tells every process that market data changed: bumps the data version in app_meta (read
 * by SQLite processes on an interval, and by everyone at load) and, on PostgreSQL, sends
 * NOTIFY with the schema as payload so that processes on other schemas ignore it.
 */
export async function announceMarketChange(database: DatabaseHandle): Promise<void> {
  await sql`INSERT INTO app_meta (key, value) VALUES (${DATA_VERSION_KEY}, '1')
            ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(app_meta.value AS INTEGER) + 1 AS TEXT)`.execute(
    database.db,
  );
  if (database.dialect === 'postgres') {
    await sql`SELECT pg_notify(${MARKET_CHANNEL}, current_schema())`.execute(database.db);
  }
}

/** The stored data version ('0' before any change). */
export async function readDataVersion(database: DatabaseHandle): Promise<string> {
  const row = await database.db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', DATA_VERSION_KEY)
    .executeTakeFirst();
  return row?.value ?? '0';
}

export interface ChangeWatcher {
  close(): Promise<void>;
}

export interface WatchOptions {
  /** Called when another process (or this one) announced a change. */
  onChange: () => void;
  /** SQLite: how often to compare the data version (ms). */
  pollMs?: number;
  /** SQLite: the version currently loaded, to compare with. */
  loadedVersion?: () => string | null;
  onError?: (error: unknown) => void;
}

/**
 * Watches for market-data changes made by other processes. PostgreSQL: a pooled client
 * held for LISTEN (re-established after a lost connection). SQLite: the data version read
 * on an interval (one indexed read of a tiny table; the timer does not keep the process alive).
 */
export async function watchMarketChanges(database: DatabaseHandle, options: WatchOptions): Promise<ChangeWatcher> {
  const onError = options.onError ?? (() => {});
  if (database.dialect === 'sqlite') {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      readDataVersion(database)
        .then((v) => {
          if (v !== options.loadedVersion?.()) options.onChange();
        })
        .catch(onError)
        .finally(() => {
          busy = false;
        });
    }, options.pollMs ?? 5000);
    timer.unref();
    return { close: async () => clearInterval(timer) };
  }
  const pool = database.pgPool!;
  const schema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(database.db)).rows[0]!.s;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let client: pg.PoolClient | null = null;
  const connect = async (): Promise<void> => {
    const c = await pool.connect();
    c.on('notification', (n) => {
      if (n.channel === MARKET_CHANNEL && n.payload === schema) options.onChange();
    });
    c.on('error', (error) => {
      onError(error);
      c.release(true);
      if (client === c) client = null;
      if (!closed) scheduleReconnect();
    });
    await c.query(`LISTEN ${MARKET_CHANNEL}`);
    if (closed) {
      c.release(true);
      return;
    }
    client = c;
  };
  const scheduleReconnect = () => {
    retry = setTimeout(() => {
      retry = null;
      connect()
        // Changes may have been missed while disconnected.
        .then(() => options.onChange())
        .catch((error: unknown) => {
          onError(error);
          if (!closed) scheduleReconnect();
        });
    }, 2000);
    retry.unref();
  };
  await connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      if (c) {
        try {
          await c.query(`UNLISTEN ${MARKET_CHANNEL}`);
        } finally {
          c.release();
        }
      }
    },
  };
}
