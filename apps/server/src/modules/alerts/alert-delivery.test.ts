import { createHmac } from 'node:crypto';
import http from 'node:http';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp, createTestAppOn, type TestApp } from '../../testing/test-app.js';
import { requestAs, signedInUser, type SignedIn } from '../../testing/auth-helpers.js';
import { closeServer, listenOnLoopback } from '../../testing/loopback-server.js';
import { closeAfterEach } from '../../testing/close-after-each.js';
import { addMarketData } from '../../testing/market-fixtures.js';
import { startSmtpTestServer } from '../../testing/smtp-test-server.js';
import { ManualClock, MINUTE_MS } from '../jobs/clock.js';
import { runAlertEvaluation } from './alert-evaluation.js';

const DAYS = ['2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07'];
const LAST = DAYS[DAYS.length - 1]!;

/** AAA crosses 100 on the last day; the others stay below. */
async function market(t: TestApp, withLast: boolean) {
  const dates = withLast ? DAYS : DAYS.slice(0, -1);
  const bars = (symbol: string, up: boolean) => dates.map((d) => [d, up && d === LAST ? 110 : 90] as const);
  await addMarketData(
    t,
    withLast ? [] : ['AAA', 'BBB', 'CCC'].map((symbol) => ({ symbol })),
    withLast
      ? { AAA: [[LAST, 110]], BBB: [[LAST, 90]], CCC: [[LAST, 90]] }
      : { AAA: bars('AAA', true), BBB: bars('BBB', false), CCC: bars('CCC', false) },
  );
}

/** The market up to the day before its last, and a subscriber. */
async function subscriberBeforeLastDay(t: TestApp): Promise<SignedIn> {
  await market(t, false);
  return signedInUser(t, { subscriber: true });
}

/** Creates a condition alert `close > 100` with `fields` (name, symbol, …). */
function conditionOver100(t: TestApp, user: SignedIn, fields: Record<string, unknown>) {
  return requestAs(t, user, 'POST', '/api/v1/alerts', { kind: 'condition', expression: 'close > 100', ...fields });
}

async function jobRows(t: TestApp, kind: string) {
  return t.database.db.selectFrom('jobs').selectAll().where('kind', '=', kind).execute();
}

