import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { CompiledQuery, PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * PostgreSQL parses and plans an unnamed statement on every execution; for the join of the
 * session lookup that was most of what each signed-in request cost it. A query marked
 * with `namedStatement` is sent as a named statement instead: each connection parses it
 * once and PostgreSQL keeps its plan. Only fixed SQL texts written in the code are marked,
 * so the statements a connection keeps stay few. SQLite needs no mark: its driver already
 * reuses statements by SQL text (database.ts).
 */
const names = new Map<string, string>();
const MAX_NAMED = 100;

/** Marks `compiled`'s SQL text to be sent as a named statement on PostgreSQL; returns it unchanged. */
export function namedStatement<O>(compiled: CompiledQuery<O>): CompiledQuery<O> {
  if (!names.has(compiled.sql) && names.size < MAX_NAMED) {
    names.set(compiled.sql, `sol_${createHash('sha256').update(compiled.sql).digest('hex').slice(0, 24)}`);
  }
  return compiled;
}

/** The statement name `sql` is sent under, or undefined when it goes unnamed. */
export function statementNameOf(sql: string): string | undefined {
  return names.get(sql);
}

class NamingClient implements PostgresPoolClient {
  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    what: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof what !== 'string') return this.client.query(what as never) as PostgresCursor<R>;
    const name = names.get(what);
    const values = [...parameters];
    const result =
      name === undefined ? this.client.query(what, values) : this.client.query({ name, text: what, values });
    return result as unknown as Promise<PostgresQueryResult<R>>;
  }

  release(): void {
    this.client.release();
  }
}

/** The pool as Kysely's PostgresDialect sees it, sending marked statements named. */
export function namingPool(pool: pg.Pool): PostgresPool {
  // One wrapper per pg client: Kysely keys its connection objects by the client it is given.
  const wrappers = new WeakMap<pg.PoolClient, NamingClient>();
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = new NamingClient(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
