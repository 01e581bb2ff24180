// The daily update of the whole universe against a fake provider 100 ms away: every symbol
// of the shared dataset gets a year of fake bars, imported with the built CLI up to the
// session before the last completed one; then `solstice sync` (the built CLI, the scheduled
// job's code) brings them all up to it from the fake Tiingo in this process. Network-bound:
// Tiingo's adapter keeps 4 requests in flight, one request per symbol.
// Run: npx tsx bench/daily-update.ts (after `npm run build`) → prints JSON.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lastCompletedSession, previousTradingDay } from '@solstice/analytics';
import { FakeMarket, startFakeTiingo } from '../apps/server/src/testing/fake-providers/index.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { runCli } from './cli-process.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DATA = path.resolve(ROOT, process.env.SHARED_DATA ?? '../shared/market-data/us-equities-eod');
const CLI = path.join(ROOT, 'apps/server/bin/solstice.js');
const LATENCY_MS = 100;
const KEY = 'bench-tiingo-key-0123456789';

const cli = (args: string[], env: Record<string, string> = {}) => runCli(CLI, args, env);

const symbols = fs
  .readdirSync(path.join(DATA, 'daily'))
  .filter((f) => f.endsWith('.csv'))
  .map((f) => f.slice(0, -'.csv'.length))
  .sort();
// The CLI runs on the real clock: the fake serves up to its last completed session.
const session = lastCompletedSession(Date.now());
const dayBefore = previousTradingDay(session);
let from = session;
for (let i = 0; i < 252; i++) from = previousTradingDay(from);

const market = new FakeMarket(session);
for (const symbol of symbols) market.add(symbol, { from });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-bench-update-'));
const databaseUrl = `file:${path.join(dir, 'bench.sqlite')}`;
const fake = await startFakeTiingo(market, { apiKey: KEY, latencyMs: LATENCY_MS });
try {
  // The store before the update: the same instruments, a year of bars up to the day before.
  const files = path.join(dir, 'import');
  fs.mkdirSync(path.join(files, 'daily'), { recursive: true });
  fs.copyFileSync(path.join(DATA, 'instruments.csv'), path.join(files, 'instruments.csv'));
  for (const symbol of symbols) {
    const rows = market
      .adjusted(symbol)
      .filter((b) => b.date <= dayBefore)
      .map((b) => `${b.date},${b.open},${b.high},${b.low},${b.close},${Math.round(b.volume)}`);
    fs.writeFileSync(
      path.join(files, 'daily', `${symbol}.csv`),
      `Date,Open,High,Low,Close,Volume\n${rows.join('\n')}\n`,
    );
  }
  const imported = await cli(['import', files, '--db', databaseUrl, '--json']);
  if (imported.status !== 0) throw new Error(`import failed (${imported.status}): ${imported.stderr.slice(0, 2000)}`);

  const update = await cli(
    ['sync', '--provider', 'tiingo', '--base-url', fake.baseUrl, '--db', databaseUrl, '--json'],
    { TIINGO_API_KEY: KEY },
  );
  if (update.status !== 0) throw new Error(`sync failed (${update.status}): ${update.stderr.slice(0, 2000)}`);
  const report = JSON.parse(update.stdout) as { session: string; updated: number; failed: number; inserted: number };
  if (report.session !== session || report.failed > 0 || report.updated !== symbols.length)
    throw new Error(`the update did not bring every symbol to ${session}: ${update.stdout.slice(0, 2000)}`);
  if (fake.requests.length !== symbols.length)
    throw new Error(`${fake.requests.length} requests for ${symbols.length} symbols: expected one each`);

  const database = await openDatabase(databaseUrl);
  try {
    const current = await database.db
      .selectFrom('bar_chunks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('last_date', '=', session)
      .executeTakeFirstOrThrow();
    if (Number(current.n) !== symbols.length)
      throw new Error(`${current.n} of ${symbols.length} symbols have a bar on ${session}`);
    const run = await database.db
      .selectFrom('data_updates')
      .select(['started_at', 'finished_at', 'status'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const runSeconds = (Number(run.finished_at) - Number(run.started_at)) / 1000;
    process.stdout.write(
      `${JSON.stringify({
        daily_update_symbols: symbols.length,
        daily_update_provider: 'tiingo (fake)',
        daily_update_latency_ms: LATENCY_MS,
        daily_update_requests: fake.requests.length,
        daily_update_bars_inserted: report.inserted,
        daily_update_total_s: Math.round(update.seconds * 100) / 100,
        daily_update_run_s: Math.round(runSeconds * 100) / 100,
        daily_update_symbols_per_s: Math.round((symbols.length / update.seconds) * 10) / 10,
        daily_update_status: run.status,
      })}\n`,
    );
  } finally {
    await database.close();
  }
} finally {
  await fake.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
