import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createDatabaseAllowed, loadSettings, seedOnEmpty } from './config/settings.js';
import { buildServices, type ServiceOverrides, type StartupLog } from './composition.js';
import { useTempDir } from './testing/test-fixtures.js';
import { countBars } from './modules/market/bars/stored-series.js';

const quiet = { info: () => {}, warn: () => {} };

/** Start-up as the server does it, saying what it did through `startupLog`. */
const start = (
  settings: Parameters<typeof buildServices>[0],
  startupLog: StartupLog = quiet,
  more: ServiceOverrides = {},
) => buildServices(settings, { startupLog, ...more });

describe('start-up never creates or fills a database in production unless told to', () => {
  const dir = useTempDir('solstice-startup-');

  const production = (env: Record<string, string>) =>
    loadSettings({ NODE_ENV: 'production', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://solstice.example', ...env });

  it('SEED_ON_EMPTY and CREATE_DATABASE default to off in production and on elsewhere', () => {
    for (const NODE_ENV of ['development', 'test'] as const) {
      const settings = loadSettings({ NODE_ENV });
      expect(seedOnEmpty(settings)).toBe(true);
      expect(createDatabaseAllowed(settings)).toBe(true);
    }
    expect(seedOnEmpty(loadSettings({}))).toBe(false);
    expect(createDatabaseAllowed(loadSettings({}))).toBe(false);
    expect(seedOnEmpty(production({ SEED_ON_EMPTY: 'true' }))).toBe(true);
    expect(createDatabaseAllowed(production({ CREATE_DATABASE: 'true' }))).toBe(true);
    expect(seedOnEmpty(loadSettings({ NODE_ENV: 'development', SEED_ON_EMPTY: 'false' }))).toBe(false);
  });

  it('refuses a missing SQLite file in production and creates nothing', async () => {
    const file = dir.join('solstice.sqlite');
    await expect(start(production({ DATABASE_URL: `file:${file}` }))).rejects.toThrow(
      `the SQLite database ${file} does not exist. If this is a first install, set CREATE_DATABASE=true`,
    );
    expect(fs.readdirSync(dir.path)).toEqual([]);
  });

  it('refuses a mistyped folder even with CREATE_DATABASE=true, naming the folder', async () => {
    const url = `file:${dir.join('nonexistent', 'dir', 'x.sqlite')}`;
    await expect(start(production({ DATABASE_URL: url, CREATE_DATABASE: 'true' }))).rejects.toThrow(
      `the folder ${dir.join('nonexistent', 'dir')} of the SQLite database`,
    );
    expect(fs.readdirSync(dir.path)).toEqual([]);
  });

  it('with CREATE_DATABASE=true creates an empty, migrated database and loads no demo universe', async () => {
    const file = dir.join('solstice.sqlite');
    const messages: string[] = [];
    const services = await start(
      production({ DATABASE_URL: `file:${file}`, CREATE_DATABASE: 'true' }),
      { info: (m) => messages.push(m), warn: (m) => messages.push(m) },
      { watch: false },
    );
    try {
      expect(messages[0]).toBe(`database sqlite:${file}: created a new, empty database`);
      const bars = await countBars(services.database.db);
      const instruments = await services.database.db
        .selectFrom('instruments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect([bars, Number(instruments.n)]).toEqual([0, 0]);
    } finally {
      await services.close();
    }
  });

  it('says a PostgreSQL that is not there is unreachable', async () => {
    await expect(start(production({ DATABASE_URL: 'postgres://solstice@127.0.0.1:1/solstice' }))).rejects.toThrow(
      /^PostgreSQL at 127\.0\.0\.1:1 is unreachable: connection refused$/,
    );
  });
});
