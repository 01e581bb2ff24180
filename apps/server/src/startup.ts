import { createDatabaseAllowed, type Settings } from './config/settings.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import type { AppContext } from './context.js';
import { VERSION } from './version.js';
import { ensureAdminFromSettings } from './modules/auth/accounts.service.js';
import { openMarket, type MarketStartOptions } from './modules/market/open-market.js';
import { createMailSender } from './modules/mail/create-mail-sender.js';
import { attachBilling } from './modules/billing/attach-billing.js';

export interface ContextOptions extends MarketStartOptions {
  /** Create a missing SQLite file (default: createDatabaseAllowed(settings)); commands that build a database pass true. */
  createDatabase?: boolean;
}

export interface StartupLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Opens the database, migrates it and builds the services of the context.
 * Shared by the server and the command line so that both see the same state.
 */
export async function createContext(
  settings: Settings,
  log: StartupLog,
  options: ContextOptions = {},
): Promise<AppContext> {
  const database: DatabaseHandle = await openDatabase(settings.DATABASE_URL, {
    create: options.createDatabase ?? createDatabaseAllowed(settings),
  });
  if (database.created) log.info(`database ${database.description}: created a new, empty database`);
  try {
    const { applied } = await migrateToLatest(database);
    if (applied.length > 0) log.info(`database ${database.description}: applied migrations ${applied.join(', ')}`);
    await ensureAdminFromSettings(database.db, settings, log);
  } catch (error) {
    await database.close();
    throw error;
  }
  const market = await openMarket(database, settings, log, options);
  return attachBilling({ settings, database, version: VERSION, market, mail: createMailSender(settings, database.db) });
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.market.close?.();
  await ctx.database.close();
}
