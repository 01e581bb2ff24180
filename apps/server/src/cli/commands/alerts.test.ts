import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createUser } from '../../testing/factories.js';
import { CliError } from '../output.js';
import { runCli } from '../../testing/run-cli.js';

const DAYS = ['2024-05-06', '2024-05-07', '2024-05-08'];

describe('solstice alerts', () => {
  let dir: string;
  let file: string;
  const saved = { ...process.env };

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-cli-alerts-'));
    file = path.join(dir, 'db.sqlite');
    process.env.LOG_LEVEL = 'silent';
    const db = await openDatabase(`file:${file}`);
    await migrateToLatest(db);
    const instrument = (symbol: string) => ({
      symbol,
      name: symbol,
      type: 'stock' as const,
      exchange: null,
      sector: null,
      industry: null,
      currency: 'USD',
      market_cap: null,
      synthetic: 0,
      updated_at: 0,
    });
    await db.db
      .insertInto('instruments')
      .values([instrument('UP'), instrument('FLAT')])
      .execute();
    // UP rises above 50 on the last day; FLAT stays at 40.
    const bar = (symbol: string, date: string, close: number) => ({
      symbol,
      date,
      open: close,
      high: close,
      low: close,
      close,
      volume: 100,
    });
    await db.db
      .insertInto('daily_bars')
      .values(DAYS.flatMap((d, i) => [bar('UP', d, i === 2 ? 55 : 45), bar('FLAT', d, 40)]))
      .execute();
    const user = await createUser(db.db, { subscriber: true, username: 'trader' });
    const now = Date.now();
    await db.db
      .insertInto('alerts')
      .values({
        user_id: user.id,
        name: 'Over 50',
        kind: 'scan',
        expression: 'close > 50',
        on_exit: 0,
        symbol: null,
        watchlist_id: null,
        params: null,
        paused: 0,
        paused_reason: null,
        mail: 1,
        webhook_url: null,
        webhook_secret: null,
        created_at: now,
        updated_at: now,
        last_fired_at: null,
        last_fired_bar_date: null,
        last_fired_message: null,
      })
      .execute();
    await db.close();
  });

  afterEach(() => {
    process.env = { ...saved };
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const run = (...args: string[]) => runCli(file, ...args);

  it('run --as-of evaluates that session, records what fires once, and prints it as JSON', async () => {
    const first = JSON.parse(await run('--json', 'alerts', 'run', '--as-of', '2024-05-08'));
    expect(first).toEqual({
      asOf: '2024-05-08',
      previous: '2024-05-07',
      alerts: 1,
      recorded: 1,
      triggers: [{ alertId: 1, symbol: 'UP', barDate: '2024-05-08' }],
    });
    // A replay of the same session finds the same trigger and records nothing new.
    const again = JSON.parse(await run('--json', 'alerts', 'run', '--as-of', '2024-05-08'));
    expect(again.triggers).toEqual(first.triggers);
    expect(again.recorded).toBe(0);
    // As of the session before, nothing changed.
    expect(JSON.parse(await run('--json', 'alerts', 'run', '--as-of', '2024-05-07')).triggers).toEqual([]);
    const text = await run('alerts', 'run', '--as-of', '2024-05-08');
    expect(text).toContain('1 active alert as of 2024-05-08 (compared with 2024-05-07): 1 trigger, 0 newly recorded');
    expect(text).toContain('UP');
  });

  it('refuses a date that is not a session of the data, or not a date', async () => {
    await expect(run('alerts', 'run', '--as-of', '2024-05-11')).rejects.toThrow(CliError);
    await expect(run('alerts', 'run', '--as-of', '2024-05-11')).rejects.toThrow(
      /no market data has a bar on 2024-05-11/,
    );
    await expect(run('alerts', 'run', '--as-of', '2024-13-01')).rejects.toThrow(
      /--as-of: expected a real calendar date/,
    );
  });

  it('list shows every alert with its owner and state', async () => {
    await run('alerts', 'run', '--as-of', '2024-05-08');
    const list = JSON.parse(await run('--json', 'alerts', 'list'));
    expect(list.alerts).toEqual([
      expect.objectContaining({
        id: 1,
        user: 'trader',
        kind: 'scan',
        name: 'Over 50',
        paused: false,
        lastFired: '2024-05-08',
      }),
    ]);
    expect(await run('alerts', 'list')).toContain('last fired 2024-05-08');
  });
});
