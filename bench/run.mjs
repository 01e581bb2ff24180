// `npm run bench`: every benchmark of issues 9 and 18, and issue 14's daily update, against the
// built app (`npm run build` first; nothing is built here). Writes bench/results.json and
// prints it, then each target with PASS/FAIL. The shared dataset comes from SHARED_DATA
// (default ../shared/market-data/us-equities-eod). Takes about 3–5 minutes on 2 cores. With
// BENCH_SCALE_SIZES (e.g. 500,2000) it also runs the scale series of bench/scale.mjs.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { postgresFigures } from './postgres.mjs';
import { scaleSeries } from './scale.mjs';
import {
  ADMIN2,
  DATA,
  ROOT,
  WEB_INDEX,
  createAdmin,
  importDataset,
  machine,
  missingBuild,
  rssOf,
  runTsBench,
  signIn,
  startServer,
  tempDir,
} from './support.mjs';

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const CONNECTIONS = 50;
const PATTERN_PATH = '/api/v1/seasonality/pattern?symbol=AAPL&start=03-01&end=04-15';

/** `≤ 1,024 MB`: the target's text and its check, from one number. */
const target =
  (sign, check) =>
  (limit, unit = '', note = '') => [
    `${sign} ${limit.toLocaleString('en-US')}${unit ? ` ${unit}` : ''}${note ? ` (${note})` : ''}`,
    (v) => check(v, limit),
  ];
const atMost = target('≤', (v, limit) => v <= limit);
const atLeast = target('≥', (v, limit) => v >= limit);

/** [key, target text, predicate] — the issue's targets. */
const TARGETS = [
  // Issue 18 tightened three of issue 9's: import ≥ 100,000 rows/s, cold start ≤ 5 s, scan ≤ 50 ms.
  ['import_rows_per_s', ...atLeast(1_000_000, 'rows/s')],
  ['cold_start_s', ...atMost(0.5, 's')],
  ['seasonality_scan_p50_ms', ...atMost(10, 'ms')],
  ['best_trades_p50_ms', ...atMost(150, 'ms')],
  ['technical_scan_p50_ms', ...atMost(5, 'ms')],
  // Issue 43: the scan language over the shared universe, and a chart panel of 30 years.
  ['language_scan_p50_ms', ...atMost(20, 'ms')],
  ['chart_weekly_rsi_on_daily_bars_p50_ms', ...atMost(50, 'ms')],
  ['chart_panel_30y_daily_p50_ms', ...atMost(50, 'ms')],
  ['overview_rps', ...atLeast(2000, 'req/s')],
  ['overview_p99_ms', ...atMost(50, 'ms')],
  ['pattern_rps', ...atLeast(1000, 'req/s')],
  ['pattern_p99_ms', ...atMost(100, 'ms')],
  ['initial_js_gzip_kb', ...atMost(170, 'KB')],
  ['rss_mb', ...atMost(1024, 'MB')],
  ['duckdb_scan_ratio', ...atMost(1)],
  // Issue 18.
  ['worst_scan_ms', ...atMost(1000, 'ms')],
  ['health_p99_under_scans_ms', ...atMost(20, 'ms')],
  ['overview_p99_under_scans_ms', ...atMost(30, 'ms')],
  ['pg_overview_rps_vs_sqlite', ...atLeast(0.8, '', 'within 20 %')],
  ['pg_pattern_rps_vs_sqlite', ...atLeast(0.8, '', 'within 20 %')],
  // Issue 16.
  ['alerts_eval_10k_ms', ...atMost(5000, 'ms')],
  // Issue 41.
  ['alerts_scale_longest_block_ms', ...atMost(250, 'ms')],
  ['seasonal_alerts_eval_ms', ...atMost(10_000, 'ms', 'seconds, not 24.5 s')],
  ['alerts_reset_mail_ms_while_100_hang', ...atMost(2000, 'ms')],
  ['alerts_other_webhook_ms_while_100_hang', ...atMost(2000, 'ms')],
  // Issue 22.
  ['walk_forward_p50_ms', ...atMost(300, 'ms')],
  ['scan_season_ms', ...atMost(20, 'ms')],
  // Issue 43, item 7: the technical scan as of a past date (its session's table cached).
  ['scan_as_of_p50_ms', ...atMost(50, 'ms')],
  ['seasonality_scan_qvalue_overhead_pct', ...atMost(20, '%')],
  // Issue 44.
  ['upcoming_scan_ms', ...atMost(1000, 'ms')],
  // Issue 44: overfitting of AAPL's 5–30-day search (18,980 windows), 1,000 resamples.
  ['overfitting_ms', ...atMost(1000, 'ms')],
  // Issue 44: AAPL's 5–60-day best trades with `close > sma200` at each entry.
  ['conditional_best_trades_ms', ...atMost(100, 'ms')],
];

