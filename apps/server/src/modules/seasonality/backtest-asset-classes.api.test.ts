import { describe, expect, it } from 'vitest';
import { seasonalBacktest } from '@solstice/analytics';
import { backtestResponseSchema } from '@solstice/contracts';
import { requestAs } from '../../testing/auth-helpers.js';
import { quietCliDuringSuite, runCli } from '../../testing/run-cli.js';
import { useAssetClassApp } from '../../testing/asset-class-app.js';
import { testDialects } from '../../testing/test-databases.js';

/** Wednesday 2026-03-18, 12:00 UTC: the stand-in serves up to the day before. */
const NOW = Date.UTC(2026, 2, 18, 12, 0);
const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

const LEGS = [
  { symbol: 'BTC-USD', start: '07-01', end: '08-15', direction: 'long' as const },
  { symbol: 'SPY', start: '07-01', end: '08-15', direction: 'long' as const },
];
const BODY = { legs: LEGS, from: 2025, to: 2025 };

describe.each(testDialects())('a backtest mixing BTC-USD and SPY (%s)', (dialect) => {
  quietCliDuringSuite();
  const { t, admin } = useAssetClassApp(dialect, ['SPY', 'BTC-USD'], NOW);
  const lookup = (symbol: string) => t.services.market.series(symbol);

  it('runs on every calendar day with A = 365 and lists the currencies, API and CLI alike', async () => {
    const res = await requestAs(t, admin, 'POST', '/api/v1/seasonality/backtest', BODY);
    expect(res.statusCode).toBe(200);
    const api = backtestResponseSchema.parse(res.json());
    const legs = [
      { ...LEGS[0]!, calendar: 'crypto' as const, currency: 'USD' },
      { ...LEGS[1]!, calendar: 'nyse' as const, currency: 'USD' },
    ];
    const expected = seasonalBacktest(lookup, { ...BODY, legs, costBps: 5, benchmark: 'SPY' });
    expect(api).toEqual(json(expected));
    expect(api.currencies).toEqual(['USD']);
    // a Saturday is an equity date (the crypto leg trades it)
    expect(api.equity.some((p) => new Date(`${p.date}T00:00:00Z`).getUTCDay() === 6)).toBe(true);
    // the same returns annualized as US stocks would be: √(365/252) apart
    const asStocks = seasonalBacktest(lookup, { ...BODY, legs: LEGS, costBps: 5, benchmark: 'SPY' });
    expect(api.metrics.volatility).toBeGreaterThan(0);
    expect(api.metrics.volatility).toBeCloseTo(asStocks.metrics.volatility! * Math.sqrt(365 / 252), 12);

    if (dialect !== 'sqlite') return;
    const args = ['seasonality', 'backtest', '--leg', 'BTC-USD:07-01:08-15:long', '--leg', 'SPY:07-01:08-15:long'];
    const cli = JSON.parse(await runCli(t.database.url, '--json', ...args, '--from', '2025', '--to', '2025'));
    expect(cli).toEqual(json(api));
  });
});
