import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../jobs/clock.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { signedInUser, type SignedIn } from '../../testing/auth-helpers.js';
import { addMarketRows, flatBar, instrumentRow } from '../../testing/market-fixtures.js';

describe('the market overview groups the instruments beyond the equities by class', () => {
  let t: TestApp;
  let member: SignedIn;
  beforeAll(async () => {
    // Monday 2026-11-23 noon UTC: crypto's last session is Sunday, fx's and the NYSE's Friday
    t = await createTestApp('sqlite', {}, { clock: new ManualClock(Date.UTC(2026, 10, 23, 12)) });
    member = await signedInUser(t);
    // every row names its class: a multi-row insert leaves no column to its default
    const equity = { asset_class: 'equity', calendar: 'nyse', timezone: 'America/New_York', has_volume: 1 } as const;
    const crypto = { asset_class: 'crypto', calendar: 'crypto', timezone: 'UTC', has_volume: 1 } as const;
    const fx = { asset_class: 'fx', calendar: 'fx', timezone: 'Europe/London', has_volume: 0 } as const;
    await addMarketRows(
      t,
      [
        instrumentRow('AAA', { sector: 'Energy', industry: 'Oil', ...equity }),
        instrumentRow('^GSPC', { name: 'S&P 500', type: 'index', ...equity, asset_class: 'index' }),
        instrumentRow('BTC-USD', { name: 'Bitcoin USD', type: 'crypto', ...crypto }),
        instrumentRow('ETH-USD', { name: 'Ethereum USD', type: 'crypto', ...crypto }),
        instrumentRow('EURUSD=X', { name: 'EUR/USD', type: 'fx', ...fx }),
      ],
      [
        flatBar('AAA', '2026-11-19', 10),
        flatBar('AAA', '2026-11-20', 11),
        flatBar('^GSPC', '2026-11-20', 6000),
        // crypto trades on the weekend: its group is at Sunday, after the stocks' Friday
        flatBar('BTC-USD', '2026-11-21', 90_000),
        flatBar('BTC-USD', '2026-11-22', 99_000),
        flatBar('ETH-USD', '2026-11-21', 3000),
        flatBar('EURUSD=X', '2026-11-19', 1.08, 0),
        flatBar('EURUSD=X', '2026-11-20', 1.0854, 0),
      ],
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('one group per class present, each with its own as-of and stale count, no group for a class without an instrument', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/market/overview',
      headers: { cookie: member.cookie },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // the index cards say what their prices are in
    expect(body.indices).toEqual([expect.objectContaining({ symbol: '^GSPC', currency: 'USD', assetClass: 'index' })]);
    expect(body.assetGroups).toEqual([
      {
        assetClass: 'index',
        asOf: '2026-11-20',
        stale: 0,
        instruments: [
          { symbol: '^GSPC', name: 'S&P 500', currency: 'USD', asOf: '2026-11-20', close: 6000, change1d: null },
        ],
      },
      {
        assetClass: 'fx',
        asOf: '2026-11-20',
        stale: 0,
        instruments: [
          {
            symbol: 'EURUSD=X',
            name: 'EUR/USD',
            currency: 'USD',
            asOf: '2026-11-20',
            close: 1.0854,
            change1d: expect.any(Number),
          },
        ],
      },
      {
        assetClass: 'crypto',
        asOf: '2026-11-22',
        // ETH-USD's last bar is Saturday's, a day behind: stale, counted, not listed
        stale: 1,
        instruments: [
          {
            symbol: 'BTC-USD',
            name: 'Bitcoin USD',
            currency: 'USD',
            asOf: '2026-11-22',
            close: 99_000,
            change1d: expect.any(Number),
          },
        ],
      },
    ]);
    expect(body.assetGroups[2].instruments[0].change1d).toBeCloseTo(0.1, 12);
    expect(body.assetGroups[1].instruments[0].change1d).toBeCloseTo(1.0854 / 1.08 - 1, 12);
  });
});