const results = { taken_at: new Date().toISOString(), machine: machine(), dataset: path.relative(ROOT, DATA) };
const errors = {};
const log = (m) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0)} s] ${m}\n`);
const started = performance.now();

async function step(name, f) {
  try {
    await f();
  } catch (error) {
    errors[name] = error instanceof Error ? error.message.split('\n').slice(0, 6).join('\n') : String(error);
    log(`${name} FAILED: ${errors[name]}`);
  }
}

/** A step that runs one TypeScript benchmark (bench/*.ts) and keeps its figures. */
function tsStep(name, label, file, env) {
  return step(name, async () => {
    log(label);
    Object.assign(results, runTsBench(file, env));
  });
}

function initialJs() {
  const html = fs.readFileSync(WEB_INDEX, 'utf8');
  const dist = path.dirname(WEB_INDEX);
  const urls = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attr = (name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`).exec(tag)?.[1];
    if (tag.startsWith('<script') && attr('type') === 'module' && attr('src')) urls.add(attr('src'));
    if (tag.startsWith('<link') && attr('rel') === 'modulepreload' && attr('href')) urls.add(attr('href'));
  }
  let raw = 0;
  let gzip = 0;
  const files = [];
  for (const url of urls) {
    const file = path.join(dist, url.replace(/^\//, '').split('?')[0]);
    const body = fs.readFileSync(file);
    const gz = zlib.gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gzip += gz;
    files.push(`${url} ${(gz / 1024).toFixed(1)} KB`);
  }
  return {
    initial_js_gzip_kb: Math.round((gzip / 1024) * 10) / 10,
    initial_js_raw_kb: Math.round((raw / 1024) * 10) / 10,
    initial_js_files: files,
  };
}

async function load(url, requestPath, cookie) {
  const options = {
    url: `${url}${requestPath}`,
    headers: { cookie },
    connections: CONNECTIONS,
  };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, caches
  const r = await autocannon({ ...options, duration: LOAD_SECONDS });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
    total: r.requests.total,
  };
}

const missing = missingBuild();
if (missing.length > 0) {
  process.stderr.write(
    `The build is missing (${missing.join(', ')}): run \`npm run build\` first; benchmarks that need it are skipped.\n`,
  );
  results.build_missing = missing;
}
if (!fs.existsSync(path.join(DATA, 'instruments.csv'))) {
  process.stderr.write(`No dataset at ${DATA}: set SHARED_DATA to the us-equities-eod directory.\n`);
  process.exit(2);
}

