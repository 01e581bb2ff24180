import { ALERT_LIMITS, LANGUAGES, isTimeZone } from '@solstice/contracts';
import { z } from 'zod';

const databaseUrl = z
  .string()
  .trim()
  .min(1)
  .refine((v) => v.startsWith('file:') || /^postgres(ql)?:\/\//.test(v), {
    message: 'expected "file:PATH" (SQLite) or "postgres://user@host:port/db" (PostgreSQL)',
  });

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const httpUrl = z
  .url({ message: 'expected an http:// or https:// URL' })
  .refine((v) => /^https?:\/\//i.test(v), 'expected an http:// or https:// URL');

export const settingsSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ message: 'expected a port number' })
    .int('expected a whole port number')
    .min(0, 'expected a port from 0 to 65535')
    .max(65535, 'expected a port from 0 to 65535')
    .default(3000),
  DATABASE_URL: databaseUrl.default('file:data/solstice.sqlite'),
  SESSION_COOKIE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected 1 to 64 letters, digits, "_" or "-"')
    .default('sol_sid'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; served with history-mode fallback when present. */
  WEB_DIST: z.string().optional(),
  /** The public origin of the app (e.g. https://solstice.example); used for links in mail and the origin check. */
  PUBLIC_URL: z.url({ message: 'expected an absolute URL such as https://solstice.example' }).optional(),
  /**
   * Seed the embedded default (demo universe + S&P 500 history) when the database has no bars.
   * On by default in development and test; in production only when set to true (seedOnEmpty).
   */
  SEED_ON_EMPTY: booleanFlag.optional(),
  /**
   * Create the SQLite file of DATABASE_URL when it does not exist. On by default in development
   * and test; in production only when set to true, so a mistyped path fails (createDatabaseAllowed).
   */
  CREATE_DATABASE: booleanFlag.optional(),
  TRUST_PROXY: booleanFlag.default(false),
  /** Shared rate-limit counters for several processes (redis://host:port/db); in memory when unset. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'expected a Redis URL such as redis://127.0.0.1:6379')
    .optional(),
  /** The first admin, created at start when no user has this e-mail (both or neither). */
  ADMIN_EMAIL: z.email({ message: 'expected an e-mail address' }).optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(10, 'expected 10 to 128 characters')
    .max(128, 'expected 10 to 128 characters')
    .optional(),
  // Billing and mail (docs/billing.md).
  /** smtp://user:pass@host:port or smtps://…; when unset, mail goes only to the outbox table. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'expected smtp://user:password@host:port or smtps://…')
    .refine((v) => URL.canParse(v), 'expected a valid smtp:// URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>@\s][^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/, {
      message: 'expected an address such as "Solstice <noreply@solstice.example>"',
    })
    .default('Solstice <noreply@solstice.local>'),
  /** Stripe: both keys switch checkout from the built-in test mode to Stripe. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'expected sk_test_… or sk_live_…')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, 'expected whsec_…')
    .optional(),
  /** Only for tests and stripe-mock: where the Stripe SDK sends its requests (default api.stripe.com). */
  STRIPE_API_URL: z.url({ message: 'expected a URL such as http://127.0.0.1:12111' }).optional(),
  /** The contact-list sync (specification §7: a PUT with JSON and a bearer key); off unless both are set. */
  CONTACT_SYNC_URL: z.url({ message: 'expected an absolute URL' }).optional(),
  CONTACT_SYNC_KEY: z.string().min(1).optional(),
  /** How often due jobs (subscription period ends) are picked up; 0 turns the poller off. */
  JOBS_POLL_INTERVAL_MS: z.coerce.number({ message: 'expected milliseconds' }).int().min(0).optional(),
  /** Finished jobs (done or failed) are deleted this many days after they finished: payloads hold e-mail addresses. */
  JOBS_RETENTION_DAYS: z.coerce.number({ message: 'expected days' }).int().min(1).default(30),
  /**
   * The built-in test checkout (card 4242… pays) when no payment provider is configured.
   * On by default in development and test; in production only when set to true.
   */
  BILLING_TEST_MODE: booleanFlag.optional(),
  /** The daily market-data update: on unless false; runs on NYSE sessions at DATA_UPDATE_TIME. */
  DATA_UPDATE_ENABLED: booleanFlag.default(true),
  /** Alert webhooks may call http:// and private-network addresses (development and tests only). */
  ALERT_WEBHOOKS_ALLOW_LOCAL: booleanFlag.default(false),
  /**
   * Symbols one account's condition and seasonal alerts may watch in all (an alert on a
   * watchlist counts each of its symbols): the bound of what one account costs an evaluation.
   */
  ALERT_SYMBOLS_PER_ACCOUNT: z.coerce
    .number({ message: 'expected a number of symbols' })
    .int('expected a whole number of symbols')
    .min(1, 'at least 1')
    .max(1_000_000, 'at most 1000000')
    .default(ALERT_LIMITS.symbolsPerAccount),
  /** The interface's language for a visitor whose browser asks for none we have, and of mails to users who chose none. */
  DEFAULT_LANGUAGE: z.enum(LANGUAGES, { message: `expected one of ${LANGUAGES.join(', ')}` }).default('en'),
  /** The time zone instants are shown in until a user chooses one (the specification's Istanbul). */
  DEFAULT_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'expected an IANA time zone such as Europe/Istanbul')
    .default('Europe/Istanbul'),
  /** The address of the operator's articles and guides (a content site), linked from the help menu; none when unset. */
  CONTENT_URL: httpUrl.transform((u) => new URL(u).href).optional(),
  /** When the daily update runs, HH:MM in America/New_York (after the 16:00 close and the providers' settling). */
  DATA_UPDATE_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a time HH:MM (24-hour, America/New_York)')
    .default('18:30'),
  /** The only folder the admin import API reads server-side files from. */
  IMPORT_DIR: z.string().trim().min(1).default('data/imports'),
  /**
   * The columnar snapshot of the market data (docs/performance.md): read at start instead of
   * every bar through SQL, rewritten after a load through SQL. On unless false.
   */
  MARKET_SNAPSHOT: booleanFlag.default(true),
  /**
   * After the market loads (the start, each import or data update): the seasonality
   * scanner's default scan runs once in the analytics pool, so that users' first scans find
   * the workers' window tables built. On unless false.
   */
  ANALYTICS_WARM_UP: booleanFlag.default(true),
  /** Where snapshots go: default next to the SQLite file; PostgreSQL's in data/. */
  MARKET_SNAPSHOT_DIR: z.string().trim().min(1).optional(),
  /**
   * More Host names this server answers besides PUBLIC_URL's host, loopback names and IP
   * addresses (comma-separated, e.g. "solstice.internal,app-1"); anything else gets 421.
   */
  ALLOWED_HOSTS: z
    .string()
    .regex(/^[A-Za-z0-9.-]+(:\d+)?(\s*,\s*[A-Za-z0-9.-]+(:\d+)?)*$/, 'expected host names separated by commas')
    .optional(),
  /** Bearer token Prometheus sends to GET /metrics; without it the endpoint does not exist (404). */
  METRICS_TOKEN: z.string().trim().min(16, 'expected at least 16 characters (e.g. openssl rand -hex 32)').optional(),
  /** On SIGTERM: how long in-flight requests and the running job may take before the process quits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ message: 'expected milliseconds' }).int().min(0).default(10_000),
  // Market-data providers (docs/data-import.md): a provider without its key is off.
  /** Which providers daily updates ask, in fallback order. */
  DATA_PROVIDERS: z
    .string()
    .regex(
      /^\s*(tiingo|yahoo|eodhd)(\s*,\s*(tiingo|yahoo|eodhd))*\s*$/,
      'expected provider names from tiingo, yahoo, eodhd separated by commas (e.g. "tiingo,eodhd,yahoo")',
    )
    .refine((v) => {
      const names = v.split(',').map((n) => n.trim());
      return new Set(names).size === names.length;
    }, 'expected each provider once')
    .default('tiingo,eodhd,yahoo'),
  TIINGO_API_KEY: z.string().trim().min(1).optional(),
  EODHD_API_KEY: z.string().trim().min(1).optional(),
  YAHOO_BASE_URL: httpUrl.default('https://query1.finance.yahoo.com'),
  TIINGO_BASE_URL: httpUrl.default('https://api.tiingo.com'),
  EODHD_BASE_URL: httpUrl.default('https://eodhd.com/api'),
});

