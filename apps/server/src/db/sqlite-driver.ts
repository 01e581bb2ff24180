import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/**
 * The better-sqlite3 build this Node runs. Version 12 (a compiled addon) aborts the process
 * on Node 24+ when a statement is garbage-collected (`Assertion failed: (env) != nullptr`:
 * Node 24's ObjectWrap removes a cleanup hook the old addon never registered); version 13
 * is Node-API and ships its own binaries, but needs Node 22+ (it segfaults on 20). So Node
 * 22 and later load 13 (installed as better-sqlite3-napi), Node 20 loads 12. Same API.
 */
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
export const SQLITE_DRIVER_MODULE = NODE_MAJOR >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

export const SQLite = require(SQLITE_DRIVER_MODULE) as typeof BetterSqlite3;
export type SQLite = BetterSqlite3.Database;

/** The driver's path, for worker threads that load it themselves. */
export function sqliteDriverPath(): string {
  return require.resolve(SQLITE_DRIVER_MODULE);
}