const dir = tempDir();
const databaseUrl = `file:${path.join(dir, 'bench.sqlite')}`;
try {
  const haveServer = !missing.some((m) => m.startsWith('apps/server'));
  if (haveServer) {
    await step('import', async () => {
      // Three imports into fresh files, the median counts (one import moves by a fifth between
      // runs on these VMs); the last file serves everything after.
      const runs = [];
      let report = null;
      for (let i = 0; i < 3; i++) {
        log(`import ${DATA} (${i + 1} of 3)`);
        for (const extra of ['', '-wal', '-shm', '.market-snapshot'])
          fs.rmSync(path.join(dir, `bench.sqlite${extra}`), { force: true });
        const run = importDataset(databaseUrl);
        report = run.report;
        runs.push(Math.round(run.seconds * 100) / 100);
      }
      const seconds = [...runs].sort((a, b) => a - b)[1];
      const rows = report.inserted + report.updated;
      results.import_rows = rows;
      results.import_files = report.files;
      results.import_runs_s = runs;
      results.import_s = seconds;
      results.import_rows_per_s = Math.round(rows / seconds);
      results.database_mb = Math.round(fs.statSync(path.join(dir, 'bench.sqlite')).size / 1024 ** 2);
      createAdmin(databaseUrl);
      createAdmin(databaseUrl, ADMIN2);
    });

    await step('server', async () => {
      // Cold start: three process starts, the median counts; the last one serves the load tests.
      // Each after the same start without the market snapshot (every bar read through SQL), for comparison.
      const starts = [];
      const sqlStarts = [];
      let server = null;
      for (let i = 0; i < 3; i++) {
        if (server) await server.stop();
        const sql = await startServer(databaseUrl, { MARKET_SNAPSHOT: 'false' });
        sqlStarts.push(Math.round(sql.seconds * 1000) / 1000);
        await sql.stop();
        server = await startServer(databaseUrl);
        starts.push(Math.round(server.seconds * 1000) / 1000);
      }
      log(`cold starts ${starts.join(', ')} s (through SQL: ${sqlStarts.join(', ')} s)`);
      results.cold_start_runs_s = starts;
      results.cold_start_s = [...starts].sort((a, b) => a - b)[1];
      results.cold_start_sql_runs_s = sqlStarts;
      results.cold_start_sql_s = [...sqlStarts].sort((a, b) => a - b)[1];
      const snapshot = path.join(dir, 'bench.sqlite.market-snapshot');
      if (fs.existsSync(snapshot)) results.snapshot_mb = Math.round(fs.statSync(snapshot).size / 1024 ** 2);
      try {
        results.rss_after_start_mb = rssOf(server.child.pid).rss_mb;
        const cookie = await signIn(server.url);
        for (const [name, p] of [
          ['overview', '/api/v1/market/overview'],
          ['pattern', PATTERN_PATH],
        ]) {
          const probe = await fetch(`${server.url}${p}`, { headers: { cookie } });
          if (probe.status !== 200) throw new Error(`${p}: ${probe.status} ${await probe.text()}`);
          await probe.arrayBuffer();
          log(`${name}: ${CONNECTIONS} connections, ${LOAD_SECONDS} s`);
          const r = await load(server.url, p, cookie);
          results[`${name}_rps`] = r.rps;
          results[`${name}_p50_ms`] = r.p50;
          results[`${name}_p99_ms`] = r.p99;
          results[`${name}_requests`] = r.total;
          results[`${name}_errors`] = r.bad;
          if (r.bad > 0) errors[name] = `${r.bad} non-2xx/errors/timeouts under load`;
        }
        const mem = rssOf(server.child.pid);
        results.rss_mb = mem.rss_mb;
        results.rss_peak_mb = mem.peak_mb;
        // Issue 18: the worst accepted scan, and health and overview while four run.
        log('worst accepted scan; /api/health and the overview while 4 run');
        const cookies = [cookie, await signIn(server.url, ADMIN2)].join('\n');
        Object.assign(
          results,
          runTsBench('under-scans.ts', { BENCH_DB: databaseUrl, BENCH_URL: server.url, BENCH_COOKIES: cookies }),
        );
        results.rss_after_scans_mb = rssOf(server.child.pid).rss_mb;
      } finally {
        await server.stop();
      }
    });

    // Issue 18: the same load tests on PostgreSQL (a scratch database, dropped afterwards).
    await step('postgres', async () => {
      const paths = [
        ['overview', '/api/v1/market/overview'],
        ['pattern', PATTERN_PATH],
      ];
      Object.assign(results, await postgresFigures({ paths, load, log }));
      for (const [key] of paths) {
        if (results[`${key}_rps`] && results[`pg_${key}_rps`])
          results[`pg_${key}_rps_vs_sqlite`] =
            Math.round((results[`pg_${key}_rps`] / results[`${key}_rps`]) * 100) / 100;
      }
    });

    await tsStep('seasonality', 'seasonality scan, best trades, DuckDB', 'seasonality.ts', { BENCH_DB: databaseUrl });

    // Issue 14: no target, a figure (network-bound: 4 requests in flight, 100 ms each).
    await tsStep(
      'daily_update',
      'daily update of the universe against the fake Tiingo, 100 ms per request',
      'daily-update.ts',
    );
  }

  // Issue 18's scale series: long (tens of millions of generated bars), so only when asked for.
  if (haveServer && process.env.BENCH_SCALE_SIZES) {
    await step('scale', async () => {
      log(`scale series: ${process.env.BENCH_SCALE_SIZES} symbols`);
      results.scale = await scaleSeries();
    });
  }

  await tsStep('technical_scan', 'technical scan', 'technical-scan.ts');

  // Issue 43: weekly rsi, a rank within sectors and rs against SPY over the shared universe.
  await tsStep('language_scan', 'technical scan in the scan language', 'language-scan.ts');

  // Issue 22, item 4: `season20.*` fields in a technical scan over the shared universe.
  await tsStep('scan_season', 'technical scan with seasonal fields', 'season-scan.ts');

  // Issue 43, item 7: the same kind of scan as of a past date, cold and warm.
  await tsStep('scan_as_of', 'technical scan as of a past date', 'scan-as-of.ts');

  await tsStep('alerts', 'alert evaluation (10,000 alerts, one new bar)', 'alerts.ts');

  // Issue 41: one subscriber's 100 seasonal alerts (1–364 days, any win rate) on every symbol.
  await tsStep('seasonal_alerts', 'seasonal alerts, 100 × 469 symbols (1–364 days)', 'seasonal-alerts.ts');

  // Issue 41: 1,000 subscribers × 20 alerts through the server's evaluation on SQLite, and the
  // system's mail and another subscriber's webhook while 100 receivers hang.
  await tsStep(
    'alerts_at_scale',
    'alerts at scale (1,000 subscribers × 20 alerts, 100 hanging receivers)',
    'alerts-at-scale.ts',
  );

  // Issue 44, item 3: the seasonality scanner's upcoming mode over the shared universe.
  await tsStep('upcoming_scan', 'upcoming windows scan (469 symbols, as of 2017-11-10)', 'upcoming-scan.ts');

  // Issue 22: no target, a figure (20 legs × 30 start years, read from the dataset's CSVs).
  await tsStep('backtest', 'seasonal backtest, 20 legs × 30 years', 'backtest.ts');

  // Issue 44: DSR, PBO and the Reality Check of AAPL's best-trades searches, read from the dataset's CSV.
  await tsStep('overfitting', 'overfitting, AAPL 5–30 days, 1,000 resamples', 'overfitting.ts');

  await tsStep('conditional_best_trades', 'conditional best trades, AAPL 5–60 days', 'conditional-best-trades.ts');

  await tsStep('market_overview_in_process', 'market overview in process (last 300 bars)', 'market-overview.ts');

  if (!missing.includes('apps/web/dist/index.html')) {
    await step('initial_js', async () => Object.assign(results, initialJs()));
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

results.bench_seconds = Math.round((performance.now() - started) / 1000);
const verdicts = TARGETS.map(([key, target, ok]) => {
  const v = results[key];
  const pass = typeof v === 'number' && Number.isFinite(v) && ok(v);
  return { key, value: v ?? null, target, pass };
});
results.targets = Object.fromEntries(verdicts.map((v) => [v.key, v.pass ? 'PASS' : 'FAIL']));
if (Object.keys(errors).length > 0) results.errors = errors;
fs.writeFileSync(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
process.stdout.write(`${JSON.stringify(results, null, 2)}\n\n`);
for (const v of verdicts) {
  process.stdout.write(
    `${v.pass ? 'PASS' : 'FAIL'}  ${v.key.padEnd(26)} ${String(v.value ?? 'n/a').padStart(12)}   target ${v.target}\n`,
  );
}
const failed = verdicts.filter((v) => !v.pass).length;
process.stdout.write(`\n${verdicts.length - failed}/${verdicts.length} targets met\n`);
process.exitCode = failed > 0 || Object.keys(errors).length > 0 ? 1 : 0;
