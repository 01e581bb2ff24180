import pg from 'pg';

/**
 * Decides once per run whether PostgreSQL is there. Under CI (CI=true) it must be:
 * an unreachable PostgreSQL fails the run instead of silently skipping its tests.
 */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (process.env.SOLSTICE_TEST_POSTGRES === '0' && process.env.CI !== 'true') return;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    process.env.SOLSTICE_TEST_POSTGRES = '1';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (process.env.CI === 'true') {
      throw new Error(`PostgreSQL is required under CI but ${url} is unreachable: ${reason}`);
    }
    process.env.SOLSTICE_TEST_POSTGRES = '0';
    console.warn(`\n!!! PostgreSQL at ${url} is unreachable (${reason}): PostgreSQL integration tests are NOT run.\n`);
  } finally {
    await client.end().catch(() => {});
  }
}
