// Alerts at scale: 1,000 subscribers × 20 alerts over the whole shared universe, evaluated for
// one session through the server's own code (runAlertEvaluation on a SQLite database, with the
// deliveries it schedules); then the delay of a password-reset mail, and of another
// subscriber's webhook, while 100 webhook receivers accept and never answer.
// Run after `npm run build` (the import uses the built CLI): npx tsx bench/alerts-at-scale.ts
// → prints {"alerts_scale_eval_ms": …, …}
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { buildServices } from '../apps/server/src/composition.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { ALERT_WEBHOOK_JOB, runAlertEvaluation } from '../apps/server/src/modules/alerts/alert-evaluation.js';
import { deliveryId, webhookHost } from '../apps/server/src/modules/alerts/webhook.js';
import { queuePasswordReset } from '../apps/server/src/modules/auth/password-resets.js';
import { insertWatchlist } from '../apps/server/src/modules/watchlists/watchlists.repository.js';
import { alertRow, createUser } from '../apps/server/src/testing/factories.js';
import { listenOnLoopback } from '../apps/server/src/testing/loopback-server.js';
import { startSmtpTestServer } from '../apps/server/src/testing/smtp-test-server.js';
import { createTestSettings } from '../apps/server/src/testing/test-settings.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DATA = path.resolve(ROOT, process.env.SHARED_DATA ?? '../shared/market-data/us-equities-eod');
const CLI = path.join(ROOT, 'apps/server/bin/solstice.js');
const SUBSCRIBERS = Number(process.env.BENCH_ALERT_SUBSCRIBERS ?? 1000);
const HANGING = 100;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-alerts-bench-'));
const url = `file:${path.join(dir, 'bench.sqlite')}`;
const log = (m: string) => process.stderr.write(`alerts-at-scale: ${m}\n`);

const imported = spawnSync(process.execPath, [CLI, 'import', DATA, '--db', url, '--json'], { encoding: 'utf8' });
if (imported.status !== 0) throw new Error(`import failed: ${imported.stderr.slice(0, 2000)}`);

const smtp = startSmtpTestServer();
const smtpUrl = `smtp://127.0.0.1:${await smtp.listen()}`;
const database = await openDatabase(url);
await migrateToLatest(database);
const settings = createTestSettings({
  DATABASE_URL: url,
  SMTP_URL: smtpUrl,
  ALERT_WEBHOOKS_ALLOW_LOCAL: 'true',
  PUBLIC_URL: 'https://solstice.example',
});
const services = await buildServices(settings, { database, watch: false });
const db = database.db;
const market = services.market;
const symbols = market.instruments().map((i) => i.symbol);
const lastDays = symbols.map((s) => market.series(s)!.dates.at(-1)!);
const asOfDay = Math.max(...lastDays);
const asOf = new Date(asOfDay * 86_400_000).toISOString().slice(0, 10);
log(`${symbols.length} symbols, as of ${asOf}; ${SUBSCRIBERS} subscribers × 20 alerts`);

// What subscribers set up: presets and small variations of them (so that expressions and seasonal
// criteria repeat across accounts, as they do when people start from the same screens).
const SCANS = Array.from(
  { length: 40 },
  (_, k) =>
    [
      `rsi14 < ${25 + (k % 10)}`,
      `close crosses above sma${[20, 50, 200][k % 3]}`,
      `close > sma200 and rsi14 > ${50 + (k % 10)}`,
      `change1d > 0.0${2 + (k % 5)} and relVolume > 1.5`,
    ][k % 4]!,
);
const CONDITIONS = Array.from(
  { length: 20 },
  (_, k) => [`rsi14 < ${20 + k}`, 'close crosses above sma50', `close crosses below sma${[20, 200][k % 2]}`][k % 3]!,
);
const SEASONAL = Array.from({ length: 8 }, (_, k) => ({
  leadDays: 1 + (k % 5),
  minDays: 10,
  maxDays: [20, 30, 45, 60][k % 4]!,
  minWinRate: 0.75,
  minYears: 10,
  maxPValue: k % 2 === 0 ? 0.1 : null,
  direction: (['long', 'both'] as const)[k % 2]!,
}));

