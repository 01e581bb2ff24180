import { Migrator, NO_MIGRATIONS, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-databases.js';
import { retryingCatalogRace } from '../migrate.js';
import { migrations } from './index.js';

/**
 * The migrations that have shipped. The schema each of them leaves, going up one at a time and
 * then down again, is checked against the record beside this file: a migration may be rewritten
 * (on the frozen kit, decision 0049) only if every step still builds the same tables, columns,
 * constraints and indexes. A new migration is appended here and its states added to the record
 * with `npx vitest run -u` on this file; the states of the others must not change.
 */
const SHIPPED = [
  '0001_foundation',
  '0002_market_data',
  '0003_accounts',
  '0004_billing',
  '0005_one_active_subscription',
  '0006_job_series',
  '0007_data_updates',
  '0008_data_update_heartbeat',
  '0009_alerts',
  '0010_tutorial_seen',
  '0011_bar_chunks',
  '0012_alert_deliveries',
  '0013_instrument_classes',
  '0014_history_mismatches',
  '0015_shared_universe_classes',
];

async function sqliteSchema(db: Kysely<unknown>): Promise<string[]> {
  const rows = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
    SELECT type, name, tbl_name, sql FROM sqlite_master
     WHERE tbl_name NOT LIKE 'kysely_migration%'
     ORDER BY tbl_name, type DESC, name`.execute(db);
  return rows.rows.map((r) => `${r.type} ${r.tbl_name}.${r.name}: ${r.sql ?? '(automatic)'}`);
}

async function postgresSchema(db: Kysely<unknown>, schema: string): Promise<string[]> {
  const columns = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
  }>`
    SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = ${schema} AND table_name NOT LIKE 'kysely_migration%'
     ORDER BY table_name, ordinal_position`.execute(db);
  const constraints = await sql<{ table_name: string; name: string; definition: string }>`
    SELECT t.relname AS table_name, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
      FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = ${schema} AND t.relname NOT LIKE 'kysely_migration%'
     ORDER BY t.relname, c.conname`.execute(db);
  const indexes = await sql<{ tablename: string; indexname: string; indexdef: string }>`
    SELECT tablename, indexname, indexdef FROM pg_indexes
     WHERE schemaname = ${schema} AND tablename NOT LIKE 'kysely_migration%'
     ORDER BY tablename, indexname`.execute(db);
  return [
    ...columns.rows.map(
      (c) =>
        `column ${c.table_name}.${c.column_name}: ${c.data_type}${c.is_nullable === 'NO' ? ' not null' : ''}` +
        (c.column_default === null ? '' : ` default ${c.column_default}`),
    ),
    ...constraints.rows.map((c) => `constraint ${c.table_name}.${c.name}: ${c.definition}`),
    ...indexes.rows.map((i) => `index ${i.tablename}.${i.indexname}: ${i.indexdef}`),
  ].map((line) => line.split(`${schema}.`).join(''));
}

describe.each(testDialects())('the schema every shipped migration leaves (%s)', (dialect) => {
  let database: TestDatabase | undefined;

  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it('is the recorded one after each step up and each step down', async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    const db = database.db as unknown as Kysely<unknown>;
    const schema = database.pgSchema;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const dump = () => (schema ? postgresSchema(db, schema) : sqliteSchema(db));
    const states: string[] = [];
    const step = async (label: string, target: string | typeof NO_MIGRATIONS) => {
      // Kysely reads every schema's tables first: another test dropping its own schema then is retried.
      const { error } = await retryingCatalogRace(database!, async () => {
        const outcome = await migrator.migrateTo(target);
        if (outcome.error && (outcome.results ?? []).length === 0) throw outcome.error;
        return outcome;
      });
      expect(error, label).toBeUndefined();
      states.push(`== ${label}`, ...(await dump()), '');
    };

    for (const name of SHIPPED) await step(`up to ${name}`, name);
    for (let i = SHIPPED.length - 2; i >= 0; i--) await step(`down to ${SHIPPED[i]!}`, SHIPPED[i]!);
    await step('down to nothing', NO_MIGRATIONS);

    await expect(states.join('\n')).toMatchFileSnapshot(`./schema-history.${dialect}.txt`);
  });
});
