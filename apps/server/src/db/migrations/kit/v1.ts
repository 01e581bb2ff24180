import type { ColumnDataType, ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/*
 * Frozen (decision 0049): the table-building helpers shipped migrations are written with. A
 * migration must do forever what it did when it shipped, so nothing here changes once a
 * migration uses it; a different helper goes into a new version (kit/v2.ts) beside this one.
 * It imports nothing of the live code; `isPostgres` is the frozen `../dialect.ts`.
 */

type Column = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
export type Table = CreateTableBuilder<string, string>;

export { isPostgres } from '../dialect.js';

export const required: Column = (c) => c.notNull();

export function requiredOr(value: string | number): Column {
  return (c) => c.notNull().defaultTo(value);
}

/** A required reference to `table`.id: the row goes when the one it names goes. */
export function belongsTo(table: string): Column {
  return (c) => c.notNull().references(`${table}.id`).onDelete('cascade');
}

/** `id`, the key the database numbers: serial on PostgreSQL, integer autoincrement on SQLite. */
export function withId(db: Kysely<unknown>): (table: Table) => Table {
  const pg = isPostgres(db);
  return (table) =>
    table.addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));
}

/** Columns of one type and definition, in the order given. */
export function withColumns(type: ColumnDataType, columns: string[], build?: Column): (table: Table) => Table {
  return (table) => columns.reduce((t, column) => t.addColumn(column, type, build), table);
}

/** `user_id`, the account the row belongs to. */
export function withOwner(table: Table): Table {
  return table.addColumn('user_id', 'integer', belongsTo('users'));
}

/** `created_at`, epoch milliseconds. */
export function withCreatedAt(table: Table): Table {
  return table.addColumn('created_at', 'bigint', required);
}

/** `created_at` and `updated_at`, epoch milliseconds. */
export function withTimestamps(table: Table): Table {
  return withCreatedAt(table).addColumn('updated_at', 'bigint', required);
}

/** An index named `name` on `table` over `columns`, in that order. */
export async function createIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

/** Drops the tables in the order given (dependents first). */
export async function dropTables(db: Kysely<unknown>, tables: string[]): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute();
}
