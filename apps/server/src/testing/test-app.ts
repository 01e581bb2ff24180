import type { FastifyInstance } from 'fastify';
import { buildServices, type Services } from '../composition.js';
import type { DialectName } from '../db/database.js';
import { buildApp } from '../app/app.js';
import type { Clock } from '../modules/jobs/clock.js';
import type { MailSender } from '../modules/mail/mail-sender.js';
import { RecordingOutboxMailSender } from '../modules/mail/recording-outbox-mail-sender.js';
import { createTestDatabase, type TestDatabase } from './test-databases.js';
import { createTestSettings } from './test-settings.js';

export interface TestApp {
  app: FastifyInstance;
  /** The services the app was built on, from the same composition root as the server's. */
  services: Services;
  database: TestDatabase;
  close(): Promise<void>;
}

/** What a test may replace; everything else is built as the server builds it. */
export interface TestOverrides {
  /** e.g. a ManualClock, to reach a period end without waiting. */
  clock?: Clock;
  /** Default: the outbox, with the messages also kept in memory (SMTP when a test sets SMTP_URL). */
  mail?: MailSender;
}

/** A full server on a fresh migrated database, driven with app.inject(); no port is opened. */
export async function createTestApp(
  dialect: DialectName,
  settings: Record<string, string> = {},
  overrides: TestOverrides = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const testSettings = createTestSettings({ WEB_DIST: '/nonexistent', ...settings });
  const services = await buildServices(testSettings, {
    database,
    clock: overrides.clock,
    mail: overrides.mail ?? (testSettings.SMTP_URL ? undefined : new RecordingOutboxMailSender(database.db)),
    // Tests reload the market data themselves when they change it.
    watch: false,
  });
  return serve(services, database);
}

/** createTestApp for one test: runs `use` on it, then closes it whatever happened. */
export async function withTestApp<T>(
  dialect: DialectName,
  settings: Record<string, string>,
  use: (t: TestApp) => Promise<T>,
): Promise<T> {
  const t = await createTestApp(dialect, settings);
  try {
    return await use(t);
  } finally {
    await t.close();
  }
}

/** Another server on the same database (a restart, or a second process); closing it leaves the database open. */
export async function createTestAppOn(
  t: Pick<TestApp, 'database' | 'services'>,
  overrides: TestOverrides = {},
): Promise<TestApp> {
  const services = await buildServices(t.services.settings, {
    database: t.database,
    clock: overrides.clock,
    mail: overrides.mail ?? new RecordingOutboxMailSender(t.database.db),
    watch: false,
  });
  const served = await serve(services, t.database);
  return {
    ...served,
    close: async () => {
      await served.app.close();
      await services.close();
    },
  };
}

async function serve(services: Services, database: TestDatabase): Promise<TestApp> {
  const app = await buildApp(services);
  await app.ready();
  return {
    app,
    services,
    database,
    close: async () => {
      await app.close();
      await services.close();
      await database.destroy();
    },
  };
}
