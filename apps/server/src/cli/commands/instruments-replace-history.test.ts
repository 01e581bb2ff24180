import { lastCompletedSession, previousTradingDay } from '@solstice/analytics';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCliDatabase } from '../../testing/cli-database.js';
import { FakeMarket, startFakeYahoo, type FakeYahoo } from '../../testing/fake-providers/index.js';
import { storeInstrument } from '../../testing/market-fixtures.js';
import { buildProgram } from '../program.js';

describe('solstice instruments replace-history, and sync --help on the bulk day', () => {
  let yahoo: FakeYahoo;
  let start: string;
  const { run, withDb } = useCliDatabase('replace');

  beforeEach(async () => {
    // The command runs on the real clock: the fake serves up to its last completed session.
    const session = lastCompletedSession(Date.now());
    start = session;
    for (let i = 0; i < 30; i++) start = previousTradingDay(start);
    yahoo = await startFakeYahoo(new FakeMarket(session).add('WTW', { from: start, price: 300 }));
    // 2017's company under the ticker, ending five sessions before the provider's last.
    let end = session;
    for (let i = 0; i < 5; i++) end = previousTradingDay(end);
    const old = new FakeMarket(end).add('OLD', { from: start, price: 300 }).adjusted('OLD');
    await withDb((db) => storeInstrument(db, 'WTW', old));
  });
  afterEach(async () => {
    await yahoo.close();
  });

  it('a sync refuses the other company (historyMismatch, exit 1); replace-history writes it and says what it kept', async () => {
    const report = JSON.parse(await run('--json', 'sync', '--provider', 'yahoo', '--base-url', yahoo.baseUrl));
    expect(report.symbols[0]).toMatchObject({ symbol: 'WTW', status: 'failed', inserted: 0 });
    expect(report.symbols[0].historyMismatch).toMatchObject({ provider: 'yahoo', storedClose: expect.any(Number) });
    expect(process.exitCode).toBe(1);

    process.exitCode = undefined;
    const replaced = JSON.parse(
      await run('--json', 'instruments', 'replace-history', 'wtw', '--provider', 'yahoo', '--base-url', yahoo.baseUrl),
    );
    expect(replaced).toMatchObject({ symbol: 'WTW', provider: 'yahoo', first: start, removed: 26 });
    const text = await run('instruments', 'replace-history', 'WTW', '--provider', 'yahoo', '--base-url', yahoo.baseUrl);
    expect(text).toMatch(
      /^WTW: history replaced from yahoo, .* 31 bar\(s\) written, 31 removed \(kept until the next backup\)/,
    );
    await expect(
      run('instruments', 'replace-history', 'NOPE', '--provider', 'yahoo', '--base-url', yahoo.baseUrl),
    ).rejects.toThrow('NOPE: not an instrument');
  });

  it('sync --help says how to ask for the bulk day and how not to', () => {
    const help = buildProgram()
      .commands.find((c) => c.name() === 'sync')!
      .helpInformation();
    expect(help).toMatch(/one request for the market \(\/eod-bulk-last-day\/US/);
    expect(help).toMatch(/--no-bulk-day/);
  });
});
