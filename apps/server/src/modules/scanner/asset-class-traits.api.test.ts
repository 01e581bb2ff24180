import { describe, expect, it } from 'vitest';
import { requestAs } from '../../testing/auth-helpers.js';
import { useAssetClassApp } from '../../testing/asset-class-app.js';
import { testDialects } from '../../testing/test-databases.js';

/** Wednesday 2026-03-18, 12:00 UTC: the stand-in serves up to the day before. */
const NOW = Date.UTC(2026, 2, 18, 12, 0);

describe.each(testDialects())(
  'each instrument on its own calendar and volume in scans, charts, conditions (%s)',
  (dialect) => {
    const { t, admin } = useAssetClassApp(dialect, ['SPY', 'BTC-USD', 'EURUSD=X'], NOW);
    const scan = (body: object) => requestAs(t, admin, 'POST', '/api/v1/scanner', body);
    const closes = (symbol: string) => Array.from(t.services.market.series(symbol)!.close);

    it('an fx instrument’s volume expression never matches, as itself or negated', async () => {
      for (const expression of ['volume >= 0', 'not (volume < 0)', 'avgVolume20 >= 0']) {
        const res = await scan({ expression });
        expect(res.statusCode, expression).toBe(200);
        const symbols = res.json().results.map((r: { symbol: string }) => r.symbol);
        expect(symbols, expression).toContain('BTC-USD');
        expect(symbols, expression).not.toContain('EURUSD=X');
      }
      const all = (await scan({ expression: 'close > 0' })).json().results.map((r: { symbol: string }) => r.symbol);
      expect(all).toContain('EURUSD=X');
    });

    it('a crypto instrument’s perf.w1 is over 7 bars, an fx one’s over 5, and a US ETF’s unchanged', async () => {
      const res = await scan({ expression: 'close > 0', columns: ['perf.w1'] });
      expect(res.statusCode).toBe(200);
      const rows = res.json().results as { symbol: string; w1: number }[];
      const w1 = (s: string) => rows.find((r) => r.symbol === s)!.w1;
      const over = (s: string, k: number) => {
        const c = closes(s);
        return c[c.length - 1]! / c[c.length - 1 - k]! - 1;
      };
      expect(over('BTC-USD', 7)).not.toBeCloseTo(over('BTC-USD', 5), 6);
      expect(w1('BTC-USD')).toBeCloseTo(over('BTC-USD', 7), 12);
      expect(w1('EURUSD=X')).toBeCloseTo(over('EURUSD=X', 5), 12);
      expect(w1('SPY')).toBeCloseTo(over('SPY', 5), 12);
    });

    it('the chart of an fx instrument has null volume and a null volume expression', async () => {
      const res = await requestAs(t, admin, 'GET', '/api/v1/chart/EURUSD%3DX?series=sma(volume,%205)&bars=5');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.volume).toEqual([null, null, null, null, null]);
      expect(body.series[0].values).toEqual([null, null, null, null, null]);
      const btc = (await requestAs(t, admin, 'GET', '/api/v1/chart/BTC-USD?series=sma(volume,%205)&bars=5')).json();
      expect(btc.series[0].values.every((v: number | null) => typeof v === 'number')).toBe(true);
    });

    it('a pattern’s volume condition never holds on an fx instrument, and holds on crypto', async () => {
      const pattern = (symbol: string) =>
        requestAs(
          t,
          admin,
          'GET',
          `/api/v1/seasonality/pattern?symbol=${encodeURIComponent(symbol)}&start=09-01&end=09-20&condition=${encodeURIComponent('volume >= 0')}`,
        );
      const eur = await pattern('EURUSD=X');
      expect(eur.statusCode).toBe(200);
      expect(eur.json()).toMatchObject({ years: [], condition: { removed: 1, removedYears: [2025] } });
      const btc = await pattern('BTC-USD');
      expect(btc.json()).toMatchObject({ stats: { count: 1 }, condition: { removed: 0 } });
    });
  },
);
