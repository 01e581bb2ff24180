import { describe, expect, it } from 'vitest';
import { startFakeEodhd } from '../../../testing/fake-providers/index.js';
import { FAST, providerFailure as failure, useKeyedProviderApi } from '../../../testing/fake-providers/test-deps.js';
import { createEodhdProvider } from './eodhd.js';

const KEY = 'eodhd-secret-key-0123456789';

describe('EODHD adapter against the fake API', () => {
  const { market, fake, t, restart } = useKeyedProviderApi((m) => startFakeEodhd(m, { apiKey: KEY }));
  const eodhd = (apiKey = KEY) => createEodhdProvider({ apiKey, baseUrl: fake.baseUrl, policy: FAST, deps: t.deps });

  it('scales open, high and low by adjusted_close/close; asks with the documented query', async () => {
    const history = await eodhd().fetchHistory('AAPL', '2026-08-03', '2026-11-20');
    const expected = market.adjusted('AAPL').filter((b) => b.date >= '2026-08-03');
    expect(history.bars.map((b) => b.date)).toEqual(expected.map((b) => b.date));
    history.bars.forEach((b, i) => {
      for (const k of ['open', 'high', 'low', 'close'] as const)
        expect(Math.abs(b[k] - expected[i]![k])).toBeLessThan(1e-4 * expected[i]![k]);
    });
    const request = fake.requests[0]!;
    expect(request.path).toBe('/eod/AAPL.US');
    expect(request.query).toEqual({
      from: '2026-08-03',
      to: '2026-11-20',
      period: 'd',
      order: 'a',
      fmt: 'json',
      api_token: KEY,
    });
  });

  it('names share classes SYM-B.US and indexes IDX.INDX', async () => {
    await eodhd().fetchHistory('BRK.B', '2026-11-16', '2026-11-20');
    const index = await eodhd().fetchHistory('^GSPC', '2026-11-16', '2026-11-20');
    expect(index.bars).toHaveLength(5);
    expect(fake.requests.map((r) => r.path)).toEqual(['/eod/BRK-B.US', '/eod/GSPC.INDX']);
  });

  it('waits out Retry-After on a 429, then reads the answer', async () => {
    fake.scenario('AAPL', 'rate-limited', 'ok');
    const history = await eodhd().fetchHistory('AAPL', '2026-11-16', '2026-11-20');
    expect(history.bars).toHaveLength(5);
    expect(t.sleeps).toEqual([60_000]);
  });

  it('a Retry-After longer than a run should wait pauses EODHD instead', async () => {
    await restart((m) => startFakeEodhd(m, { apiKey: KEY, retryAfterSeconds: 3600 }));
    fake.scenario('AAPL', 'rate-limited');
    const provider = eodhd();
    const limited = await failure(provider.fetchHistory('AAPL', '2026-11-16', '2026-11-20'));
    expect(limited.message).toBe('EODHD AAPL: rate limited (HTTP 429 "Too Many Requests")');
    expect(t.sleeps).toEqual([]);
    expect((await failure(provider.fetchHistory('BRK.B', '2026-11-16', '2026-11-20'))).message).toMatch(
      /^EODHD BRK\.B: not asked: paused until 2026-11-23T11:15:00\.000Z/,
    );
  });

  it('402 (daily quota) pauses until midnight UTC; 403 is outside the plan; 404 unknown', async () => {
    fake.scenario('AAPL', 'plan');
    expect((await failure(eodhd().fetchHistory('AAPL', '2026-11-16', '2026-11-20'))).message).toBe(
      'EODHD AAPL: not in the plan (HTTP 403 "Forbidden")',
    );
    expect((await failure(eodhd().fetchHistory('ZZZZ', '2026-11-16', '2026-11-20'))).message).toBe(
      'EODHD ZZZZ: unknown symbol "Ticker Not Found."',
    );
    fake.scenario('AAPL', 'quota');
    const provider = eodhd();
    expect((await failure(provider.fetchHistory('AAPL', '2026-11-16', '2026-11-20'))).kind).toBe('quota');
    expect((await failure(provider.fetchHistory('BRK.B', '2026-11-16', '2026-11-20'))).message).toMatch(
      /paused until 2026-11-24T00:00:00\.000Z/,
    );
  });

  it('a refused key is named by its setting; the key is never in a message', async () => {
    const wrong = 'wrong-key-5555555555';
    const error = await failure(eodhd(wrong).fetchHistory('AAPL', '2026-11-16', '2026-11-20'));
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/check EODHD_API_KEY$/);
    expect(error.message).not.toContain(wrong);
    expect(error.message).not.toContain(KEY);
  });

  it('CSV where JSON was asked, HTML and messages are errors', async () => {
    const cases: Array<[Parameters<typeof fake.scenario>[1], RegExp]> = [
      ['csv', /^EODHD AAPL: not JSON: "Date,Open,High,Low,Close,Adjusted_close,Volume /],
      ['html', /^EODHD AAPL: an HTML page instead of data/],
      ['note', /^EODHD AAPL: rate limited: /],
      ['error-message', /^EODHD AAPL: a message instead of data: /],
    ];
    for (const [step, message] of cases) {
      fake.scenario('AAPL', step);
      expect((await failure(eodhd().fetchHistory('AAPL', '2026-11-16', '2026-11-20'))).message, step).toMatch(message);
    }
  });

  it('the bulk day: one request for the whole market, bars for the symbols asked', async () => {
    const day = await eodhd().fetchLatestDay!('2026-11-20', ['AAPL', 'BRK.B', '^GSPC', 'ZZZZ']);
    expect([...day.bars.keys()]).toEqual(['AAPL', 'BRK.B']);
    const expected = market.adjusted('AAPL').at(-1)!;
    expect(day.bars.get('AAPL')!.close).toBeCloseTo(expected.close, 3);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.path).toBe('/eod-bulk-last-day/US');
    expect(fake.requests[0]!.query).toEqual({ date: '2026-11-20', fmt: 'json', api_token: KEY });
  });
});
