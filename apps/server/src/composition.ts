import { createDatabaseAllowed, publicOrigin, type Settings } from './config/settings.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createLogger, type AppLogger } from './logging.js';
import { VERSION } from './version.js';
import { ensureAdminFromSettings } from './modules/auth/accounts.service.js';
import { createAppRateLimiter } from './modules/auth/app-rate-limiter.js';
import { registerPasswordResetJob } from './modules/auth/password-resets.js';
import type { RateLimiter } from './modules/auth/rate-limiter.js';
import { registerSessionPurge } from './modules/auth/session-purge.js';
import { createBilling, registerBillingJobs, type Billing } from './modules/billing/billing.js';
import { paymentsFromSettings } from './modules/billing/payment-provider.js';
import { ContactSyncClient } from './modules/integrations/contact-sync.js';
import { OffsetClock, systemClock, type Clock } from './modules/jobs/clock.js';
import { JobQueue } from './modules/jobs/job-queue.js';
import { registerJobPurge } from './modules/jobs/job-purge.js';
import { createMailSender } from './modules/mail/create-mail-sender.js';
import type { MailSender } from './modules/mail/mail-sender.js';
import type { MarketCache } from './modules/market/market-cache.js';
import { openMarket, type MarketStartOptions } from './modules/market/open-market.js';
import type { AppMetrics } from './modules/metrics/app-metrics.js';
import { recordDataUpdate } from './modules/metrics/data-update.js';
import { marketFieldTable } from './modules/scanner/field-table-cache.js';
import { registerMarketUpdateJobs } from './modules/market/update/market-update.jobs.js';
import { registerAlertJobs, scheduleAlertEvaluations } from './modules/alerts/alerts.jobs.js';
import { createAnalyticsPool, type AnalyticsPool } from './modules/seasonality/pool/analytics-pool.js';
import { analyticsWarmer } from './modules/seasonality/pool/warm-up.js';

/**
 * Every service of a process, built once by buildServices and never changed afterwards. The
 * server (main.ts), the commands (cli/with-services.ts) and the tests (testing/test-app.ts)
 * all get theirs from buildServices. Route modules and services declare the few of these
 * they use; nothing receives "the context".
 */
export interface Services {
  readonly settings: Settings;
  readonly version: string;
  /** The process's pino logger; Fastify logs through it too. */
  readonly logger: AppLogger;
  /** The time billing and the jobs see; test mode's test clock moves it. */
  readonly clock: Clock;
  readonly database: DatabaseHandle;
  /** Instruments and daily bars in memory (typed arrays per symbol); see modules/market. */
  readonly market: MarketCache;
  /**
   * The session the market's data is as of, as the scanner sees it (its field table, built
   * once per market version): what the freshness warnings compare with the calendar.
   */
  marketAsOf(): string | null;
  /** Worker threads for the heavy seasonality analytics (scan, best trades), reading the market through shared memory. */
  readonly analytics: AnalyticsPool;
  /**
   * The analytics warm-up (pool/warm-up.ts), null when ANALYTICS_WARM_UP=false: asked after
   * each reload of the market, and by main.ts once the server listens (so that the workers'
   * start does not compete with the server's).
   */
  readonly analyticsWarmer: { request(): void } | null;
  readonly mail: MailSender;
  /** Login, signup and reset throttling (memory, or Redis with REDIS_URL). */
  readonly rateLimiter: RateLimiter;
  /** The durable job queue; its handlers are registered here, the poller runs in main.ts. */
  readonly jobs: JobQueue;
  readonly billing: Billing;
  /** Prometheus metrics; null unless METRICS_TOKEN is set. */
  readonly metrics: AppMetrics | null;
  /** Stops the jobs (between two), the market watcher and the limiter, then closes the database it opened. */
  close(): Promise<void>;
}

export interface StartupLog {
  info(message: string): void;
  warn(message: string): void;
}

/** What a caller may replace or decide; everything else follows from the settings. */
export interface ServiceOverrides extends MarketStartOptions {
  /** An open, migrated database (tests); close() leaves it open for its owner. */
  database?: DatabaseHandle;
  /** Tests: a ManualClock. Default: test mode's adjustable clock when test mode takes payments, else the system clock. */
  clock?: Clock;
  /** Tests: a recording sender. Default: SMTP when SMTP_URL is set, else the outbox. */
  mail?: MailSender;
  logger?: AppLogger;
  /** Where the logger writes when none is given: the server uses stdout, commands stderr. */
  logDestination?: 'stdout' | 'stderr';
  /** Where start-up says what it did (created, migrated, seeded); default: the logger. */
  startupLog?: StartupLog;
  /** Create a missing SQLite file (default: createDatabaseAllowed(settings)); commands that build a database pass true. */
  createDatabase?: boolean;
}