export type Settings = z.infer<typeof settingsSchema>;

/**
 * What a production server refuses to start without (the command line does not need them).
 * Each line names the variable and what it must hold, never a value.
 */
export function serverStartProblems(settings: Settings): string[] {
  const problems: string[] = [];
  if (settings.NODE_ENV === 'production' && !settings.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL: required in production: the public origin (e.g. https://solstice.example) that links in mail and the Host check use',
    );
  }
  return problems;
}

/** The origin links in mail point at: PUBLIC_URL, never the request's Host (development: localhost). */
export function publicOrigin(settings: Pick<Settings, 'PUBLIC_URL' | 'PORT'>): string {
  return settings.PUBLIC_URL ? new URL(settings.PUBLIC_URL).origin : `http://localhost:${settings.PORT}`;
}

/** Whether the built-in test checkout may take payments (explicit in production). */
export function billingTestModeOn(settings: Pick<Settings, 'BILLING_TEST_MODE' | 'NODE_ENV'>): boolean {
  return settings.BILLING_TEST_MODE ?? settings.NODE_ENV !== 'production';
}

/** Whether an empty database gets the embedded default at start (explicit in production). */
export function seedOnEmpty(settings: Pick<Settings, 'SEED_ON_EMPTY' | 'NODE_ENV'>): boolean {
  return settings.SEED_ON_EMPTY ?? settings.NODE_ENV !== 'production';
}

/** Whether a missing SQLite database file may be created (explicit in production). */
export function createDatabaseAllowed(settings: Pick<Settings, 'CREATE_DATABASE' | 'NODE_ENV'>): boolean {
  return settings.CREATE_DATABASE ?? settings.NODE_ENV !== 'production';
}

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}

/** Reads and validates settings; throws SettingsError naming every bad variable. */
export function loadSettings(env: Record<string, string | undefined> = process.env): Settings {
  const input: Record<string, string> = {};
  for (const key of Object.keys(settingsSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = settingsSchema.safeParse(input);
  if (!parsed.success) {
    // Names and rules only: values may be secrets (keys, passwords, credentials in URLs).
    throw new SettingsError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(settings)'}: ${issue.message}`),
    );
  }
  return parsed.data;
}
