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
  /** Seed the embedded default (demo universe + S&P 500 history) when the database has no bars. */
  SEED_ON_EMPTY: booleanFlag.default(true),
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
});

export type Settings = z.infer<typeof settingsSchema>;

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
    throw new SettingsError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(settings)';
        const got = input[name];
        return `${name}: ${issue.message}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}`;
      }),
    );
  }
  return parsed.data;
}