/**
 * The composition root: opens and migrates the database, loads the market data and builds
 * every service with the few dependencies each uses, and registers every scheduled job on
 * the one queue (so the server and `solstice billing run-jobs` run the same jobs).
 */
export async function buildServices(settings: Settings, overrides: ServiceOverrides = {}): Promise<Services> {
  const logger = overrides.logger ?? createLogger(settings, overrides.logDestination ?? 'stdout');
  const startupLog = overrides.startupLog ?? { info: (m) => logger.info(m), warn: (m) => logger.warn(m) };
  const ownsDatabase = overrides.database === undefined;
  const database =
    overrides.database ??
    (await openDatabase(settings.DATABASE_URL, {
      create: overrides.createDatabase ?? createDatabaseAllowed(settings),
    }));
  if (database.created) startupLog.info(`database ${database.description}: created a new, empty database`);
  let market: MarketCache;
  try {
    if (ownsDatabase) {
      const { applied } = await migrateToLatest(database);
      if (applied.length > 0)
        startupLog.info(`database ${database.description}: applied migrations ${applied.join(', ')}`);
    }
    await ensureAdminFromSettings(database.db, settings, startupLog);
    market = await openMarket(database, settings, startupLog, overrides);
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }

  const { db } = database;
  const payments = paymentsFromSettings(settings);
  const clock = overrides.clock ?? (payments.testMode ? new OffsetClock() : systemClock);
  const mail = overrides.mail ?? createMailSender(settings, db, logger);
  const rateLimiter = createAppRateLimiter(settings.REDIS_URL, logger);
  const jobs = new JobQueue({ db, clock, logger });
  const billing = createBilling({
    db,
    clock,
    jobs,
    mail,
    log: logger,
    payments,
    contactSync: ContactSyncClient.fromSettings(settings, logger),
    appUrl: publicOrigin(settings),
    defaultLanguage: settings.DEFAULT_LANGUAGE,
  });
  const analytics = createAnalyticsPool(market);
  // prom-client is loaded only when metrics are served.
  const metrics = settings.METRICS_TOKEN
    ? (await import('./modules/metrics/app-metrics.js')).createAppMetrics({ database, market, log: logger })
    : null;

  // Every scheduled job, one place (docs/architecture.md: "a new scheduled job").
  registerBillingJobs(jobs, billing);
  registerPasswordResetJob(jobs, { db, settings, mail, log: logger });
  registerSessionPurge(jobs, db);
  registerJobPurge(jobs, { db, clock, retentionDays: settings.JOBS_RETENTION_DAYS, logger });
  registerMarketUpdateJobs(jobs, {
    database,
    settings,
    now: () => clock.now(),
    log: logger,
    // Each finished run is stamped for /metrics (whichever process ran it; the CLI does the same).
    onFinished: (outcome) => recordDataUpdate(db, outcome),
  });
  const alertDeps = { db, market, jobs, now: () => clock.now(), symbolsPerAccount: settings.ALERT_SYMBOLS_PER_ACCOUNT };
  registerAlertJobs(jobs, {
    ...alertDeps,
    mail,
    appUrl: publicOrigin(settings),
    defaultLanguage: settings.DEFAULT_LANGUAGE,
    allowLocalWebhooks: settings.ALERT_WEBHOOKS_ALLOW_LOCAL,
    log: logger,
  });
  // Alerts are evaluated once per new session, after whatever brought the data forward.
  const scheduleAlerts = async () => {
    await scheduleAlertEvaluations(jobs, alertDeps).catch((error: unknown) =>
      logger.warn({ err: error }, 'alerts: scheduling an evaluation failed'),
    );
  };
  market.onReload?.(scheduleAlerts);
  if (market.asOf() !== null) await scheduleAlerts();
  // The first scan of each market version finds the workers warm; nothing waits for it.
  let stopping = false;
  const warmer = settings.ANALYTICS_WARM_UP
    ? analyticsWarmer({ market, analytics, now: () => new Date(clock.now()), log: logger, stopping: () => stopping })
    : null;
  if (warmer) market.onReload?.(async () => warmer.request());

  return Object.freeze({
    settings,
    version: VERSION,
    logger,
    clock,
    database,
    market,
    marketAsOf: () => marketFieldTable(market).asOf,
    analytics,
    analyticsWarmer: warmer,
    mail,
    rateLimiter,
    jobs,
    billing,
    metrics,
    async close() {
      stopping = true;
      await jobs.stop();
      await analytics.close();
      await market.close?.();
      await rateLimiter.close();
      if (ownsDatabase) await database.close();
    },
  });
}
