import { afterEach, describe, expect, it } from 'vitest';
import { FakeMarket } from './fake-market.js';
import { startFakeEodhd } from './fake-eodhd.js';
import { startFakeYahoo } from './fake-yahoo.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

describe('the fake market', () => {
  it('adjusts backward as data-providers.md §2.1: a split n:1 divides earlier prices by n, a dividend scales them by 1 − D/close(t−1)', () => {
    const market = new FakeMarket('2026-11-20').add('X', {
      from: '2026-11-02',
      splits: [{ date: '2026-11-10', ratio: 4 }],
      dividends: [{ date: '2026-11-16', cash: 0.5 }],
    });
    const raw = market.raw('X');
    const adjusted = market.adjusted('X');
    const split = market.splitAdjusted('X');
    const i = (date: string) => raw.findIndex((b) => b.date === date);
    const dividendFactor = 1 - 0.5 / raw[i('2026-11-13')]!.close;
    // Before both events, after the split only, on and after the ex-date (the latest bars are as traded).
    expect(adjusted[i('2026-11-06')]!.close).toBeCloseTo((raw[i('2026-11-06')]!.close / 4) * dividendFactor, 12);
    expect(adjusted[i('2026-11-06')]!.volume).toBe(raw[i('2026-11-06')]!.volume * 4);
    expect(adjusted[i('2026-11-12')]!.close).toBeCloseTo(raw[i('2026-11-12')]!.close * dividendFactor, 12);
    expect(adjusted[i('2026-11-16')]).toEqual(raw[i('2026-11-16')]);
    expect(split[i('2026-11-06')]!.close).toBeCloseTo(raw[i('2026-11-06')]!.close / 4, 12);
    expect(split[i('2026-11-12')]).toEqual(raw[i('2026-11-12')]);
    // As traded, the price falls by the split ratio on the split day.
    expect(raw[i('2026-11-10')]!.open / raw[i('2026-11-09')]!.close).toBeLessThan(0.3);
  });
});

describe('the fake providers', () => {
  it('wait the configured latency before every answer', async () => {
    const yahoo = await startFakeYahoo(new FakeMarket('2026-11-20').add('X'), { latencyMs: 100 });
    closers.push(() => yahoo.close());
    const started = performance.now();
    await fetch(`${yahoo.baseUrl}/v8/finance/chart/X?period1=1&period2=2&interval=1d`, {
      headers: { 'User-Agent': 'Mozilla/5.0' },
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(99);
  });

  it('Yahoo: an empty window has meta, no timestamp and empty indicator objects; before the first trade, 400', async () => {
    const yahoo = await startFakeYahoo(new FakeMarket('2026-11-20').add('X', { from: '2026-11-02' }));
    closers.push(() => yahoo.close());
    const get = (p1: number, p2: number) =>
      fetch(`${yahoo.baseUrl}/v8/finance/chart/X?period1=${p1}&period2=${p2}&interval=1d&events=div,splits`, {
        headers: { 'User-Agent': 'Mozilla/5.0' },
      });
    const weekend = (await (await get(Date.UTC(2026, 10, 7) / 1000, Date.UTC(2026, 10, 9) / 1000)).json()) as {
      chart: { result: Array<{ timestamp?: number[]; indicators: unknown }> };
    };
    expect(weekend.chart.result[0]!.timestamp).toBeUndefined();
    expect(weekend.chart.result[0]!.indicators).toEqual({ quote: [{}], adjclose: [{}] });
    const before = await get(Date.UTC(2020, 0, 1) / 1000, Date.UTC(2020, 5, 1) / 1000);
    expect(before.status).toBe(400);
    expect(((await before.json()) as { chart: { error: { description: string } } }).chart.error.description).toMatch(
      /^Data doesn't exist for startDate = /,
    );
  });

  it('EODHD: CSV unless fmt=json', async () => {
    const eodhd = await startFakeEodhd(new FakeMarket('2026-11-20').add('X', { from: '2026-11-19' }), { apiKey: 'k' });
    closers.push(() => eodhd.close());
    const csv = await fetch(`${eodhd.baseUrl}/eod/X.US?api_token=k`);
    expect(csv.headers.get('content-type')).toBe('text/csv');
    expect((await csv.text()).split('\n')[0]).toBe('Date,Open,High,Low,Close,Adjusted_close,Volume');
  });
});
