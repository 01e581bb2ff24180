import { beforeAll, describe, expect, it } from 'vitest';
import { ALERT_LIMITS } from '@solstice/contracts';
import { createTestAppOn, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { requestAs, signedInUser, type SignedIn } from '../../testing/auth-helpers.js';
import { addMarketData, type TestBars, marketAppDuringSuite } from '../../testing/market-fixtures.js';
import { alertRow } from '../../testing/factories.js';
import { runAlertEvaluation } from './alert-evaluation.js';

/** Weekday sessions of February 2024 (the data decides what a session is). */
const SESSIONS = Array.from({ length: 29 }, (_, i) => `2024-02-${String(i + 1).padStart(2, '0')}`).filter((d) => {
  const w = new Date(`${d}T00:00:00Z`).getUTCDay();
  return w !== 0 && w !== 6;
});
const LAST = SESSIONS[SESSIONS.length - 1]!;
const BEFORE = SESSIONS.slice(0, -1);

/** AAA stays at 90 and jumps to 105 on the last session; BBB stays at 120; CCC falls from 110 to 95. */
function bars(dates: readonly string[]): TestBars {
  return {
    AAA: dates.map((d) => [d, d === LAST ? 105 : 90] as const),
    BBB: dates.map((d) => [d, 120] as const),
    CCC: dates.map((d) => [d, d === LAST ? 95 : 110] as const),
  };
}

describe.each(testDialects())('alerts on %s', (dialect) => {
  let t: TestApp;
  let alice: SignedIn;
  let member: SignedIn;
  const evaluate = (asOf: string) =>
    runAlertEvaluation(
      { db: t.database.db, market: t.services.market, jobs: t.services.jobs, now: () => t.services.clock.now() },
      asOf,
    );

  marketAppDuringSuite(
    dialect,
    [{ symbol: 'AAA' }, { symbol: 'BBB' }, { symbol: 'CCC' }],
    bars(BEFORE),
    (app) => ({ t, subscriber: alice } = app),
  );
  beforeAll(async () => {
    member = await signedInUser(t);
  });

  const post = (who: SignedIn, payload: unknown) => requestAs(t, who, 'POST', '/api/v1/alerts', payload);

  it('is a subscriber feature: a member is refused with the way to /subscribe', async () => {
    const res = await requestAs(t, member, 'GET', '/api/v1/alerts');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toContain('/subscribe');
    expect((await post(member, { name: 'x', kind: 'scan', expression: 'close > 1' })).statusCode).toBe(403);
  });

  it('answers an invalid expression with a 400 that says where it is wrong', async () => {
    const res = await post(alice, { name: 'Bad', kind: 'scan', expression: 'close > > 100' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.details.path).toBe('body.expression');
    expect(body.error.details.position).toBe(9);
    expect(body.error.message).toContain('position 9');
  });

  it('checks the target: an unknown symbol, another user’s watchlist, both or neither', async () => {
    const unknown = await post(alice, { name: 'x', kind: 'condition', symbol: 'ZZZZ', expression: 'close > 1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details.issues[0].path).toBe('body.symbol');
    const neither = await post(alice, { name: 'x', kind: 'condition', expression: 'close > 1' });
    expect(neither.statusCode).toBe(400);
    expect(JSON.stringify(neither.json())).toContain('either a symbol or a watchlistId');
    const bobList = await requestAs(t, member, 'POST', '/api/v1/watchlists', { name: 'Mine', symbols: [] });
    const theirs = await post(alice, {
      name: 'x',
      kind: 'condition',
      watchlistId: bobList.json().data.id,
      expression: 'close > 1',
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error.details.issues[0].path).toBe('body.watchlistId');
    const seasonal = await post(alice, {
      name: 'x',
      kind: 'seasonal',
      symbol: 'AAA',
      leadDays: 0,
      minDays: 30,
      maxDays: 10,
      minWinRate: 1.5,
      minYears: 10,
      direction: 'sideways',
    });
    expect(seasonal.statusCode).toBe(400);
    const paths = seasonal.json().error.details.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['body.leadDays', 'body.minWinRate', 'body.direction']));
  });

  it('refuses webhooks that are not https or point inside the network', async () => {
    for (const webhookUrl of [
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://10.1.2.3/x',
      'ftp://x.test/',
    ]) {
      const res = await post(alice, { name: 'x', kind: 'scan', expression: 'close > 1', webhookUrl });
      expect(res.statusCode, webhookUrl).toBe(400);
    }
  });

  it('creates, reads, edits, pauses and deletes; another user’s alert is a 404', async () => {
    const created = await post(alice, { name: 'Breakout', kind: 'scan', expression: 'close > 100', onExit: true });
    expect(created.statusCode).toBe(201);
    const alert = created.json().data;
    expect(alert).toMatchObject({ name: 'Breakout', kind: 'scan', onExit: true, paused: false, mail: true });
    const id = alert.id as number;
    const renamed = await requestAs(t, alice, 'PATCH', `/api/v1/alerts/${id}`, { name: 'Over 100', paused: true });
    expect(renamed.json().data).toMatchObject({ name: 'Over 100', paused: true, expression: 'close > 100' });
    const badEdit = await requestAs(t, alice, 'PATCH', `/api/v1/alerts/${id}`, { expression: 'close >' });
    expect(badEdit.statusCode).toBe(400);
    expect((await requestAs(t, member, 'GET', `/api/v1/alerts/${id}`)).statusCode).toBe(403);
    const other = await signedInUser(t, { subscriber: true });
    expect((await requestAs(t, other, 'GET', `/api/v1/alerts/${id}`)).statusCode).toBe(404);
    expect((await requestAs(t, other, 'DELETE', `/api/v1/alerts/${id}`)).statusCode).toBe(404);
    expect((await requestAs(t, alice, 'DELETE', `/api/v1/alerts/${id}`)).statusCode).toBe(204);
    expect((await requestAs(t, alice, 'GET', `/api/v1/alerts/${id}`)).statusCode).toBe(404);
  });

  it(`keeps at most ${ALERT_LIMITS.alerts} alerts with a clear message`, async () => {
    const bulk = await signedInUser(t, { subscriber: true });
    const now = Date.now();
    await t.database.db
      .insertInto('alerts')
      .values(
        Array.from({ length: ALERT_LIMITS.alerts }, (_, i) =>
          alertRow(bulk.user.id, {
            name: `a${i}`,
            expression: 'close > 1',
            paused: 1,
            created_at: now,
            updated_at: now,
          }),
        ),
      )
      .execute();
    const res = await post(bulk, { name: 'one more', kind: 'scan', expression: 'close > 1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain(`${ALERT_LIMITS.alerts} alerts`);
  });

  it('fires after a new session, once per (alert, symbol, bar date), and delivers a digest with a working unsubscribe link', async () => {
    const scan = (await post(alice, { name: 'Over 100', kind: 'scan', expression: 'close > 100', onExit: true })).json()
      .data;
    const cond = (
      await post(alice, { name: 'AAA up', kind: 'condition', symbol: 'aaa', expression: 'close crosses above 100' })
    ).json().data;
    const list = (
      await requestAs(t, alice, 'POST', '/api/v1/watchlists', { name: 'Temp', symbols: [{ sym: 'CCC' }] })
    ).json().data;
    const onList = (
      await post(alice, { name: 'On the list', kind: 'condition', watchlistId: list.id, expression: 'close < 100' })
    ).json().data;
    expect((await requestAs(t, alice, 'DELETE', `/api/v1/watchlists/${list.id}`)).statusCode).toBe(204);

    // The day's bars arrive: the reload schedules the evaluation of the new session as a job.
    await addMarketData(t, [], { AAA: [[LAST, 105]], BBB: [[LAST, 120]], CCC: [[LAST, 95]] });
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();

    const notes = await requestAs(t, alice, 'GET', '/api/v1/notifications');
    const body = notes.json();
    expect(body.unread).toBe(3);
    const seen = body.data.map((n: { alertId: number; symbol: string; barDate: string }) => [
      n.alertId,
      n.symbol,
      n.barDate,
    ]);
    expect(seen).toEqual(
      expect.arrayContaining([
        [scan.id, 'AAA', LAST],
        [scan.id, 'CCC', LAST],
        [cond.id, 'AAA', LAST],
      ]),
    );
    const left = body.data.find(
      (n: { symbol: string; alertId: number }) => n.alertId === scan.id && n.symbol === 'CCC',
    );
    expect(left.message).toContain('left');

    // The alert on the deleted watchlist is paused with the reason, not an error on every run.
    const paused = (await requestAs(t, alice, 'GET', `/api/v1/alerts/${onList.id}`)).json().data;
    expect(paused).toMatchObject({ paused: true, pausedReason: 'Its watchlist was deleted.' });
    const fired = (await requestAs(t, alice, 'GET', `/api/v1/alerts/${cond.id}`)).json().data;
    expect(fired.lastFiredBarDate).toBe(LAST);

    // Evaluating the same session again (a retried job, a replay) records nothing twice.
    const again = await evaluate(LAST);
    expect(again.triggers).toHaveLength(3);
    expect(again.recorded).toBe(0);
    // A second process on the same database, at the same moment: still once.
    const second = await createTestAppOn(t);
    try {
      const [a, b] = await Promise.all([
        evaluate(LAST),
        runAlertEvaluation(
          { db: second.database.db, market: second.services.market, jobs: second.services.jobs, now: () => Date.now() },
          LAST,
        ),
      ]);
      expect(a.recorded + b.recorded).toBe(0);
    } finally {
      await second.close();
    }
    const count = await t.database.db
      .selectFrom('alert_triggers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', alice.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);

    // One digest for the day, whatever ran twice.
    const digests = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('template', '=', 'alert-digest')
      .where('to_address', '=', alice.user.email)
      .execute();
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toContain(LAST);
    expect(digests[0]!.text_body).toContain('AAA');
    const link = /https?:\/\/[^\s]+\/api\/v1\/alert-mail\/unsubscribe\?token=[^\s]+/.exec(digests[0]!.text_body)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);

    const tampered = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search.slice(0, -2)}xx` });
    expect(tampered.statusCode).toBe(400);
    // Opening the link only asks; the one-click POST (the page's button, or the mail provider) turns it off.
    const asked = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Stop alert mail?');
    expect((await requestAs(t, alice, 'GET', '/api/v1/me/alert-mail')).json()).toEqual({ alertMail: true });
    const off = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(off.statusCode).toBe(204);
    expect((await requestAs(t, alice, 'GET', '/api/v1/me/alert-mail')).json()).toEqual({ alertMail: false });
    expect((await requestAs(t, alice, 'PUT', '/api/v1/me/alert-mail', { alertMail: true })).json()).toEqual({
      alertMail: true,
    });

    // Mark read: one, then all.
    const first = body.data[0].id as number;
    const one = await requestAs(t, alice, 'POST', '/api/v1/notifications/read', { ids: [first] });
    expect(one.json()).toEqual({ changed: 1, unread: 2 });
    const all = await requestAs(t, alice, 'POST', '/api/v1/notifications/read', { all: true });
    expect(all.json()).toEqual({ changed: 2, unread: 0 });
    expect((await requestAs(t, alice, 'POST', '/api/v1/notifications/read', { ids: [] })).statusCode).toBe(400);
    // Another user's notifications are not theirs to read.
    expect((await requestAs(t, member, 'GET', '/api/v1/notifications')).json()).toEqual({ data: [], unread: 0 });
  });

  it('replays: evaluation as of a past session gives the same answer whatever ran since', async () => {
    const before = await evaluate(BEFORE[BEFORE.length - 1]!);
    // Nothing changed between the last two sessions before LAST: no triggers then.
    expect(before.triggers.filter((x) => x.symbol === 'AAA')).toEqual([]);
    await expect(evaluate('2024-03-30')).rejects.toThrow(/no market data has a bar on 2024-03-30/);
  });

  it('saves scans in the account, with the same expression checks', async () => {
    const bad = await requestAs(t, alice, 'POST', '/api/v1/scans', { name: 'x', expression: 'rsi14 <' });
    expect(bad.statusCode).toBe(400);
    const saved = await requestAs(t, alice, 'POST', '/api/v1/scans', { name: 'Oversold', expression: 'rsi14 < 30' });
    expect(saved.statusCode).toBe(201);
    const id = saved.json().data.id;
    expect(
      (await requestAs(t, alice, 'POST', '/api/v1/scans', { name: 'Oversold', expression: 'rsi14 < 20' })).statusCode,
    ).toBe(409);
    const edited = await requestAs(t, alice, 'PATCH', `/api/v1/scans/${id}`, { expression: 'rsi14 < 25' });
    expect(edited.json().data.expression).toBe('rsi14 < 25');
    expect((await requestAs(t, alice, 'GET', '/api/v1/scans')).json().data).toHaveLength(1);
    expect((await requestAs(t, member, 'GET', '/api/v1/scans')).statusCode).toBe(403);
    expect((await requestAs(t, alice, 'DELETE', `/api/v1/scans/${id}`)).statusCode).toBe(204);
  });
});
