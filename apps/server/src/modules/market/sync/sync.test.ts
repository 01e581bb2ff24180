import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../testing/test-databases.js';
import { stooqProvider, yahooProvider } from './providers.js';
import { syncMarketData } from './sync.js';

interface Recorded {
  url: URL;
}

/** A local stand-in for the provider: answers recorded-style CSV per symbol, counting requests. */
async function startServer(answer: (url: URL, n: number, res: http.ServerResponse) => void) {
  const requests: Recorded[] = [];
  const counts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    requests.push({ url });
    const key = url.searchParams.get('s') ?? url.pathname;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    answer(url, n, res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const csv = (res: http.ServerResponse, body: string) => {
  res.writeHead(200, { 'content-type': 'text/csv' });
  res.end(body);
};

describe.each(testDialects())('sync on %s', (dialect) => {
  let database: TestDatabase;
  let close: () => Promise<void> = async () => {};
  afterEach(async () => {
    await close();
    await database.destroy();
  });

  async function instruments() {
    const row = (symbol: string, synthetic = 0) => ({
      symbol,
      name: symbol,
      type: 'stock' as const,
      exchange: null,
      sector: null,
      industry: null,
      currency: 'USD',
      market_cap: null,
      synthetic,
      updated_at: 0,
    });
    await database.db
      .insertInto('instruments')
      .values([row('IBM'), row('NEW'), row('SLOW'), row('GONE'), row('DEMO', 1)])
      .execute();
    await database.db
      .insertInto('daily_bars')
      .values([
        { symbol: 'IBM', date: '2024-01-02', open: 10, high: 11, low: 9, close: 10.5, volume: 100 },
        { symbol: 'IBM', date: '2024-01-03', open: 10.5, high: 11.5, low: 10, close: 11, volume: 200 },
        { symbol: 'DEMO', date: '2024-01-03', open: 1, high: 1, low: 1, close: 1, volume: 1 },
      ])
      .execute();
  }

  it('fetches from the day after the latest bar, retries, times out, and reports per symbol (Stooq)', async () => {
    database = await createTestDatabase(dialect);
    await instruments();
    const server = await startServer((url, n, res) => {
      const s = url.searchParams.get('s');
      if (s === 'ibm.us')
        return csv(
          res,
          'Date,Open,High,Low,Close,Volume\r\n2024-01-04,11,12,10.5,11.5,300\r\n2024-01-05,11.5,12,11,0,10\r\n',
        );
      if (s === 'new.us') {
        if (n === 1) {
          res.writeHead(503);
          return res.end('busy');
        }
        return csv(res, 'Date,Open,High,Low,Close,Volume\n2024-01-04,5,6,4,5.5,50\n');
      }
      if (s === 'slow.us') return; // never answers
      res.writeHead(404);
      res.end('not found');
    });
    close = server.close;
    const report = await syncMarketData(database, {
      provider: stooqProvider(server.base),
      today: '2024-01-05',
      timeoutMs: 150,
      attempts: 2,
      backoffMs: 5,
    });
    expect(report.provider).toBe('stooq');
    expect(report.symbols.map((r) => r.symbol)).toEqual(['GONE', 'IBM', 'NEW', 'SLOW']);
    const by = Object.fromEntries(report.symbols.map((r) => [r.symbol, r]));
    expect(by.IBM).toEqual({
      symbol: 'IBM',
      status: 'updated',
      from: '2024-01-04',
      attempts: 1,
      inserted: 1,
      updated: 0,
      issues: [{ file: 'stooq:IBM', line: 3, reason: 'non-positive price', action: 'skip' }],
    });
    expect(by.NEW).toMatchObject({ status: 'updated', from: '2000-01-01', attempts: 2, inserted: 1 });
    expect(by.NEW!.error).toBeUndefined();
    expect(by.SLOW).toMatchObject({ status: 'failed', attempts: 2, error: 'timed out after 150 ms' });
    expect(by.GONE).toMatchObject({ status: 'failed', attempts: 1, error: 'HTTP 404' });
    expect({ inserted: report.inserted, failed: report.failed }).toEqual({ inserted: 2, failed: 2 });

    const ibm = server.requests.find((r) => r.url.searchParams.get('s') === 'ibm.us')!.url;
    expect(ibm.pathname).toBe('/q/d/l/');
    expect(Object.fromEntries(ibm.searchParams)).toEqual({ s: 'ibm.us', i: 'd', d1: '20240104', d2: '20240105' });
    expect(server.requests.some((r) => r.url.searchParams.get('s') === 'demo.us')).toBe(false);
    const stored = await database.db
      .selectFrom('daily_bars')
      .select(['date', 'close'])
      .where('symbol', '=', 'IBM')
      .orderBy('date')
      .execute();
    expect(stored).toEqual([
      { date: '2024-01-02', close: 10.5 },
      { date: '2024-01-03', close: 11 },
      { date: '2024-01-04', close: 11.5 },
    ]);
  });

  it('reads Yahoo answers with adjusted prices, and finds nothing to do when up to date', async () => {
    database = await createTestDatabase(dialect);
    await instruments();
    const server = await startServer((url, _n, res) => {
      if (url.pathname === '/v7/finance/download/IBM')
        return csv(res, 'Date,Open,High,Low,Close,Adj Close,Volume\n2024-01-04,20,22,18,20,10,300\n');
      res.writeHead(404);
      res.end();
    });
    close = server.close;
    const report = await syncMarketData(database, {
      provider: yahooProvider(server.base),
      today: '2024-01-04',
      symbols: ['IBM'],
    });
    expect(report.symbols).toEqual([
      { symbol: 'IBM', status: 'updated', from: '2024-01-04', attempts: 1, inserted: 1, updated: 0, issues: [] },
    ]);
    const url = server.requests[0]!.url;
    expect(Object.fromEntries(url.searchParams)).toEqual({
      period1: '1704326400',
      period2: '1704412800',
      interval: '1d',
      events: 'history',
    });
    const bar = await database.db
      .selectFrom('daily_bars')
      .selectAll()
      .where('symbol', '=', 'IBM')
      .where('date', '=', '2024-01-04')
      .executeTakeFirstOrThrow();
    expect(bar).toMatchObject({ open: 10, high: 11, low: 9, close: 10, volume: 300 });

    const upToDate = await syncMarketData(database, {
      provider: yahooProvider(server.base),
      today: '2024-01-04',
      symbols: ['IBM'],
    });
    expect(upToDate.symbols[0]).toMatchObject({ status: 'unchanged', from: '2024-01-05', attempts: 0 });
    expect(server.requests).toHaveLength(1);
  });
});
