import type { Command } from 'commander';
import { loadSettings, SettingsError, type Settings } from '../config/settings.js';
import { DatabaseOpenError, normalizeDatabaseUrl } from '../db/database.js';
import { buildServices, type ServiceOverrides, type Services } from '../composition.js';
import { createOutput, type CliOutput, type CommandResult } from './output.js';

export interface GlobalOptions {
  db?: string;
  json?: boolean;
}

/** What a command may ask of start-up: skip loading the market, create a missing database. */
export type CommandStart = Pick<ServiceOverrides, 'loadMarket' | 'seedOnEmpty' | 'watch' | 'createDatabase'>;

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
 * Runs a command body with the services (the same composition root as the server) and closes
 * them afterwards. The database must exist unless CREATE_DATABASE allows creating it (or the
 * command builds one: start.createDatabase).
 */
export async function withContext<T>(
  command: Command,
  body: (services: Services, out: CliOutput) => Promise<T>,
  start: CommandStart = {},
): Promise<T> {
  const opts = command.optsWithGlobals<GlobalOptions>();
  const settings = commandSettings(command);
  const out = createOutput(Boolean(opts.json));
  // A command is one short process: it never seeds behind the user's back (`solstice seed` does that)
  // and never watches for other processes' changes. Its log goes to stderr, so --json stays pure.
  const services = await buildServices(settings, {
    startupLog: { info: (m) => out.info(m), warn: (m) => out.info(m) },
    logDestination: 'stderr',
    seedOnEmpty: false,
    watch: false,
    ...start,
  });
  try {
    return await body(services, out);
  } finally {
    await services.close();
  }
}

/** withContext for a command that answers a CommandResult: prints its value (--json) or its text. */
export async function printResult(
  command: Command,
  run: (services: Services) => CommandResult<unknown> | Promise<CommandResult<unknown>>,
  start: CommandStart = {},
): Promise<void> {
  await withContext(
    command,
    async (services, out) => {
      const r = await run(services);
      out.result(r.value, () => r.text);
    },
    start,
  );
}
