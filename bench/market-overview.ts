// Market overview and scanner over HTTP on the shared dataset (last 300 bars per symbol):
// a signed-in client hammers GET /api/v1/market/overview (target ≥ 2,000 req/s, p99 ≤ 50 ms).
// Run: npx tsx bench/market-overview.ts  → prints JSON.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { createTestApp } from '../apps/server/src/testing/test-app.js';
import { signedInUser } from '../apps/server/src/testing/auth-helpers.js';
import { insertBars } from '../apps/server/src/testing/market-fixtures.js';

const DATA = process.env.SHARED_DATA ?? path.resolve(import.meta.dirname, '../../shared/market-data/us-equities-eod');
const BARS = 300;

const t = await createTestApp('sqlite');
try {
  const db = t.services.database.db;
  const instruments = fs
    .readFileSync(path.join(DATA, 'instruments.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      // name may be quoted and contain commas
      const m = /^([^,]+),("(?:[^"]|"")*"|[^,]*),([^,]*),([^,]*),(.*)$/.exec(line);
      if (!m) throw new Error(`bad line ${line}`);
      const [, symbol, name, type, sector, industry] = m as unknown as string[];
      return {
        symbol: symbol!,
        name: name!.replace(/^"|"$/g, ''),
        type: type as 'stock' | 'etf',
        sector: sector || null,
        industry: industry || null,
      };
    });
  await db
    .insertInto('instruments')
    .values(
      instruments.map((i) => ({
        ...i,
        exchange: null,
        currency: 'USD',
        market_cap: null,
        synthetic: 0,
        updated_at: 0,
      })),
    )
    .execute();
  for (const { symbol } of instruments) {
    const file = path.join(DATA, 'daily', `${symbol}.csv`);
    if (!fs.existsSync(file)) continue;
    const rows = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .slice(-BARS)
      .map((line) => {
        const [date, open, high, low, close, volume] = line.split(',');
        return { symbol, date: date!, open: +open!, high: +high!, low: +low!, close: +close!, volume: +volume! };
      });
    await insertBars(db, rows);
  }
  await t.services.market.reload();
  const user = await signedInUser(t, { subscriber: true });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });

  const first = performance.now();
  const res = await fetch(`${address}/api/v1/market/overview`, { headers: { cookie: user.cookie } });
  if (res.status !== 200) throw new Error(`overview: ${res.status} ${await res.text()}`);
  const firstMs = performance.now() - first;

  const health = await autocannon({ url: `${address}/api/health`, connections: 10, duration: 3 });
  const me = await autocannon({
    url: `${address}/api/me`,
    headers: { cookie: user.cookie },
    connections: 10,
    duration: 3,
  });
  const result = await autocannon({
    url: `${address}/api/v1/market/overview`,
    headers: { cookie: user.cookie },
    connections: 10,
    duration: 5,
  });
  process.stdout.write(
    `${JSON.stringify({
      market_overview_first_ms: Math.round(firstMs),
      market_overview_req_per_s: Math.round(result.requests.average),
      market_overview_p99_ms: result.latency.p99,
      market_overview_non_2xx: result.non2xx,
      // Baselines on the same machine: a public route and the cheapest signed-in route.
      baseline_health_req_per_s: Math.round(health.requests.average),
      baseline_me_req_per_s: Math.round(me.requests.average),
    })}\n`,
  );
} finally {
  await t.close();
}
