import type { Kysely } from 'kysely';
import { SUBSCRIBER_TAG_ID } from '@solstice/contracts';
import type { Database } from '../../db/schema.js';
import { namedStatement } from '../../db/named-statements.js';

type Db = Kysely<Database>;

/** A batch's distinct tokens are padded up to one of these counts, so only four statements exist. */
const MAX_BATCH = 64;
const BATCH_SIZES = [1, 4, 16, MAX_BATCH];
/**
 * Reads sent at once per handle. Lookups arriving while this many are out wait for the next
 * batch, which is sent after they arrived: it reads what was committed when they came.
 */
const MAX_IN_FLIGHT = 2;

function readQuery(db: Db, tokenHashes: readonly string[]) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('contacts as c', 'c.user_id', 'u.id')
    .leftJoin('contact_tags as ct', (join) =>
      join.onRef('ct.contact_id', '=', 'c.id').on('ct.tag_id', '=', SUBSCRIBER_TAG_ID),
    )
    .select([
      's.token_hash',
      's.created_at',
      's.expires_at',
      's.last_seen_at',
      'u.id as user_id',
      'u.email',
      'u.username',
      'u.role',
      'u.locale',
      'u.tutorial_seen_at',
      'c.id as contact_id',
      'ct.tag_id',
    ])
    .where('s.token_hash', 'in', tokenHashes);
}

type CompiledRead = ReturnType<ReturnType<typeof readQuery>['compile']>;
export type SessionRow = Awaited<ReturnType<ReturnType<typeof readQuery>['executeTakeFirstOrThrow']>>;

interface Waiter {
  resolve: (row: SessionRow | undefined) => void;
  reject: (error: unknown) => void;
}

/** Stand for the token hashes while a statement is compiled (not hex: never a real hash). */
const SLOTS = Array.from({ length: MAX_BATCH }, (_, i) => `slot ${i}`);
const SLOT_INDEX = new Map(SLOTS.map((name, i) => [name, i]));

/**
 * Reads sessions by token hash, every read sent to the database after the lookup was asked
 * for: no row is kept between reads. Under load, lookups that arrive while reads are out go
 * together in one query (one round trip instead of one each).
 */
class SessionReader {
  private readonly statements = new Map<number, CompiledRead>();
  private readonly pending = new Map<string, Waiter[]>();
  private inFlight = 0;

  constructor(private readonly db: Db) {}

  read(tokenHash: string): Promise<SessionRow | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.pending.get(tokenHash);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(tokenHash, [{ resolve, reject }]);
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.pending.size > 0) {
      const batch = new Map<string, Waiter[]>();
      for (const [tokenHash, waiters] of this.pending) {
        if (batch.size === MAX_BATCH) break;
        batch.set(tokenHash, waiters);
        this.pending.delete(tokenHash);
      }
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.flush();
      });
    }
  }

  private async run(batch: Map<string, Waiter[]>): Promise<void> {
    try {
      const hashes = [...batch.keys()];
      const { rows } = await this.db.executeQuery(this.statementFor(hashes));
      const byHash = new Map(rows.map((row) => [row.token_hash, row]));
      for (const [tokenHash, waiters] of batch) for (const w of waiters) w.resolve(byHash.get(tokenHash));
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    }
  }

  private statementFor(hashes: string[]): CompiledRead {
    const size = BATCH_SIZES.find((n) => n >= hashes.length) ?? MAX_BATCH;
    let compiled = this.statements.get(size);
    if (!compiled) {
      compiled = namedStatement(readQuery(this.db, SLOTS.slice(0, size)).compile());
      this.statements.set(size, compiled);
    }
    // Padding repeats a hash already asked for: `in` ignores the repeats.
    const parameters = compiled.parameters.map((p) => {
      const i = typeof p === 'string' ? SLOT_INDEX.get(p) : undefined;
      return i === undefined ? p : (hashes[i] ?? hashes[0]);
    });
    return { ...compiled, parameters };
  }
}

const readers = new WeakMap<Db, SessionReader>();

/** The session of `tokenHash` with its user and subscriber tag, read now; undefined when there is none. */
export function readSession(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  let reader = readers.get(db);
  if (!reader) {
    reader = new SessionReader(db);
    readers.set(db, reader);
  }
  return reader.read(tokenHash);
}
