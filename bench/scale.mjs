// `npm run bench:scale` (issue 18): the scale series. For each universe size (BENCH_SCALE_SIZES,
// default 500,2000,5000,10000 synthetic symbols) × BENCH_SCALE_YEARS (default 30) years of
// weekday bars, generated into a fresh SQLite file in a temp dir (never the shared data):
//   cold_start_sql_s  the built server's first start, the market read through SQL (it then writes the snapshot)
//   cold_start_s      the next start, from the snapshot, to the first answered /api/health
//   scan_ms           POST /api/v1/seasonality/scan, the bench's inputs (starts 06-01…06-15, 10–30 days, the
//                     last 20 start years, long) over the whole universe, median of 5 after two warm-ups
//   rss_mb            that server's VmRSS after the scans
// BENCH_SCALE_DIR=<folder> keeps each generated universe there (`<folder>/<symbols>x<years>.sqlite`) and
// reuses it on the next run, so that builds can be compared on the same data without generating it again.
// Writes `scale` into bench/results.json (kept with the other figures; sizes run now replace their
// earlier entries) and prints it. Needs `npm run build`.
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ROOT, cli, createAdmin, missingBuild, rssOf, signIn, startServer, tempDir } from './support.mjs';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '500,2000,5000,10000').split(',').map(Number);
const YEARS = Number(process.env.BENCH_SCALE_YEARS ?? 30);
const KEEP_DIR = process.env.BENCH_SCALE_DIR ? path.resolve(process.env.BENCH_SCALE_DIR) : null;
const LAST_YEAR = 2024;
const require = createRequire(path.join(ROOT, 'apps/server/package.json'));
const SQLite = require(Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3');
const log = (m) => process.stderr.write(`[scale] ${m}\n`);

const symbolOf = (i) => `S${String(i).padStart(5, '0')}`;

/** Weekdays of YEARS years up to LAST_YEAR, grouped by year: { year, days (day numbers) }. */
function weekdayYears() {
  const out = [];
  for (let year = LAST_YEAR - YEARS + 1; year <= LAST_YEAR; year++) {
    const days = [];
    for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) {
      const day = new Date(t).getUTCDay();
      if (day !== 0 && day !== 6) days.push(t / 86_400_000);
    }
    out.push({ year, days });
  }
  return out;
}

const iso = (day) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/**
 * The instruments through the CLI (creates and migrates the file), then every bar written
 * directly as bar chunks, a symbol and year a row, in the layout of
 * apps/server/src/modules/market/bars/chunk-codec.ts (open, high, low, close, volume as
 * float64, then the dates as int32 day numbers; little-endian).
 */
function generate(dir, url, symbols) {
  const instruments = path.join(dir, 'instruments.csv');
  const lines = ['symbol,name,type,sector,industry'];
  for (let i = 0; i < symbols; i++)
    lines.push(`${symbolOf(i)},Synthetic ${i},stock,Sector ${i % 11},Industry ${i % 67}`);
  fs.writeFileSync(instruments, `${lines.join('\n')}\n`);
  const r = cli(['import', instruments], url);
  if (r.status !== 0) throw new Error(`instruments import failed: ${r.stderr}`);
  createAdmin(url);
  const years = weekdayYears();
  const db = new SQLite(url.slice('file:'.length));
  db.pragma('cache_size = -262144');
  const insert = db.prepare(
    'INSERT INTO bar_chunks (symbol, year, bars, first_date, last_date, data) VALUES (?, ?, ?, ?, ?, ?)',
  );
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let bars = 0;
  db.exec('BEGIN');
  for (let s = 0; s < symbols; s++) {
    const symbol = symbolOf(s);
    let price = 10 + random() * 190;
    for (const { year, days } of years) {
      const n = days.length;
      const buffer = new ArrayBuffer(n * 44);
      const [o, h, l, c, v] = [0, 1, 2, 3, 4].map((k) => new Float64Array(buffer, k * n * 8, n));
      new Int32Array(buffer, 40 * n, n).set(days);
      for (let i = 0; i < n; i++) {
        const open = price * (1 + (random() - 0.5) * 0.02);
        price = Math.max(1, price * (1 + (random() - 0.5) * 0.04 + 0.0002));
        o[i] = open;
        h[i] = Math.max(open, price) * (1 + random() * 0.01);
        l[i] = Math.min(open, price) * (1 - random() * 0.01);
        c[i] = price;
        v[i] = Math.round(1e5 + random() * 1e6);
      }
      insert.run(symbol, year, n, iso(days[0]), iso(days[n - 1]), Buffer.from(buffer));
      bars += n;
    }
    if (s % 500 === 499) {
      db.exec('COMMIT');
      db.exec('BEGIN');
    }
  }
  db.exec('COMMIT');
  // What an import does when it wrote something: other processes (and the snapshot) see a new version.
  db.exec(`INSERT INTO app_meta (key, value) VALUES ('market_data_version', '1')
           ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)`);
  db.close();
  return bars;
}

