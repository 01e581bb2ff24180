import { describe, expect, it } from 'vitest';
import { FakeMarket, startFakeYahoo, type FakeYahoo } from '../../../testing/fake-providers/index.js';
import { FAST, providerFailure as failure, useFakeProviderApi } from '../../../testing/fake-providers/test-deps.js';
import { WHOLE_HISTORY_FROM, type ProviderBar } from './provider.js';
import { createYahooProvider, YAHOO_WINDOW_DAYS } from './yahoo.js';

/** Equal within Yahoo's rounding (adjclose has 4 decimals). */
function expectBars(actual: ProviderBar[], expected: ProviderBar[]) {
  expect(actual.map((b) => b.date)).toEqual(expected.map((b) => b.date));
  actual.forEach((b, i) => {
    const e = expected[i]!;
    for (const k of ['open', 'high', 'low', 'close'] as const)
      expect(Math.abs(b[k] - e[k]), `${b.date} ${k}`).toBeLessThan(1e-4 * e[k] + 1e-9 + 5e-5);
    expect(b.volume).toBe(Math.round(e.volume));
  });
}

describe('Yahoo adapter against the fake chart API', () => {
  const { market, fake, t, restart } = useFakeProviderApi(
    () =>
      new FakeMarket('2026-11-20')
        .add('AAPL', {
          from: '2019-01-02',
          splits: [{ date: '2020-08-31', ratio: 4 }],
          dividends: [
            { date: '2020-08-07', cash: 0.82 },
            { date: '2020-11-06', cash: 0.205 },
          ],
        })
        .add('BRK.B', { from: '2024-01-02' })
        .add('^GSPC', { from: '2024-01-02', price: 4700 }),
    (m) => startFakeYahoo(m),
  );
  const yahoo = () => createYahooProvider({ baseUrl: fake.baseUrl, policy: FAST, deps: t.deps });

  it('reads split-adjusted OHLC and adjclose into fully adjusted bars, with the documented query', async () => {
    const history = await yahoo().fetchHistory('AAPL', '2020-08-03', '2020-11-30');
    const expected = market.adjusted('AAPL').filter((b) => b.date >= '2020-08-03' && b.date <= '2020-11-30');
    expectBars(history.bars, expected);
    expect(history.issues).toEqual([]);
    expect(history.actions).toEqual([
      { date: '2020-08-07', kind: 'dividend', cash: 0.82 },
      { date: '2020-08-31', kind: 'split', ratio: 4 },
      { date: '2020-11-06', kind: 'dividend', cash: 0.205 },
    ]);
    const request = fake.requests[0]!;
    expect(request.path).toBe('/v8/finance/chart/AAPL');
    expect(request.query).toEqual({
      // 00:00 UTC of the day before `from`, of two days after `to` (§15.1)
      period1: String(Date.UTC(2020, 7, 2) / 1000),
      period2: String(Date.UTC(2020, 11, 2) / 1000),
      interval: '1d',
      events: 'div,splits',
    });
    expect(request.headers['user-agent']).toMatch(/^Mozilla\/5\.0 \(compatible; Solstice\//);
    // Prices before the split are a quarter of the traded ones, volume four times.
    const raw = market.raw('AAPL').find((b) => b.date === '2020-08-28')!;
    const bar = history.bars.find((b) => b.date === '2020-08-28')!;
    expect(bar.volume).toBe(raw.volume * 4);
    expect(bar.close / raw.close).toBeCloseTo(0.25 * (1 - 0.205 / 119), 2);
  });

  it('names share classes with a dash and indexes with an encoded caret', async () => {
    const brk = await yahoo().fetchHistory('BRK.B', '2026-11-16', '2026-11-20');
    expect(brk.bars.map((b) => b.date)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    const spx = await yahoo().fetchHistory('^GSPC', '2026-11-16', '2026-11-20');
    expectBars(spx.bars, market.adjusted('^GSPC').slice(-5));
    expect(fake.requests.map((r) => r.path)).toEqual(['/v8/finance/chart/BRK-B', '/v8/finance/chart/%5EGSPC']);
  });

  it('fetches a whole history newest window first, each at most ten years, back to the first trade', async () => {
    market.add('IBM', { from: '1995-01-03' });
    await restart((m) => startFakeYahoo(m, { maxWindowDays: YAHOO_WINDOW_DAYS }));
    const history = await yahoo().fetchHistory('IBM', WHOLE_HISTORY_FROM, '2026-11-20');
    expectBars(history.bars, market.adjusted('IBM'));
    const windows = fake.requests.map((r) => [Number(r.query.period1), Number(r.query.period2)] as const);
    expect(windows).toHaveLength(4);
    for (const [p1, p2] of windows) expect(p2 - p1).toBeLessThanOrEqual(YAHOO_WINDOW_DAYS * 86_400);
    // Each window's dates end the day before the next one's begin; a request reaches a day beyond both ends.
    for (let i = 1; i < windows.length; i++) expect(windows[i]![1]).toBe(windows[i - 1]![0] + 2 * 86_400);
    // The oldest window starts at the first trade's day, not in 1900.
    expect(windows.at(-1)![0]).toBe(Date.UTC(1995, 0, 2) / 1000);
  });

  it('skips null rows with the date, keeps the first row of a date (live row), drops rows after the range', async () => {
    fake.scenario('BRK.B', 'nulls');
    const nulls = await yahoo().fetchHistory('BRK.B', '2026-11-16', '2026-11-20');
    expect(nulls.bars.map((b) => b.date)).toEqual(['2026-11-16', '2026-11-19', '2026-11-20']);
    expect(nulls.issues).toEqual([
      { file: 'yahoo:BRK.B', line: null, reason: '2026-11-17: missing day (null values)', action: 'skip' },
      { file: 'yahoo:BRK.B', line: null, reason: '2026-11-18: missing day (null values)', action: 'skip' },
    ]);
    fake.scenario('BRK.B', 'live-row');
    const live = await yahoo().fetchHistory('BRK.B', '2026-11-16', '2026-11-20');
    expectBars(live.bars, market.adjusted('BRK.B').slice(-5));
    fake.scenario('BRK.B', 'after-period2');
    const after = await yahoo().fetchHistory('BRK.B', '2026-11-16', '2026-11-19');
    expect(after.bars.map((b) => b.date)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19']);
  });

  it('an empty window (weekend) is no bars; a missing adjclose is an error for a stock, fine for an index', async () => {
    const weekend = await yahoo().fetchHistory('AAPL', '2026-11-21', '2026-11-22');
    expect(weekend.bars).toEqual([]);
    fake.scenario('BRK.B', 'no-adjclose');
    fake.scenario('^GSPC', 'no-adjclose');
    const error = await failure(yahoo().fetchHistory('BRK.B', '2026-11-16', '2026-11-20'));
    expect(error.message).toBe('Yahoo BRK.B: no adjclose: the dividend-adjusted prices the store holds are missing');
    const index = await yahoo().fetchHistory('^GSPC', '2026-11-16', '2026-11-20');
    expect(index.bars).toHaveLength(5);
  });

  it('an unknown symbol (404) and bad requests (400, 422) are errors naming provider and symbol', async () => {
    const unknown = await failure(yahoo().fetchHistory('ZZZZ', '2026-11-16', '2026-11-20'));
    expect(unknown).toMatchObject({
      kind: 'unknown-symbol',
      message: 'Yahoo ZZZZ: unknown symbol (Not Found: No data found, symbol may be delisted)',
    });
    fake.scenario('AAPL', 'bad-request', 'unprocessable');
    const bad = await failure(yahoo().fetchHistory('AAPL', '2026-11-16', '2026-11-20'));
    expect(bad.message).toMatch(/^Yahoo AAPL: HTTP 400 Bad Request: Invalid input - interval/);
    const unprocessable = await failure(yahoo().fetchHistory('AAPL', '2026-11-16', '2026-11-20'));
    expect(unprocessable.message).toMatch(/^Yahoo AAPL: HTTP 422 Unprocessable Entity: /);
    expect(t.sleeps).toEqual([]);
  });

  it('a 429 (Edge: Too Many Requests) pauses Yahoo: later symbols are not asked', async () => {
    fake.blockFor(60_000);
    const provider = yahoo();
    const limited = await failure(provider.fetchHistory('AAPL', '2026-11-16', '2026-11-20'));
    expect(limited.kind).toBe('rate-limited');
    expect(limited.message).toBe(
      'Yahoo AAPL: rate limited (HTTP 429 "Edge: Too Many Requests"): Yahoo not asked again for 15 min',
    );
    const paused = await failure(provider.fetchHistory('BRK.B', '2026-11-16', '2026-11-20'));
    expect(paused.kind).toBe('paused');
    expect(paused.message).toMatch(/^Yahoo BRK\.B: not asked: paused until .* after "rate limited/);
    expect(fake.requests).toHaveLength(1);
  });

  it('without a browser-like User-Agent the fake edge answers 429', async () => {
    const response = await fetch(`${fake.baseUrl}/v8/finance/chart/AAPL?period1=0&period2=1&interval=1d`, {
      headers: { 'User-Agent': 'node' },
    });
    expect([response.status, await response.text()]).toEqual([429, 'Edge: Too Many Requests']);
  });

  it('"Will be right back" (503 or 200) and 5xx are retried with backoff; an answer afterwards counts', async () => {
    fake.scenario('AAPL', 'down', 'server-error', 'ok');
    const history = await yahoo().fetchHistory('AAPL', '2026-11-16', '2026-11-20');
    expect(history.bars).toHaveLength(5);
    expect(t.sleeps).toEqual([75, 150]); // 100 ms then 200 ms, equal jitter at 0.5
    fake.scenario('BRK.B', 'down-200');
    const down = await failure(yahoo().fetchHistory('BRK.B', '2026-11-16', '2026-11-20'));
    expect(down.message).toBe('Yahoo BRK.B: Yahoo is down ("Will be right back" page, HTTP 200) (after 3 attempts)');
  });

  it('an HTML page with 200 is blocked, never rows; JSON messages, empty and cut-off bodies are errors', async () => {
    const cases: Array<[Parameters<FakeYahoo['scenario']>[1], RegExp]> = [
      ['html', /^Yahoo AAPL: an HTML page instead of data \(HTTP 200/],
      ['note', /^Yahoo AAPL: rate limited: "Thank you for using our API! Our standard API rate limit/],
      ['information', /^Yahoo AAPL: not in the plan: "Thank you for using our API! This is a premium endpoint/],
      ['error-message', /^Yahoo AAPL: a message instead of data: "Something went wrong on our side, sorry\."/],
      ['empty-body', /^Yahoo AAPL: empty answer \(HTTP 200\) \(after 3 attempts\)$/],
      ['truncated', /^Yahoo AAPL: not JSON: "\[\{\\"date\\":/],
    ];
    for (const [step, message] of cases) {
      fake.scenario('AAPL', step);
      const error = await failure(yahoo().fetchHistory('AAPL', '2026-11-16', '2026-11-20'));
      expect(error.message, step).toMatch(message);
    }
  });

  it('times out a request that does not answer, and reports a dropped connection', async () => {
    fake.scenario('AAPL', 'slow');
    const provider = createYahooProvider({
      baseUrl: fake.baseUrl,
      policy: { ...FAST, timeoutMs: 150, attempts: 2 },
      deps: t.deps,
    });
    const slow = await failure(provider.fetchHistory('AAPL', '2026-11-16', '2026-11-20'));
    expect(slow).toMatchObject({ kind: 'timeout', message: 'Yahoo AAPL: no answer within 150 ms (after 2 attempts)' });
    fake.scenario('BRK.B', 'reset');
    const reset = await failure(provider.fetchHistory('BRK.B', '2026-11-16', '2026-11-20'));
    expect(reset.kind).toBe('network');
    expect(reset.message).toMatch(/^Yahoo BRK\.B: network error \(\w+\) \(after 2 attempts\)$/);
  });

  it('keeps to the concurrency limit and paces request starts', async () => {
    fake.latencyMs = 30;
    let inFlight = 0;
    let most = 0;
    const starts: number[] = [];
    const counting: typeof fetch = async (input, init) => {
      starts.push(performance.now());
      most = Math.max(most, ++inFlight);
      try {
        return await fetch(input, init);
      } finally {
        inFlight -= 1;
      }
    };
    const symbols = ['AAPL', 'BRK.B', '^GSPC', 'AAPL', 'BRK.B'];
    const paced = createYahooProvider({
      baseUrl: fake.baseUrl,
      policy: { ...FAST, concurrency: 1, minIntervalMs: 80 },
      deps: { fetch: counting },
    });
    const began = performance.now();
    await Promise.all(symbols.map((s) => paced.fetchHistory(s, '2026-11-16', '2026-11-20')));
    expect(most).toBe(1);
    // Five starts at least 80 ms apart (the exact spacing: request-gate.test.ts).
    expect(starts.at(-1)! - began).toBeGreaterThanOrEqual(4 * 80 - 2);

    most = 0;
    const two = createYahooProvider({
      baseUrl: fake.baseUrl,
      policy: { ...FAST, concurrency: 2 },
      deps: { fetch: counting },
    });
    await Promise.all(symbols.map((s) => two.fetchHistory(s, '2026-11-16', '2026-11-20')));
    expect(most).toBe(2);
  });

  it('stops when the caller aborts', async () => {
    fake.scenario('AAPL', 'slow');
    const controller = new AbortController();
    const pending = yahoo().fetchHistory('AAPL', '2026-11-16', '2026-11-20', controller.signal);
    setTimeout(() => controller.abort(new Error('run cancelled')), 50);
    await expect(pending).rejects.toThrow('run cancelled');
  });
});
