import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../testing/factories.js';
import { startLiveServer, type LiveServer } from '../../testing/live-server.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { requestAs, signedInUser, type SignedIn } from '../../testing/auth-helpers.js';
import { closeServer, listenOnLoopback } from '../../testing/loopback-server.js';
import { closeAfterEach } from '../../testing/close-after-each.js';
import { addMarketData } from '../../testing/market-fixtures.js';
import { testDialects } from '../../testing/test-databases.js';
import { startSmtpTestServer } from '../../testing/smtp-test-server.js';
import { ManualClock, MINUTE_MS } from '../jobs/clock.js';
import type { RecordingOutboxMailSender } from '../mail/recording-outbox-mail-sender.js';

const DAYS = ['2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07'];
const LAST = DAYS[DAYS.length - 1]!;
const NEXT = '2024-03-08';

/** `symbols` at 90 up to the day before the last; on the last day (and NEXT) those in `up` close at 110. */
async function market(
  t: Pick<TestApp, 'app' | 'services' | 'database'>,
  symbols: string[],
  day: 'before' | 'last' | 'next',
  up: string[] = symbols,
) {
  if (day === 'before') {
    const bars = Object.fromEntries(symbols.map((s) => [s, DAYS.slice(0, -1).map((d) => [d, 90] as const)]));
    await addMarketData(
      t,
      symbols.map((symbol) => ({ symbol })),
      bars,
    );
    return;
  }
  const date = day === 'last' ? LAST : NEXT;
  await addMarketData(t, [], Object.fromEntries(symbols.map((s) => [s, [[date, up.includes(s) ? 110 : 90] as const]])));
}

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback answering `status()`; `hang` accepts and never answers. */
async function receiver(answer: () => number | 'hang') {
  const received: Received[] = [];
  let open = 0;
  let most = 0;
  const server = http.createServer((req, res) => {
    open++;
    most = Math.max(most, open);
    res.on('close', () => open--);
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body });
      const status = answer();
      if (status !== 'hang') res.writeHead(status).end();
    });
  });
  const base = await listenOnLoopback(server);
  return { server, base, received, most: () => most };
}

async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

function alertOn(t: Pick<TestApp, 'app' | 'services'>, user: SignedIn, fields: Record<string, unknown>) {
  return requestAs(t, user, 'POST', '/api/v1/alerts', {
    kind: 'condition',
    expression: 'close > 100',
    mail: false,
    ...fields,
  });
}

