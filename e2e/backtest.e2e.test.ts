// Issue #22, item 5: the seasonal backtest screen shows the API's numbers, to the digit, for
// the AAPL + SPY example (AAPL 10-05 → 11-01 long, SPY 11-01 → 04-30 long) on the shared data.
import { describe, expect, it } from 'vitest';
import { screenshot, screenshotOnFailure } from './support/browser.js';
import { DESKTOP_EN_US } from './support/accounts.js';
import { subscriberSuite } from './support/subscriber-suite.js';

const SYMBOLS = ['SPY', 'AAPL'];
const ADMIN = { email: 'backtest-admin@example.com', password: 'backtest e2e admin passphrase' };
const TRADER = { email: 'backtester@example.com', username: 'backtester', password: 'correct horse battery staple' };
const LEGS = [
  { symbol: 'AAPL', start: '10-05', end: '11-01', direction: 'long' },
  { symbol: 'SPY', start: '11-01', end: '04-30', direction: 'long' },
] as const;
const URL_PATH = '/seasonality/backtest?leg=AAPL:10-05:11-01:long&leg=SPY:11-01:04-30:long&cost=5&benchmark=SPY';

type Metrics = Record<string, number | null>;
interface Answer {
  trades: { symbol: string; year: number; return: number }[];
  metrics: Metrics;
  benchmark: Metrics & { symbol: string };
}

/** As the screen formats them (en-US): percentages with 2 decimals, ratios with 2, counts whole. */
const percent = (v: number | null, signed: boolean) =>
  v === null
    ? '—'
    : new Intl.NumberFormat('en-US', {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        signDisplay: signed ? 'exceptZero' : 'auto',
      }).format(v);
const ratio = (v: number | null) =>
  v === null ? '—' : new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
const SHOWN: Record<string, (v: number | null) => string> = {
  totalReturn: (v) => percent(v, true),
  cagr: (v) => percent(v, true),
  maxDrawdown: (v) => percent(v, true),
  volatility: (v) => percent(v, false),
  sharpe: ratio,
  sortino: ratio,
  exposure: (v) => percent(v, false),
  trades: (v) => String(v),
  tradeWinRate: (v) => percent(v, false),
  avgTrade: (v) => percent(v, true),
};

describe('the seasonal backtest on the shared data', () => {
  const s = subscriberSuite('backtest', SYMBOLS, { admin: ADMIN, trader: TRADER, browser: DESKTOP_EN_US });

  it('shows the metrics, the benchmark and the trades the API answers', async () => {
    await screenshotOnFailure(s.page, 'backtest-failure', async () => {
      const res = await s.context.request.post(`${s.server.url}/api/v1/seasonality/backtest`, {
        data: { legs: LEGS, costBps: 5, benchmark: 'SPY' },
        headers: { origin: s.server.url },
      });
      expect(res.status()).toBe(200);
      const api = (await res.json()) as Answer;
      expect(api.trades.length).toBeGreaterThan(10);

      await s.page.goto(s.server.url + URL_PATH);
      const metrics = s.page.getByTestId('backtest-metrics');
      await metrics.waitFor();
      for (const [key, show] of Object.entries(SHOWN)) {
        expect(await s.page.getByTestId(`metric-${key}`).textContent(), key).toBe(show(api.metrics[key] ?? null));
      }
      for (const key of ['totalReturn', 'cagr', 'maxDrawdown', 'sharpe']) {
        expect(await s.page.getByTestId(`benchmark-${key}`).textContent(), key).toBe(
          SHOWN[key]!(api.benchmark[key] ?? null),
        );
      }
      await s.page.getByRole('img', { name: /Equity curve of the strategy against SPY/ }).waitFor();
      expect(await s.page.getByRole('img', { name: /Drawdown of the strategy/ }).getAttribute('aria-label')).toContain(
        percent(api.metrics.maxDrawdown ?? null, true),
      );
      // the first trade row: the API's first trade, its net return as shown
      const first = s.page.getByTestId('backtest-trades').getByRole('row').nth(1);
      const text = (await first.textContent()) ?? '';
      expect(text).toContain(api.trades[0]!.symbol);
      expect(text).toContain(percent(api.trades[0]!.return, true));
      expect(await s.page.getByTestId('backtest-trades').textContent()).toContain(`of ${api.trades.length}`);
      await s.page.waitForLoadState('networkidle');
      await screenshot(s.page, 'backtest-1440');
    });
    expect(s.watch.errors).toEqual([]);
  });
});
