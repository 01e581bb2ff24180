import { beforeEach, describe, expect, it } from 'vitest';
import { alertRow, createUser } from '../../testing/factories.js';
import { useCliDatabase } from '../../testing/cli-database.js';
import { flatBar, insertBars, instrumentRow } from '../../testing/market-fixtures.js';
import { CliError } from '../output.js';

const DAYS = ['2024-05-06', '2024-05-07', '2024-05-08'];

describe('solstice alerts', () => {
  const { run, withDb } = useCliDatabase('alerts');

  beforeEach(async () => {
    await withDb(async (db) => {
      await db
        .insertInto('instruments')
        .values([instrumentRow('UP'), instrumentRow('FLAT')])
        .execute();
      // UP rises above 50 on the last day; FLAT stays at 40.
      const bar = (symbol: string, date: string, close: number) => flatBar(symbol, date, close, 100);
      await insertBars(
        db,
        DAYS.flatMap((d, i) => [bar('UP', d, i === 2 ? 55 : 45), bar('FLAT', d, 40)]),
      );
      const user = await createUser(db, { subscriber: true, username: 'trader' });
      const now = Date.now();
      await db
        .insertInto('alerts')
        .values(alertRow(user.id, { name: 'Over 50', expression: 'close > 50', created_at: now, updated_at: now }))
        .execute();
    });
  });

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

  it('takes a date as the scanner does (the session on or before it), and refuses one before every bar', async () => {
    // Saturday 2024-05-11, after the last bar: the market's session, Wednesday 2024-05-08.
    const weekend = JSON.parse(await run('--json', 'alerts', 'run', '--as-of', '2024-05-11'));
    expect(weekend).toMatchObject({ asOf: '2024-05-08', previous: '2024-05-07' });
    await expect(run('alerts', 'run', '--as-of', '2024-05-05')).rejects.toThrow(CliError);
    await expect(run('alerts', 'run', '--as-of', '2024-05-05')).rejects.toThrow(
      /^--as-of: no market data on or before 2024-05-05$/,
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
