import { Command, Option } from 'commander';
import { loadSettings, SettingsError, type Settings } from '../config/settings.js';
import { DatabaseOpenError, normalizeDatabaseUrl } from '../db/database.js';
import { closeContext, createContext, type ContextOptions } from '../startup.js';
import type { AppContext } from '../context.js';
import { VERSION } from '../version.js';
import { createOutput, type CliOutput } from './output.js';
import { registerDbCommands } from './commands/db.js';
import { registerImportCommand } from './commands/import.js';
import { registerSeedCommand } from './commands/seed.js';
import { registerDemoCommands } from './commands/demo.js';
import { registerSyncCommand } from './commands/sync.js';
import { registerUserCommands } from './commands/user.js';
import { registerIndicatorCommands } from './commands/indicators.js';
import { registerScanCommands } from './commands/scan.js';
import { registerSeasonalityCommands } from './commands/seasonality.js';
import { registerBillingCommands } from '../modules/billing/billing.cli.js';

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

export function buildProgram(): Command {
  const program = new Command('solstice')
    .description('Solstice: seasonality, scanner and market data for stock traders.')
    .version(VERSION)
    .addOption(new Option('--db <url>', 'database: a DATABASE_URL (file:PATH, postgres://…) or a SQLite file path'))
    .option('--json', 'print only JSON (machine output)')
    .showHelpAfterError()
    .configureHelp({ sortSubcommands: false });
  registerDbCommands(program);
  registerImportCommand(program);
  registerSeedCommand(program);
  registerDemoCommands(program);
  registerSyncCommand(program);
  registerUserCommands(program);
  registerIndicatorCommands(program);
  registerScanCommands(program);
  registerSeasonalityCommands(program, withContext);
  registerBillingCommands(program, withContext);
  return program;
}