describe('alerts at scale: a receiver that never answers holds up nobody', () => {
  const closers = closeAfterEach();

  it.each(testDialects())(
    '(%s) a reset mail and another user’s delivery go through within seconds while a receiver hangs',
    async (dialect) => {
      const hanging = await receiver(() => 'hang');
      closers.push(() => closeServer(hanging.server));
      const working = await receiver(() => 204);
      closers.push(() => closeServer(working.server));
      const smtp = startSmtpTestServer();
      const smtpUrl = `smtp://127.0.0.1:${await smtp.listen()}`;
      closers.push(() => smtp.close());
      const t: LiveServer = await startLiveServer(dialect, { SMTP_URL: smtpUrl, ALERT_WEBHOOKS_ALLOW_LOCAL: 'true' });
      closers.unshift(() => t.close());
      await market(t, ['AAA', 'BBB'], 'before');
      const alice = await signedInUser(t, { subscriber: true });
      const bob = await signedInUser(t, { subscriber: true });
      await createUser(t.database.db, { email: 'carol@example.com' });
      // Four of Alice's alerts call the receiver that hangs; one of Bob's calls one that works.
      for (let i = 0; i < 4; i++)
        expect(
          (await alertOn(t, alice, { name: `A${i}`, symbol: 'AAA', webhookUrl: `${hanging.base}/a${i}` })).statusCode,
        ).toBe(201);
      expect((await alertOn(t, bob, { name: 'B', symbol: 'AAA', webhookUrl: `${working.base}/b` })).statusCode).toBe(
        201,
      );

      await market(t, ['AAA', 'BBB'], 'last');
      await t.services.jobs.runDue(); // the evaluation: it records the triggers and schedules five deliveries
      const deliveries = t.services.jobs.runDue();
      await waitFor(() => hanging.received.length >= 2, 5_000);

      // Over real HTTP, while two of Alice's deliveries hang.
      const asked = Date.now();
      const reset = await fetch(`${t.baseUrl}/api/auth/password-reset/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.baseUrl },
        body: JSON.stringify({ email: 'carol@example.com' }),
      });
      expect(reset.status).toBe(202);
      await waitFor(() => smtp.received.some((m) => m.to.includes('carol@example.com')), 3_000);
      const mailMs = Date.now() - asked;
      await waitFor(() => working.received.length === 1, 3_000);
      expect(mailMs).toBeLessThan(3_000);
      // Two at once to the hanging host, never more; the rest wait for their places.
      expect(hanging.most()).toBe(2);
      expect(JSON.parse(working.received[0]!.body)).toMatchObject({
        alertName: 'B',
        barDate: LAST,
        triggers: [{ symbol: 'AAA' }],
      });

      // Each hanging delivery gives up after the short timeout and is retried later, not held.
      const ended = await waitFor(async () => {
        const rows = await t.database.db
          .selectFrom('jobs')
          .select(['status', 'attempts', 'last_error'])
          .where('kind', '=', 'alerts.webhook')
          .execute();
        return rows.filter((r) => r.last_error?.includes('timed out after 5000 ms')).length === 4;
      }, 25_000);
      expect(ended).toBeLessThan(25_000);
      await deliveries;
    },
    60_000,
  );
});

describe.each(testDialects())('alerts at scale (%s)', (dialect) => {
  let t: TestApp | undefined;
  const closers = closeAfterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('one session makes at most 50 notifications an alert, the rest summed up in one, delivered as one request', async () => {
    const hook = await receiver(() => 204);
    closers.push(() => closeServer(hook.server));
    t = await createTestApp(dialect, { ALERT_WEBHOOKS_ALLOW_LOCAL: 'true' });
    const symbols = Array.from({ length: 60 }, (_, i) => `S${String(i).padStart(2, '0')}`);
    await market(t, symbols, 'before');
    const alice = await signedInUser(t, { subscriber: true });
    const scan = await requestAs(t, alice, 'POST', '/api/v1/alerts', {
      name: 'Over 100',
      kind: 'scan',
      expression: 'close > 100',
      webhookUrl: `${hook.base}/hook`,
    });
    expect(scan.statusCode).toBe(201);
    await market(t, symbols, 'last');
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();

    const rows = await t.database.db.selectFrom('alert_triggers').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(51);
    expect(rows.slice(0, 50).map((r) => r.symbol)).toEqual(symbols.slice(0, 50));
    const more = rows[50]!;
    expect(more).toMatchObject({ symbol: '+', event: 'more', bar_date: LAST });
    expect(JSON.parse(more.detail)).toEqual({ more: 10, symbols: symbols.slice(50) });
    expect(more.message).toBe(`and 10 more symbols on ${LAST}: ${symbols.slice(50).join(', ')}.`);

    // One request for the alert's session, carrying its 51 notifications.
    expect(hook.received).toHaveLength(1);
    const body = JSON.parse(hook.received[0]!.body);
    expect(body.triggers).toHaveLength(51);
    expect(body.triggers[50]).toMatchObject({ event: 'more', detail: { more: 10 } });
    expect(hook.received[0]!.headers['x-solstice-delivery']).toBe(`${scan.json().data.id}-${LAST}-${rows[0]!.id}`);

    // The digest: one section for the alert, counting all 60.
    const mails = (t.services.mail as RecordingOutboxMailSender).sent.filter((m) => m.template === 'alert-digest');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Solstice alerts for ${LAST}: 60 triggers`);
    expect(mails[0]!.text).toContain('Over 100 (60)');
    expect(mails[0]!.text).toContain('and 10 more symbols');

    // A replay of the session records nothing more and delivers nothing more.
    const { runAlertEvaluation } = await import('./alert-evaluation.js');
    const replay = await runAlertEvaluation(
      { db: t.database.db, market: t.services.market, jobs: t.services.jobs, now: () => Date.now() },
      LAST,
    );
    expect(replay.triggers).toHaveLength(60);
    expect(replay.recorded).toBe(0);
  });

  it('a receiver that keeps failing is paused and its owner told, in the app and by mail; resuming calls it again', async () => {
    let status = 503;
    const hook = await receiver(() => status);
    closers.push(() => closeServer(hook.server));
    const clock = new ManualClock(Date.UTC(2024, 2, 7, 23));
    t = await createTestApp(dialect, { ALERT_WEBHOOKS_ALLOW_LOCAL: 'true' }, { clock });
    await market(t, ['AAA', 'BBB'], 'before');
    const alice = await signedInUser(t, { subscriber: true });
    const created = await alertOn(t, alice, { name: 'AAA up', symbol: 'AAA', webhookUrl: `${hook.base}/hook` });
    const id = created.json().data.id as number;
    await market(t, ['AAA', 'BBB'], 'last');
    await t.services.jobs.runDue(); // the evaluation
    for (let attempt = 0; attempt < 5; attempt++) {
      await t.services.jobs.runDue();
      clock.advance(20 * MINUTE_MS);
    }
    expect(hook.received).toHaveLength(5);
    const [job] = await t.database.db.selectFrom('jobs').selectAll().where('kind', '=', 'alerts.webhook').execute();
    expect(job).toMatchObject({ status: 'failed', attempts: 5 });
    await t.services.jobs.runDue(); // the owner's mail
    const alert = (await requestAs(t, alice, 'GET', `/api/v1/alerts/${id}`)).json().data;
    expect(alert.webhookPausedAt).toEqual(expect.any(Number));
    expect(alert.webhookPausedReason).toContain('webhook answered 503');
    const bell = (await requestAs(t, alice, 'GET', '/api/v1/notifications')).json();
    expect(bell.data[0]).toMatchObject({
      event: 'webhook-paused',
      alertId: id,
      detail: { reason: 'webhook answered 503' },
    });
    const mails = (t.services.mail as RecordingOutboxMailSender).sent.filter(
      (m) => m.template === 'alert-webhook-paused',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Solstice paused the webhook of your alert "AAA up"');

    // The next session fires again: no delivery is scheduled while the webhook is paused.
    await market(t, ['AAA', 'BBB'], 'next', []);
    await market(t, ['AAA'], 'next', ['AAA']);
    const before = hook.received.length;
    clock.advance(24 * 60 * MINUTE_MS);
    await t.services.jobs.runDue();
    expect(hook.received).toHaveLength(before);

    // Resumed: the pause is gone and later deliveries go out.
    status = 204;
    const resumed = await requestAs(t, alice, 'PATCH', `/api/v1/alerts/${id}`, { webhookPaused: false });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data).toMatchObject({ webhookPausedAt: null, webhookPausedReason: null });
  });

  it('an account’s alerts watch at most ALERT_SYMBOLS_PER_ACCOUNT symbols: stated in the list, a 400 naming it, paused when a watchlist grows past it', async () => {
    t = await createTestApp(dialect, { ALERT_SYMBOLS_PER_ACCOUNT: '3' });
    await market(t, ['AAA', 'BBB', 'CCC', 'DDD'], 'before');
    const alice = await signedInUser(t, { subscriber: true });
    const list = await requestAs(t, alice, 'POST', '/api/v1/watchlists', {
      name: 'Two',
      symbols: [{ sym: 'AAA' }, { sym: 'BBB' }],
    });
    expect(list.statusCode).toBe(201);
    const listId = list.json().data.id as number;
    expect((await alertOn(t, alice, { name: 'list', watchlistId: listId })).statusCode).toBe(201);
    expect((await alertOn(t, alice, { name: 'one', symbol: 'CCC' })).statusCode).toBe(201);
    // A scan alert watches no list of symbols: it is bound by the notifications a session makes.
    expect(
      (await requestAs(t, alice, 'POST', '/api/v1/alerts', { name: 's', kind: 'scan', expression: 'close > 1' }))
        .statusCode,
    ).toBe(201);
    const usage = (await requestAs(t, alice, 'GET', '/api/v1/alerts')).json().usage;
    expect(usage).toEqual({
      limits: { alerts: 100, symbolsPerAccount: 3, notificationsPerSession: 50 },
      alerts: 3,
      symbols: 3,
    });

    const refused = await alertOn(t, alice, { name: 'too many', symbol: 'DDD' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.issues[0]).toEqual({
      path: 'body.symbol',
      message:
        "this alert would watch 1 symbols and your other alerts watch 3: an account's alerts may watch at most 3 symbols in all",
    });

    // The watchlist grows past the limit after the alert was saved: the later alert waits, paused, with the reason.
    const grown = await requestAs(t, alice, 'PUT', `/api/v1/watchlists/${listId}`, {
      name: 'Two',
      symbols: [{ sym: 'AAA' }, { sym: 'BBB' }, { sym: 'DDD' }],
    });
    expect(grown.statusCode).toBe(200);
    await market(t, ['AAA', 'BBB', 'CCC', 'DDD'], 'last');
    await t.services.jobs.runDue();
    const alerts = (await requestAs(t, alice, 'GET', '/api/v1/alerts')).json().data as {
      name: string;
      paused: boolean;
      pausedReason: string | null;
    }[];
    expect(alerts.map((a) => [a.name, a.paused])).toEqual([
      ['list', false],
      ['one', true],
      ['s', false],
    ]);
    expect(alerts[1]!.pausedReason).toMatch(/more than 3 symbols/);
  });
});
