import type { Command } from 'commander';
import { loadSettings, SettingsError, type Settings } from '../config/settings.js';
import { DatabaseOpenError, normalizeDatabaseUrl } from '../db/database.js';
import { closeContext, createContext, type ContextOptions } from '../startup.js';
import type { AppContext } from '../context.js';
import { createOutput, type CliOutput } from './output.js';

export interface GlobalOptions {
  db?: string;
  json?: boolean;
}

/** The settings of a command: the environment, with --db in place of DATABASE_URL. */
export function commandSettings(command: Command): Settings {
  const opts = command.optsWithGlobals<GlobalOptions>();
  const env = { ...process.env };
  if (opts.db) {
    try {
      env.DATABASE_URL = normalizeDatabaseUrl(opts.db);
    } catch (error) {
      if (error instanceof DatabaseOpenError) throw new SettingsError([`--db: ${error.message}`]);
      throw error;
    }
  }
  env.LOG_LEVEL ??= 'warn';
  return loadSettings(env);
}

/**
 * Runs a command body with a migrated database context and closes it afterwards. The
 * database must exist unless CREATE_DATABASE allows creating it (or the command builds one:
 * options.createDatabase).
 */
export async function withContext<T>(
  command: Command,
  body: (ctx: AppContext, out: CliOutput) => Promise<T>,
  options: ContextOptions = {},
): Promise<T> {
  const opts = command.optsWithGlobals<GlobalOptions>();
  const settings = commandSettings(command);
  const out = createOutput(Boolean(opts.json));
  // A command is one short process: it never seeds behind the user's back (`solstice seed` does that)
  // and never watches for other processes' changes.
  const ctx = await createContext(
    settings,
    { info: (m) => out.info(m), warn: (m) => out.info(m) },
    { seedOnEmpty: false, watch: false, ...options },
  );
  try {
    return await body(ctx, out);
  } finally {
    await closeContext(ctx);
  }
}
