import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from '../../testing/live-server.js';
import { testDialects } from '../../testing/test-databases.js';
import { signedInUser } from '../../testing/auth-helpers.js';
import { addMarketData } from '../../testing/market-fixtures.js';

// Issue #21, defect 1: the search box sends `limit` and company names; both must answer.
describe.each(testDialects())('symbol search over HTTP on %s', (dialect) => {
  let live: LiveServer;
  let cookie: string;
  beforeAll(async () => {
    live = await startLiveServer(dialect);
    await addMarketData(live, [
      { symbol: 'KO', name: 'Coca-Cola Company (The)', sector: 'Consumer Staples' },
      { symbol: 'CCEP', name: 'Coca-Cola Europacific Partners' },
      { symbol: 'XLE', name: 'Energy Select Sector SPDR Fund', type: 'etf' },
      { symbol: 'XLK', name: 'Technology Select Sector SPDR Fund', type: 'etf' },
      ...Array.from({ length: 14 }, (_, i) => ({ symbol: `XLZ${i}` })),
    ]);
    cookie = (await signedInUser(live)).cookie;
  });
  afterAll(async () => {
    await live?.close();
  });

  const search = async (query: string) => {
    const res = await fetch(`${live.baseUrl}/api/v1/instruments?${query}`, { headers: { cookie } });
    return { status: res.status, body: (await res.json()) as { instruments?: { symbol: string }[] } };
  };
  const symbols = (body: { instruments?: { symbol: string }[] }) => body.instruments?.map((i) => i.symbol);

  it('takes the limit the search box sends (?q=XLE&limit=10)', async () => {
    const res = await search('q=XLE&limit=10');
    expect(res.status).toBe(200);
    expect(symbols(res.body)).toEqual(['XLE']);
    const many = await search('q=XL&limit=10');
    expect(many.body.instruments).toHaveLength(10);
    expect((await search('q=XL')).body.instruments).toHaveLength(16);
    for (const bad of ['0', '21', 'ten', '1.5']) expect((await search(`q=XL&limit=${bad}`)).status, bad).toBe(400);
  });

  it('finds a company by its name, whatever the punctuation ("coca cola", "coca-cola", "cocacola", "cola co")', async () => {
    for (const q of ['coca cola', 'coca-cola', 'Coca', 'cocacola', 'cola co'])
      expect(symbols((await search(`q=${encodeURIComponent(q)}&limit=10`)).body), q).toEqual(['CCEP', 'KO']);
    expect(symbols((await search('q=coca%20cola%20company&limit=10')).body)).toEqual(['KO']);
    expect(symbols((await search('q=sector%20spdr&limit=10')).body)).toEqual(['XLE', 'XLK']);
    expect(symbols((await search('q=pepsi&limit=10')).body)).toEqual([]);
  });
});
