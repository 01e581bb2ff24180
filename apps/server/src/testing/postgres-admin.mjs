// CREATE and DROP DATABASE for the tests that need a whole PostgreSQL database (a child
// process uses the default search_path, not a test schema) and for scripts/deploy-check.mjs.
// Plain JavaScript (types in postgres-admin.d.mts) so that the script can import it too.
import pg from 'pg';

/** Runs one statement on a connection of its own (CREATE DATABASE cannot run in a transaction). */
export async function postgresStatement(connectionString, statement) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates the database `name` on the server of `serverUrl`; answers its URL and how to drop it. */
export async function createPostgresDatabase(serverUrl, name) {
  await postgresStatement(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => postgresStatement(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
