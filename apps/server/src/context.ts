import type { FastifyBaseLogger } from 'fastify';
import type { Settings } from './config/settings.js';
import type { DatabaseHandle } from './db/database.js';
import type { MarketCache } from './modules/market/market-cache.js';
import type { MailSender } from './modules/mail/mail-sender.js';
import type { BillingService } from './modules/billing/billing.service.js';

/**
 * What the route modules share: built once per process by main.ts (or a test),
 * handed to buildApp. Modules add their services here as they arrive.
 */
export interface AppContext {
  settings: Settings;
  database: DatabaseHandle;
  version: string;
  /** Instruments and daily bars in memory (typed arrays per symbol); see modules/market. */
  market: MarketCache;
  /** Outgoing mail (password reset, receipts); see modules/mail. */
  mail: MailSender;
  /** Products, checkout, subscriptions, the subscriber tag and the job queue; see modules/billing. */
  billing: BillingService;
  logger?: FastifyBaseLogger;
}
