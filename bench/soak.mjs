// `npm run bench:soak`: the built server with the shared dataset under a steady request rate
// over a mix of endpoints for 5 minutes (BENCH_SOAK_SECONDS, BENCH_SOAK_RATE to change).
// Prints an RSS sample every 10 s and a JSON summary; passes when no request failed and
// memory stayed flat (mean RSS of the last minute within 10% of the second minute's).
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import autocannon from 'autocannon';
import { createAdmin, importDataset, machine, missingBuild, rssOf, signIn, startServer, tempDir } from './support.mjs';

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 200);
const SAMPLE_MS = 10_000;

const missing = missingBuild().filter((m) => m.startsWith('apps/server'));
if (missing.length > 0) {
  process.stderr.write(`The build is missing (${missing.join(', ')}): run \`npm run build\` first.\n`);
  process.exit(2);
}

const dir = tempDir('solstice-soak-');
const databaseUrl = `file:${path.join(dir, 'soak.sqlite')}`;
let server = null;
try {
  process.stderr.write('importing the shared dataset…\n');
  importDataset(databaseUrl);
  createAdmin(databaseUrl);
  server = await startServer(databaseUrl);
  const cookie = await signIn(server.url);
  const json = { 'content-type': 'application/json', origin: server.url };
  // One cycle of the mix; each connection walks it in order, over and over.
  const requests = [
    { path: '/api/v1/market/overview' },
    { path: '/api/v1/heatmap?period=1m' },
    { path: '/api/v1/indicators/AAPL' },
    { path: '/api/v1/seasonality/pattern?symbol=AAPL&start=03-01&end=04-15' },
    { path: '/api/v1/seasonality/calendar?symbol=MSFT' },
    { path: '/api/v1/indicators/XOM' },
    { path: '/api/v1/market/overview' },
    {
      method: 'POST',
      path: '/api/v1/scanner',
      headers: json,
      body: JSON.stringify({ expression: 'rsi14 < 40 and close > sma200', sort: 'change1d', desc: true, limit: 50 }),
    },
    { path: '/api/v1/seasonality/chart?symbol=SPY' },
    { path: '/api/v1/seasonality/best-trades?symbol=JNJ&minDays=5&maxDays=30&from=2000&to=2016' },
    { path: '/api/v1/watchlists' },
    { path: '/api/me' },
    { path: '/api/health' },
  ];

  const samples = [];
  const t0 = performance.now();
  const sample = () => {
    const s = { t_s: Math.round((performance.now() - t0) / 1000), ...rssOf(server.child.pid) };
    samples.push(s);
    process.stderr.write(`  ${String(s.t_s).padStart(4)} s  rss ${s.rss_mb} MB (peak ${s.peak_mb} MB)\n`);
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  const statuses = {};
  const instance = autocannon({
    url: server.url,
    headers: { cookie },
    connections: 20,
    overallRate: RATE,
    duration: SECONDS,
    requests,
  });
  instance.on('response', (_client, statusCode) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const r = await instance;
  clearInterval(timer);
  sample();

  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const window = (from, to) => samples.filter((s) => s.t_s >= from && s.t_s < to).map((s) => s.rss_mb);
  const second = mean(window(60, 120));
  const last = mean(window(SECONDS - 60, SECONDS + 30));
  const drift = (last - second) / second;
  const errors = r.non2xx + r.errors + r.timeouts;
  const summary = {
    taken_at: new Date().toISOString(),
    machine: machine(),
    seconds: SECONDS,
    target_rate: RATE,
    requests: r.requests.total,
    achieved_rps: Math.round(r.requests.average),
    latency_p50_ms: r.latency.p50,
    latency_p99_ms: r.latency.p99,
    latency_max_ms: r.latency.max,
    statuses,
    errors,
    rss_second_minute_mb: Math.round(second),
    rss_last_minute_mb: Math.round(last),
    rss_drift: Math.round(drift * 1000) / 1000,
    rss_samples_mb: samples.map((s) => s.rss_mb),
    pass: errors === 0 && Math.abs(drift) <= 0.1,
  };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  process.stdout.write(
    `${summary.pass ? 'PASS' : 'FAIL'}  soak: ${errors} errors, RSS ${summary.rss_second_minute_mb} → ${summary.rss_last_minute_mb} MB (${(drift * 100).toFixed(1)}%, limit ±10%)\n`,
  );
  process.exitCode = summary.pass ? 0 : 1;
} finally {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