describe('alert delivery and failures (sqlite)', () => {
  let t: TestApp | undefined;
  const closers = closeAfterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('a mail server that refuses: the digest is retried and delivered once when it comes back', async () => {
    const refusing = startSmtpTestServer({ rejectRecipients: true });
    const refusingUrl = `smtp://127.0.0.1:${await refusing.listen()}`;
    closers.push(() => refusing.close());
    const clock = new ManualClock(Date.UTC(2024, 2, 7, 23));
    t = await createTestApp('sqlite', { SMTP_URL: refusingUrl }, { clock });
    const alice = await subscriberBeforeLastDay(t);
    await requestAs(t, alice, 'POST', '/api/v1/alerts', { name: 'Over 100', kind: 'scan', expression: 'close > 100' });
    await market(t, true);
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
    const [failed] = await jobRows(t, 'alerts.digest');
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.last_error).toMatch(/mailbox unavailable/);
    expect(refusing.received).toHaveLength(0);

    // The mail server comes back (a second server process on a new port, the same settings otherwise).
    const working = startSmtpTestServer();
    const workingUrl = `smtp://127.0.0.1:${await working.listen()}`;
    closers.push(() => working.close());
    const restarted = await createTestAppOn(t, { clock });
    closers.unshift(() => restarted.close());
    const settings = { ...t.services.settings, SMTP_URL: workingUrl };
    const { createMailSender } = await import('../mail/create-mail-sender.js');
    const { registerAlertJobs } = await import('./alerts.jobs.js');
    registerAlertJobs(restarted.services.jobs, {
      db: t.database.db,
      market: restarted.services.market,
      jobs: restarted.services.jobs,
      now: () => clock.now(),
      mail: createMailSender(settings, t.database.db, restarted.services.logger),
      appUrl: 'http://localhost',
      allowLocalWebhooks: false,
    });
    clock.advance(2 * MINUTE_MS);
    await restarted.services.jobs.runDue();
    clock.advance(10 * MINUTE_MS);
    await restarted.services.jobs.runDue();
    expect(working.received).toHaveLength(1);
    expect(working.received[0]!.data).toContain('List-Unsubscribe');
    const [done] = await jobRows(t, 'alerts.digest');
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('a webhook is signed with the secret shown once, and retried with backoff until it is accepted', async () => {
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    let answer = 503;
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(answer).end();
      });
    });
    const url = `${await listenOnLoopback(server)}/hook`;
    closers.push(() => closeServer(server));
    const clock = new ManualClock(Date.UTC(2024, 2, 7, 23));
    t = await createTestApp('sqlite', { ALERT_WEBHOOKS_ALLOW_LOCAL: 'true' }, { clock });
    const alice = await subscriberBeforeLastDay(t);
    const created = await conditionOver100(t, alice, {
      name: 'AAA over 100',
      symbol: 'AAA',
      mail: false,
      webhookUrl: url,
    });
    const secret = created.json().data.webhookSecret as string;
    expect(secret).toMatch(/^whsec_/);
    // Shown once: reading the alert again does not give it.
    const read = await requestAs(t, alice, 'GET', `/api/v1/alerts/${created.json().data.id}`);
    expect(JSON.stringify(read.json())).not.toContain(secret);

    await market(t, true);
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
    expect(received).toHaveLength(1);
    const [pending] = await jobRows(t, 'alerts.webhook');
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending!.last_error).toContain('503');

    answer = 204;
    clock.advance(2 * MINUTE_MS);
    await t.services.jobs.runDue();
    expect(received).toHaveLength(2);
    const last = received[1]!;
    const timestamp = String(last.headers['x-solstice-timestamp']);
    const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${last.body}`).digest('hex')}`;
    expect(last.headers['x-solstice-signature']).toBe(expected);
    expect(JSON.parse(last.body)).toMatchObject({
      alertName: 'AAA over 100',
      barDate: LAST,
      triggers: [{ symbol: 'AAA', event: 'became-true' }],
    });
    const [done] = await jobRows(t, 'alerts.webhook');
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    // Delivered: later passes send nothing more.
    clock.advance(60 * MINUTE_MS);
    await t.services.jobs.runDue();
    expect(received).toHaveLength(2);
  });

  it('an evaluation that dies part-way records nothing, and its retry records every trigger once', async () => {
    t = await createTestApp('sqlite');
    const alice: SignedIn = await subscriberBeforeLastDay(t);
    for (const expression of ['close > 100', 'close < 100', 'close > 0', 'close > 105']) {
      await requestAs(t, alice, 'POST', '/api/v1/alerts', {
        name: expression,
        kind: 'scan',
        expression,
        onExit: true,
        mail: false,
      });
    }
    await market(t, true);
    // The process "dies" while writing: the third insert fails, as a crash there would stop it.
    await sql`CREATE TRIGGER die_midway BEFORE INSERT ON alert_triggers
              WHEN (SELECT COUNT(*) FROM alert_triggers) >= 2
              BEGIN SELECT RAISE(ABORT, 'process killed'); END`.execute(t.database.db);
    await t.services.jobs.runDue();
    const count = async () =>
      Number(
        (
          await t!.database.db
            .selectFrom('alert_triggers')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(0);
    const [job] = await jobRows(t, 'alerts.evaluate');
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job!.last_error).toContain('process killed');

    // Restarted: the job runs again and records every trigger once.
    await sql`DROP TRIGGER die_midway`.execute(t.database.db);
    const deps = { db: t.database.db, market: t.services.market, jobs: t.services.jobs, now: () => Date.now() };
    const rerun = await runAlertEvaluation(deps, LAST);
    // close > 100 and > 105: AAA entered; close < 100: AAA left; close > 0: every symbol was already in.
    expect(rerun.triggers.map((x) => [x.alertId, x.symbol, x.event])).toHaveLength(3);
    expect(rerun.recorded).toBe(3);
    expect(await count()).toBe(3);
    expect((await runAlertEvaluation(deps, LAST)).recorded).toBe(0);
    expect(await count()).toBe(3);
  });

  it('an alert on a symbol that left the market data is paused with the reason, not an error on every run', async () => {
    t = await createTestApp('sqlite');
    const alice = await subscriberBeforeLastDay(t);
    const created = await conditionOver100(t, alice, { name: 'CCC up', symbol: 'CCC' });
    expect(created.statusCode).toBe(201);
    // An operator drops the instrument (e.g. `solstice demo drop`): its bars and its row go.
    await t.database.db.deleteFrom('bar_chunks').where('symbol', '=', 'CCC').execute();
    await t.database.db.deleteFrom('instruments').where('symbol', '=', 'CCC').execute();
    await market(t, true);
    await t.services.jobs.runDue();
    const alert = (await requestAs(t, alice, 'GET', `/api/v1/alerts/${created.json().data.id}`)).json().data;
    expect(alert).toMatchObject({ paused: true, pausedReason: 'CCC is no longer in the market data.' });
    const [job] = await jobRows(t, 'alerts.evaluate');
    expect(job).toMatchObject({ status: 'done', last_error: null });
    // It cannot be resumed on the missing symbol; pointed at another one, it runs again.
    const refused = await requestAs(t, alice, 'PATCH', `/api/v1/alerts/${alert.id}`, { paused: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.issues[0].path).toBe('body.symbol');
    const resumed = await requestAs(t, alice, 'PATCH', `/api/v1/alerts/${alert.id}`, { paused: false, symbol: 'BBB' });
    expect(resumed.json().data).toMatchObject({ paused: false, pausedReason: null, symbol: 'BBB' });
  });
});
