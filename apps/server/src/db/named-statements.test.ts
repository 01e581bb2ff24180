import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { postgresAvailable, testDialects } from '../testing/test-databases.js';
import { useTestDatabase } from '../testing/test-fixtures.js';
import { namedStatement, statementNameOf } from './named-statements.js';

describe.each(testDialects())('named statements on %s', (dialect) => {
  const db = useTestDatabase(dialect);

  it('runs a marked query with each call’s parameters', async () => {
    await db.db
      .insertInto('app_meta')
      .values([
        { key: 'named-a', value: 'A' },
        { key: 'named-b', value: 'B' },
      ])
      .execute();
    const template = namedStatement(db.db.selectFrom('app_meta').select('value').where('key', '=', '?').compile());
    expect(statementNameOf(template.sql)).toMatch(/^sol_[0-9a-f]{24}$/);
    // More runs than PostgreSQL's five custom plans, so its generic plan is used too.
    for (let i = 0; i < 8; i++) {
      for (const [key, value] of [
        ['named-a', 'A'],
        ['named-b', 'B'],
      ]) {
        const { rows } = await db.db.executeQuery({ ...template, parameters: [key] });
        expect(rows).toEqual([{ value }]);
      }
    }
    expect((await db.db.executeQuery({ ...template, parameters: ['named-c'] })).rows).toEqual([]);
  });
});

// PostgreSQL only (CI always has it: global-setup fails the run without it).
describe.skipIf(!postgresAvailable())('named statements on PostgreSQL', () => {
  const db = useTestDatabase('postgres');

  it('prepares a marked query once per connection and leaves others unnamed', async () => {
    const marked = namedStatement(sql<{ n: number }>`select ${1}::int + 41 as n`.compile(db.db));
    const unmarked = sql<{ n: number }>`select ${2}::int + 40 as n`.compile(db.db);
    await db.db.connection().execute(async (connection) => {
      for (let i = 0; i < 3; i++) {
        expect((await connection.executeQuery(marked)).rows).toEqual([{ n: 42 }]);
        expect((await connection.executeQuery(unmarked)).rows).toEqual([{ n: 42 }]);
      }
      const prepared = await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(connection);
      expect(prepared.rows).toContainEqual({ name: statementNameOf(marked.sql), statement: marked.sql });
      expect(prepared.rows.map((row) => row.statement)).not.toContain(unmarked.sql);
    });
  });
});
