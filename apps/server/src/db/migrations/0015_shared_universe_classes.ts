import { sql, type Kysely } from 'kysely';

/**
 * Repairs the class of the shared universe's ETFs and indexes (data-providers.md §15.2): an
 * import written after 0013 stored them with the column's default `equity`; their class is
 * their type. Only `nyse` instruments are touched (an instrument added from Yahoo keeps the
 * class Yahoo gave it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE instruments SET asset_class = type
             WHERE calendar = 'nyse' AND type IN ('etf', 'index') AND asset_class = 'equity'`.execute(db);
}

/** Nothing to undo: the classes it wrote are the ones 0013 gives the shared universe. */
export async function down(): Promise<void> {}
