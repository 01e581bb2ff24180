import { describe, expect, it } from 'vitest';
import { seriesFromRows, type PriceSeries } from '../series.js';
import { emaSeries, smaSeries } from './moving-averages.js';
import { atrSeries, bollingerSeries, macdSeries, rsiSeries, volatilitySeries } from './oscillators.js';
import { indicatorBarAt } from './snapshot.js';
import fixture from './fixtures/ttr-fixture.json' with { type: 'json' };

/**
 * The last 300 real bars of three symbols (../shared/market-data) and the last 60 values of
 * R's TTR on them (scripts/ttr-compare/ttr-fixture.R regenerates the fixture). TTR's
 * definitions agree with analytics.md here: EMA seeded with the SMA, RSI with Wilder's EMA
 * (ratio 1/n) seeded with the SMA of the first n changes, MACD with percent = FALSE, BBands
 * with the population sd, runSD the sample sd. TTR's ATR differs by definition (its first
 * true range is NA, so it seeds from TR 2..15); the fixture smooths TTR's true ranges with
 * the first one set to high − low, i.e. our definition, through TTR's Wilder EMA.
 */
interface FixtureSymbol {
  symbol: string;
  dates: string[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
  ttr: Record<string, (number | null)[]>;
}

const TOLERANCE = 1e-9;

function ours(s: PriceSeries): Record<string, Float64Array> {
  const m = macdSeries(s.close, 12, 26, 9);
  const bb = bollingerSeries(s.close, 20, 2);
  return {
    sma20: smaSeries(s.close, 20),
    sma50: smaSeries(s.close, 50),
    sma200: smaSeries(s.close, 200),
    ema20: emaSeries(s.close, 20),
    ema50: emaSeries(s.close, 50),
    rsi14: rsiSeries(s.close, 14),
    macd: m.macd,
    macdSignal: m.signal,
    atr14: atrSeries(s.high, s.low, s.close, 14),
    bbUpper: bb.upper,
    bbMiddle: bb.middle,
    bbLower: bb.lower,
    volatility20: volatilitySeries(s.close, 20),
  };
}

describe.each((fixture as { symbols: FixtureSymbol[] }).symbols)('$symbol against R TTR', (f) => {
  const series = seriesFromRows(
    f.symbol,
    f.dates.map((date, i) => ({
      date,
      open: f.open[i] as number,
      high: f.high[i] as number,
      low: f.low[i] as number,
      close: f.close[i] as number,
      volume: f.volume[i] as number,
    })),
  );
  const mine = ours(series);
  const n = series.close.length;

  it.each(Object.keys(f.ttr))('%s agrees to 1e-9 on the last 60 bars', (name) => {
    const expected = f.ttr[name] as (number | null)[];
    const actual = mine[name] as Float64Array;
    expect(expected.length).toBe(60);
    expected.forEach((e, k) => {
      const a = actual[n - expected.length + k] as number;
      expect(e).not.toBeNull();
      const diff = Math.abs(a - (e as number));
      expect(diff, `${name}[${k}]: ${a} vs ${e}`).toBeLessThanOrEqual(TOLERANCE * Math.max(1, Math.abs(e as number)));
    });
  });

  it('the latest snapshot uses the same values', () => {
    const snap = indicatorBarAt(series, n - 1);
    for (const name of ['sma20', 'ema50', 'rsi14', 'macd', 'macdSignal', 'atr14', 'bbUpper', 'volatility20'] as const) {
      expect(snap[name]).toBeCloseTo(f.ttr[name]?.at(-1) as number, 9);
    }
  });
});
