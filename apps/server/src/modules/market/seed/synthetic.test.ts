import { describe, expect, it } from 'vitest';
import type { PriceSeries } from '@solstice/analytics';
import { isoFromDay } from '../dates.js';
import { demoCalendar, generateDemoUniverse } from './synthetic.js';
import { demoUniverse, SECTORS } from './universe.js';

const TODAY = '2026-11-21';
const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'XOM', 'CVX', 'SPY', 'XLE', 'JPM', 'HD', 'AMZN', 'NEE'];

function generate(seed?: number): Map<string, PriceSeries> {
  return new Map(
    [...generateDemoUniverse({ today: TODAY, seed, only: SYMBOLS })].map((x) => [x.member.symbol, x.series]),
  );
}

const returns = (s: PriceSeries) => Array.from(s.close.subarray(1), (c, i) => Math.log(c / s.close[i]!));
const mean = (x: number[]) => x.reduce((a, b) => a + b, 0) / x.length;
function corr(a: number[], b: number[]): number {
  const ma = mean(a);
  const mb = mean(b);
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < a.length; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb);
}

const data = generate();

describe('demo universe', () => {
  it('has about 500 instruments over the 11 GICS sectors, AAPL as APPLE INC, and the ETFs', () => {
    const u = demoUniverse(20_240_101);
    expect(u.length).toBe(500);
    expect(new Set(u.filter((m) => m.type === 'stock').map((m) => m.sector)).size).toBe(11);
    expect(new Set(u.map((m) => m.symbol)).size).toBe(u.length);
    expect(u.find((m) => m.symbol === 'AAPL')).toMatchObject({
      name: 'APPLE INC',
      type: 'stock',
      sector: 'Information Technology',
    });
    for (const etf of ['SPY', 'QQQ', 'DIA', 'IWM', ...SECTORS.map((s) => s.etf)])
      expect(u.find((m) => m.symbol === etf)?.type).toBe('etf');
    expect(
      u
        .filter((m) => m.type === 'stock')
        .every((m) => m.industry !== null && m.marketCap !== null && m.marketCap > 1e9),
    ).toBe(true);
  });

  it('runs on weekdays from 2000-01-03 to the last weekday before today', () => {
    const saturday = demoCalendar('2026-11-21');
    expect(isoFromDay(saturday[0]!)).toBe('2000-01-03');
    expect(isoFromDay(saturday[saturday.length - 1]!)).toBe('2026-11-20');
    const monday = demoCalendar('2026-11-23');
    expect(isoFromDay(monday[monday.length - 1]!)).toBe('2026-11-20');
    expect(saturday.length).toBeGreaterThan(25 * 260);
  });
});

describe('synthetic bars', () => {
  it('are deterministic: the same seed gives the same bars, another seed others', () => {
    const again = generate();
    for (const symbol of SYMBOLS) expect(again.get(symbol)).toEqual(data.get(symbol));
    const other = generate(7);
    expect(Array.from(other.get('AAPL')!.close.subarray(-5))).not.toEqual(
      Array.from(data.get('AAPL')!.close.subarray(-5)),
    );
  });

  it('a subset has the same bars as the full universe', () => {
    const alone = [...generateDemoUniverse({ today: TODAY, only: ['NEE'] })][0]!.series;
    expect(alone).toEqual(data.get('NEE'));
  });

  it('keep OHLC consistent, prices positive, volumes whole and positive', () => {
    let checked = 0;
    const bad: string[] = [];
    for (const s of data.values()) {
      for (let i = 0; i < s.close.length; i++) {
        const o = s.open[i]!;
        const c = s.close[i]!;
        checked++;
        if (!(s.low[i]! > 0 && s.low[i]! <= Math.min(o, c) && s.high[i]! >= Math.max(o, c)))
          bad.push(`${s.symbol} ${i} OHLC`);
        if (!(Number.isInteger(s.volume[i]!) && s.volume[i]! > 0)) bad.push(`${s.symbol} ${i} volume`);
      }
    }
    expect(bad).toEqual([]);
    expect(checked).toBe(SYMBOLS.length * data.get('AAPL')!.close.length);
  });

  it('correlate within a sector more than across, and with the market', () => {
    const r = (s: string) => returns(data.get(s)!);
    const sameSector = corr(r('XOM'), r('CVX'));
    const cross = corr(r('XOM'), r('MSFT'));
    expect(sameSector).toBeGreaterThan(cross + 0.05);
    expect(cross).toBeGreaterThan(0.1);
    expect(corr(r('SPY'), r('MSFT'))).toBeGreaterThan(0.3);
    expect(corr(r('XLE'), r('XOM'))).toBeGreaterThan(0.4);
  });

  it('have fat tails, volatility clustering and volumes that follow the size of moves', () => {
    const r = returns(data.get('AAPL')!);
    const m = mean(r);
    const variance = mean(r.map((x) => (x - m) ** 2));
    const kurtosis = mean(r.map((x) => (x - m) ** 4)) / variance ** 2;
    expect(kurtosis).toBeGreaterThan(4);
    const spy = returns(data.get('SPY')!).map(Math.abs);
    expect(corr(spy.slice(1), spy.slice(0, -1))).toBeGreaterThan(0.1);
    const volume = Array.from(data.get('AAPL')!.volume.subarray(1));
    expect(corr(volume, r.map(Math.abs))).toBeGreaterThan(0.2);
  });

  it('carry the documented seasonal effect of energy (Feb 15 – Apr 30)', () => {
    const s = data.get('XLE')!;
    const r = returns(s);
    const inWindow: number[] = [];
    const outside: number[] = [];
    r.forEach((x, i) => {
      const d = isoFromDay(s.dates[i + 1]!).slice(5);
      (d >= '02-15' && d <= '04-30' ? inWindow : outside).push(x);
    });
    expect(mean(inWindow) - mean(outside)).toBeGreaterThan(0.0008);
  });
});
