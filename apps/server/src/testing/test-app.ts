import type { FastifyInstance } from 'fastify';
import type { DialectName } from '../db/database.js';
import type { AppContext } from '../context.js';
import { buildApp } from '../http/app.js';
import { VERSION } from '../version.js';
import { createTestDatabase, type TestDatabase } from './test-databases.js';
import { createTestSettings } from './test-settings.js';
import { loadMarketCache } from '../modules/market/database-market-cache.js';
import { createMailSender } from '../modules/mail/create-mail-sender.js';
import { RecordingOutboxMailSender } from '../modules/mail/recording-outbox-mail-sender.js';
import { attachBilling } from '../modules/billing/attach-billing.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: TestDatabase;
  close(): Promise<void>;
}

/** A full server on a fresh migrated database, driven with app.inject(); no port is opened. */
export async function createTestApp(dialect: DialectName, settings: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const testSettings = createTestSettings({ WEB_DIST: '/nonexistent', ...settings });
  const ctx: AppContext = attachBilling({
    settings: testSettings,
    database,
    version: VERSION,
    market: await loadMarketCache(database),
    // SMTP when a test sets SMTP_URL; otherwise the outbox, with the messages also kept in memory.
    mail: testSettings.SMTP_URL
      ? createMailSender(testSettings, database.db)
      : new RecordingOutboxMailSender(database.db),
  });
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  return {
    app,
    ctx,
    database,
    close: async () => {
      await app.close();
      await ctx.market.close?.();
      await database.destroy();
    },
  };
}
