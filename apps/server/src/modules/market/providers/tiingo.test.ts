import { describe, expect, it } from 'vitest';
import { startFakeTiingo } from '../../../testing/fake-providers/index.js';
import { FAST, providerFailure as failure, useKeyedProviderApi } from '../../../testing/fake-providers/test-deps.js';
import { createTiingoProvider } from './tiingo.js';

const KEY = 'tiingo-secret-key-0123456789';

describe('Tiingo adapter against the fake end-of-day API', () => {
  const { market, fake, t } = useKeyedProviderApi((m) => startFakeTiingo(m, { apiKey: KEY }));
  const tiingo = (apiKey = KEY) => createTiingoProvider({ apiKey, baseUrl: fake.baseUrl, policy: FAST, deps: t.deps });

  it('reads the fully adjusted fields, sends the key in the Authorization header only', async () => {
    const history = await tiingo().fetchHistory('AAPL', '2026-08-03', '2026-11-20');
    const expected = market.adjusted('AAPL').filter((b) => b.date >= '2026-08-03');
    expect(history.bars).toEqual(expected.map((b) => ({ ...b, volume: Math.round(b.volume) })));
    expect(history.actions).toEqual([{ date: '2026-08-10', kind: 'dividend', cash: 0.26 }]);
    const request = fake.requests[0]!;
    expect(request.path).toBe('/tiingo/daily/AAPL/prices');
    expect(request.query).toEqual({ startDate: '2026-08-03', endDate: '2026-11-20' });
    expect(request.headers.authorization).toBe(`Token ${KEY}`);
  });

  it('the fake takes the key as token= too, and answers /api/test', async () => {
    const ok = await fetch(`${fake.baseUrl}/api/test?token=${KEY}`);
    expect(await ok.json()).toEqual({ message: 'You successfully sent a request' });
    const refused = await fetch(`${fake.baseUrl}/api/test?token=wrong`);
    expect([refused.status, await refused.json()]).toEqual([401, { detail: 'Invalid token.' }]);
  });

  it('names share classes with a dash; has no indexes (not asked)', async () => {
    const brk = await tiingo().fetchHistory('BRK.B', '2026-11-16', '2026-11-20');
    expect(brk.bars).toHaveLength(5);
    expect(fake.requests[0]!.path).toBe('/tiingo/daily/BRK-B/prices');
    const provider = tiingo();
    expect(provider.supports('^GSPC')).toBe(false);
    expect((await failure(provider.fetchHistory('^GSPC', '2026-11-16', '2026-11-20'))).kind).toBe('unsupported');
    expect(fake.requests).toHaveLength(1);
  });

  it('a split re-adjusts the whole history: every earlier bar changes', async () => {
    const before = await tiingo().fetchHistory('AAPL', '2026-11-16', '2026-11-20');
    market.split('AAPL', '2026-11-23', 2);
    market.until = '2026-11-23';
    const after = await tiingo().fetchHistory('AAPL', '2026-11-16', '2026-11-23');
    expect(after.actions).toEqual([{ date: '2026-11-23', kind: 'split', ratio: 2 }]);
    for (let i = 0; i < before.bars.length; i++) {
      expect(after.bars[i]!.close).toBeCloseTo(before.bars[i]!.close / 2, 9);
      expect(after.bars[i]!.volume).toBe(before.bars[i]!.volume * 2);
    }
  });

  it('an unknown ticker (404) and an empty range ([]) are told apart', async () => {
    const unknown = await failure(tiingo().fetchHistory('ZZZZ', '2026-11-16', '2026-11-20'));
    expect(unknown).toMatchObject({
      kind: 'unknown-symbol',
      message: `Tiingo ZZZZ: unknown symbol "{\\"detail\\":\\"Error: Ticker 'ZZZZ' not found\\"}"`,
    });
    fake.scenario('AAPL', 'empty');
    expect((await tiingo().fetchHistory('AAPL', '2026-11-16', '2026-11-20')).bars).toEqual([]);
  });

  it('the hourly allocation (429) pauses Tiingo until the next hour', async () => {
    fake.scenario('AAPL', 'hourly-limit');
    const provider = tiingo();
    const limited = await failure(provider.fetchHistory('AAPL', '2026-11-16', '2026-11-20'));
    expect(limited.message).toMatch(
      /^Tiingo AAPL: hourly request allocation used up "\{\\"detail\\":\\"Error: You have run over/,
    );
    const paused = await failure(provider.fetchHistory('BRK.B', '2026-11-16', '2026-11-20'));
    expect(paused.message).toMatch(/^Tiingo BRK\.B: not asked: paused until 2026-11-23T11:00:00\.000Z/);
    expect(fake.requests).toHaveLength(1);
  });

  it('the monthly symbol cap, a text answer with 200, is a quota error that pauses Tiingo', async () => {
    fake.scenario('AAPL', 'monthly-limit');
    const provider = tiingo();
    const quota = await failure(provider.fetchHistory('AAPL', '2026-11-16', '2026-11-20'));
    expect(quota).toMatchObject({ kind: 'quota' });
    expect(quota.message).toMatch(
      /^Tiingo AAPL: monthly symbol allowance used up "You have run over your 500 symbol look up/,
    );
    const paused = await failure(provider.fetchHistory('BRK.B', '2026-11-16', '2026-11-20'));
    expect(paused.message).toMatch(/paused until 2026-12-01T00:00:00\.000Z/);
  });

  it('a refused key is named by its setting, never quoted', async () => {
    const wrong = 'not-the-key-9876543210';
    const error = await failure(tiingo(wrong).fetchHistory('AAPL', '2026-11-16', '2026-11-20'));
    expect(error.message).toBe(
      'Tiingo AAPL: key refused (HTTP 401 "{\\"detail\\":\\"Invalid token.\\"}"): check TIINGO_API_KEY',
    );
    expect(error.message).not.toContain(wrong);
  });

  it('HTML, messages, empty and cut-off bodies, 5xx and timeouts are errors, never rows', async () => {
    const cases: Array<[Parameters<typeof fake.scenario>[1], RegExp]> = [
      ['html', /^Tiingo AAPL: an HTML page instead of data/],
      ['note', /^Tiingo AAPL: rate limited: /],
      ['information', /^Tiingo AAPL: not in the plan: /],
      ['error-message', /^Tiingo AAPL: a message instead of data: /],
      ['empty-body', /^Tiingo AAPL: empty answer \(HTTP 200\) \(after 3 attempts\)$/],
      ['truncated', /^Tiingo AAPL: not JSON: /],
      [
        'server-error',
        /^Tiingo AAPL: provider unavailable \(HTTP 500, "Internal Server Error"\) \(after 3 attempts\)$/,
      ],
      ['slow', /^Tiingo AAPL: no answer within 500 ms \(after 3 attempts\)$/],
    ];
    for (const [step, message] of cases) {
      fake.scenario('AAPL', step);
      const error = await failure(tiingo().fetchHistory('AAPL', '2026-11-16', '2026-11-20'));
      expect(error.message, step).toMatch(message);
    }
  });
});
