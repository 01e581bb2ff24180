// Issue 18: the overview and pattern load tests on PostgreSQL. The shared dataset is
// imported into a scratch database (created and dropped here, on the server of
// BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test), the built server
// started on it, and the same autocannon runs as on SQLite.
//   pg_overview_rps / pg_overview_p99_ms, pg_pattern_rps / pg_pattern_p99_ms (target: within
//   20 % of SQLite's), plus pg_import_rows_per_s, pg_cold_start_s (from the market snapshot, a
//   local file) and pg_cold_start_sql_s (the same start reading every bar through SQL) as figures.
// Run alone: node bench/postgres.mjs  → prints JSON (BENCH_LOAD_SECONDS shortens the runs).
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createAdmin, importDataset, signIn, startServer, tempDir } from './support.mjs';

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function defaultLoad(url, requestPath, cookie) {
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
  const options = { url: `${url}${requestPath}`, headers: { cookie }, connections: 50 };
  await autocannon({ ...options, duration: 2 });
  const r = await autocannon({ ...options, duration: seconds });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts };
}

/** Runs the PostgreSQL figures; `load` is the bench's own autocannon run (url, path, cookie). */
export async function postgresFigures({ paths, load = defaultLoad, log = () => {} }) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = `solstice_bench_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = ADMIN_URL.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  const out = {};
  let server = null;
  // The market snapshot (a local file for PostgreSQL too) goes to a temp dir, not the repository's data/.
  const snapshotDir = tempDir('solstice-bench-pg-');
  const previousDir = process.env.MARKET_SNAPSHOT_DIR;
  process.env.MARKET_SNAPSHOT_DIR = snapshotDir;
  try {
    log(`postgres: import into ${name}`);
    const { report, seconds } = importDataset(databaseUrl);
    out.pg_import_rows_per_s = Math.round((report.inserted + report.updated) / seconds);
    createAdmin(databaseUrl);
    const sql = await startServer(databaseUrl, { MARKET_SNAPSHOT: 'false' });
    out.pg_cold_start_sql_s = Math.round(sql.seconds * 1000) / 1000;
    await sql.stop();
    server = await startServer(databaseUrl);
    out.pg_cold_start_s = Math.round(server.seconds * 1000) / 1000;
    const cookie = await signIn(server.url);
    for (const [key, p] of paths) {
      const probe = await fetch(`${server.url}${p}`, { headers: { cookie } });
      if (probe.status !== 200) throw new Error(`${p}: ${probe.status} ${await probe.text()}`);
      await probe.arrayBuffer();
      log(`postgres: ${key}`);
      const r = await load(server.url, p, cookie);
      out[`pg_${key}_rps`] = r.rps;
      out[`pg_${key}_p99_ms`] = r.p99;
      out[`pg_${key}_errors`] = r.bad;
    }
  } finally {
    if (previousDir === undefined) delete process.env.MARKET_SNAPSHOT_DIR;
    else process.env.MARKET_SNAPSHOT_DIR = previousDir;
    fs.rmSync(snapshotDir, { recursive: true, force: true });
    await server?.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await postgresFigures({
    paths: [
      ['overview', '/api/v1/market/overview'],
      ['pattern', '/api/v1/seasonality/pattern?symbol=AAPL&start=03-01&end=04-15'],
    ],
    log: (m) => process.stderr.write(`${m}\n`),
  });
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
