import type pg from 'pg';

let loaded: Promise<typeof pg> | undefined;

/**
 * The pg driver, loaded when PostgreSQL is first used: a server on SQLite (the default)
 * starts without it. Its number parsers are set once, on load.
 */
export function loadPg(): Promise<typeof pg> {
  loaded ??= import('pg').then(({ default: driver }) => {
    // int8 (COUNT, BIGINT) as a JS number: our values (volumes, epoch ms) stay below 2^53.
    driver.types.setTypeParser(20, (v) => Number(v));
    // numeric as a JS number (we never store money in numeric: cents are integers).
    driver.types.setTypeParser(1700, (v) => Number(v));
    return driver;
  });
  return loaded;
}