const t0 = performance.now();
const userIds: number[] = [];
const everything = symbols.map((sym) => ({ sym, description: sym }));
for (let u = 0; u < SUBSCRIBERS; u++) {
  const user = await createUser(db, { username: `sub_${u}`, subscriber: true });
  userIds.push(user.id);
  const list = await insertWatchlist(db, user.id, { name: 'Everything', symbols: everything });
  const rows = [];
  // 8 scan alerts (the whole market by nature), 8 conditions and 4 seasonal alerts on a list of every symbol.
  for (let k = 0; k < 8; k++)
    rows.push(
      alertRow(user.id, { name: `scan ${k}`, kind: 'scan', expression: SCANS[(u + k * 5) % SCANS.length]!, mail: 1 }),
    );
  for (let k = 0; k < 8; k++)
    rows.push(
      alertRow(user.id, {
        name: `condition ${k}`,
        kind: 'condition',
        expression: CONDITIONS[(u + k * 3) % CONDITIONS.length]!,
        watchlist_id: list.id,
        mail: 1,
      }),
    );
  for (let k = 0; k < 4; k++)
    rows.push(
      alertRow(user.id, {
        name: `seasonal ${k}`,
        kind: 'seasonal',
        params: JSON.stringify(SEASONAL[(u + k) % SEASONAL.length]),
        watchlist_id: list.id,
        mail: 1,
      }),
    );
  await db.insertInto('alerts').values(rows).execute();
}
log(`set up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const count = async (table: 'alert_triggers' | 'jobs') =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const evalStart = performance.now();
const result = await runAlertEvaluation(
  { db, market, jobs: services.jobs, now: () => Date.now(), symbolsPerAccount: settings.ALERT_SYMBOLS_PER_ACCOUNT },
  asOf,
  { deliver: true },
);
const evalMs = performance.now() - evalStart;
loop.disable();
const triggerRows = await count('alert_triggers');
const jobRows = await count('jobs');
log(
  `evaluated ${result.alerts} alerts in ${(evalMs / 1000).toFixed(2)} s: ${result.triggers.length} triggers, ${triggerRows} notification rows, ${jobRows} jobs`,
);

// 100 subscribers' webhooks go to receivers that accept and never answer; one more works. Each
// gets one delivery of the session, scheduled as the evaluation schedules them.
const servers: http.Server[] = [];
let delivered = 0;
const hookAlert = async (userId: number, base: string, name: string) => {
  const alert = await db
    .insertInto('alerts')
    .values(
      alertRow(userId, {
        name,
        kind: 'scan',
        expression: 'close > 0',
        webhook_url: `${base}/hook`,
        webhook_secret: 'whsec_bench',
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const trigger = await db
    .insertInto('alert_triggers')
    .values({
      alert_id: alert.id,
      user_id: userId,
      symbol: 'AAPL',
      bar_date: asOf,
      event: 'entered',
      message: 'AAPL entered',
      detail: '{}',
      link: '/',
      read_at: null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const batch = { alertId: Number(alert.id), barDate: asOf, triggerIds: [Number(trigger.id)] };
  await services.jobs.schedule(
    ALERT_WEBHOOK_JOB,
    `${ALERT_WEBHOOK_JOB}:${deliveryId(batch)}`,
    Date.now(),
    batch,
    db,
    webhookHost(base),
  );
};
for (let i = 0; i < HANGING; i++) {
  const server = http.createServer(() => undefined);
  servers.push(server);
  await hookAlert(userIds[i % userIds.length]!, await listenOnLoopback(server), `hanging ${i}`);
}
const working = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    delivered = performance.now();
    res.writeHead(204).end();
  });
});
servers.push(working);
await hookAlert(userIds.at(-1)!, await listenOnLoopback(working), 'working');
// The deliveries start (and, with the evaluation's thousand digests, the mail of the day); half a
// second later, while every hanging receiver holds its request, a user asks for a reset.
const deliveriesAt = performance.now();
const deliveries = services.jobs.runDue();
await new Promise((resolve) => setTimeout(resolve, 500));
const askedAt = performance.now();
await queuePasswordReset(services.jobs, 'sub_0@example.com');
while (!smtp.received.some((m) => m.to.includes('sub_0@example.com')) && performance.now() - askedAt < 120_000)
  await new Promise((resolve) => setTimeout(resolve, 5));
const resetMs = performance.now() - askedAt;
while (delivered === 0 && performance.now() - askedAt < 120_000) await new Promise((resolve) => setTimeout(resolve, 5));
const otherWebhookMs = delivered - deliveriesAt;
log(
  `reset mail ${resetMs.toFixed(0)} ms after it was asked; another subscriber's webhook ${otherWebhookMs.toFixed(0)} ms after the deliveries started; ${HANGING} receivers hanging`,
);

await services.jobs.stop();
void deliveries;
for (const server of servers) server.closeAllConnections();
await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
await services.close();
await smtp.close();
fs.rmSync(dir, { recursive: true, force: true });

console.log(
  JSON.stringify({
    alerts_scale_subscribers: SUBSCRIBERS,
    alerts_scale_alerts: result.alerts,
    alerts_scale_eval_ms: Math.round(evalMs),
    alerts_scale_longest_block_ms: Math.round(loop.max / 1e6),
    alerts_scale_triggers: result.triggers.length,
    alerts_scale_notification_rows: triggerRows,
    alerts_scale_job_rows: jobRows,
    alerts_reset_mail_ms_while_100_hang: Math.round(resetMs),
    alerts_other_webhook_ms_while_100_hang: Math.round(otherWebhookMs),
  }),
);
process.exit(0);