async function scan(url, cookie) {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/v1/seasonality/scan`, {
    method: 'POST',
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({
      startFrom: '06-01',
      startTo: '06-15',
      minDays: 10,
      maxDays: 30,
      from: LAST_YEAR - 20,
      to: LAST_YEAR - 1,
      direction: 'long',
    }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`scan: ${res.status} ${text.slice(0, 300)}`);
  return performance.now() - t0;
}

async function waitForFile(file, ms) {
  const deadline = Date.now() + ms;
  while (!fs.existsSync(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

export async function scaleSeries(sizes = SIZES) {
  const out = [];
  for (const symbols of sizes) {
    const dir = KEEP_DIR ?? tempDir('solstice-scale-');
    const file = path.join(dir, KEEP_DIR ? `${symbols}x${YEARS}.sqlite` : 'scale.sqlite');
    const url = `file:${file}`;
    try {
      const t0 = performance.now();
      let bars;
      let generated = true;
      if (KEEP_DIR && fs.existsSync(`${file}.bars`)) {
        generated = false;
        bars = Number(fs.readFileSync(`${file}.bars`, 'utf8'));
        log(`${symbols} symbols × ${YEARS} years: reusing ${file} (${bars} bars)`);
      } else {
        fs.mkdirSync(dir, { recursive: true });
        for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
        log(`${symbols} symbols × ${YEARS} years: generating`);
        bars = generate(dir, url, symbols);
        if (KEEP_DIR) fs.writeFileSync(`${file}.bars`, String(bars));
      }
      // The instruments' import wrote a snapshot of a market without bars, which the bars written
      // since make stale: waiting for "the file" below must wait for the first server's own.
      fs.rmSync(`${file}.market-snapshot`, { force: true });
      const generateS = generated ? (performance.now() - t0) / 1000 : null;
      log(`${bars} bars${generated ? ` generated in ${generateS.toFixed(1)} s` : ''}; first start (through SQL)`);
      const first = await startServer(url);
      // The snapshot is written after the first load; the next start reads it.
      await waitForFile(`${file}.market-snapshot`, 600_000);
      await first.stop();
      const server = await startServer(url);
      try {
        const cookie = await signIn(server.url);
        // Two warm-ups: the server's own warm-up scan (the scanner's default) starts a second
        // after it listens and runs on the same threads; the first scan here may queue behind it.
        for (let i = 0; i < 2; i++) await scan(server.url, cookie);
        const runs = [];
        for (let i = 0; i < 5; i++) runs.push(Math.round(await scan(server.url, cookie)));
        const entry = {
          symbols,
          years: YEARS,
          bars,
          scan_ms: [...runs].sort((a, b) => a - b)[2],
          scan_runs_ms: runs,
          rss_mb: rssOf(server.child.pid).rss_mb,
          cold_start_s: Math.round(server.seconds * 1000) / 1000,
          cold_start_sql_s: Math.round(first.seconds * 1000) / 1000,
          database_mb: Math.round(fs.statSync(file).size / 1024 ** 2),
          snapshot_mb: Math.round(fs.statSync(`${file}.market-snapshot`).size / 1024 ** 2),
          generate_s: generateS === null ? null : Math.round(generateS * 10) / 10,
          load_average_1m: Math.round(os.loadavg()[0] * 100) / 100,
        };
        log(JSON.stringify(entry));
        out.push(entry);
      } finally {
        await server.stop();
      }
    } finally {
      if (!KEEP_DIR) fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const missing = missingBuild().filter((m) => m.startsWith('apps/server'));
  if (missing.length > 0) {
    process.stderr.write(`The build is missing (${missing.join(', ')}): run \`npm run build\` first.\n`);
    process.exit(2);
  }
  const scale = await scaleSeries();
  const resultsFile = path.join(ROOT, 'bench/results.json');
  const results = fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, 'utf8')) : {};
  // Sizes run now replace their earlier entries; the others are kept (sizes can be run one at a time).
  const sizes = new Set(scale.map((e) => e.symbols));
  results.scale = [...(results.scale ?? []).filter((e) => !sizes.has(e.symbols)), ...scale].sort(
    (a, b) => a.symbols - b.symbols,
  );
  results.scale_taken_at = new Date().toISOString();
  fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify({ scale }, null, 2)}\n`);
}
