import { describe, expect, it } from 'vitest';
import { seasonalOpening, seriesFromRows, type SeasonalAlertCriteria } from '@solstice/analytics';
import type { TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { requestAs, type SignedIn } from '../../testing/auth-helpers.js';
import { addMarketData, marketAppDuringSuite } from '../../testing/market-fixtures.js';
import { runAlertEvaluation } from './alert-evaluation.js';

/** Weekdays from `from` to `to` inclusive. */
function weekdays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += 86_400_000) {
    const day = new Date(d).getUTCDay();
    if (day !== 0 && day !== 6) out.push(new Date(d).toISOString().slice(0, 10));
  }
  return out;
}

/** PKG: 100, and 110 from Nov 25 to Dec 10 of every year; JMP: 50, then 60 from 2023-11-13. */
const pkg = (date: string) => (date.slice(5) >= '11-25' && date.slice(5) <= '12-10' ? 110 : 100);
const jmp = (date: string) => (date >= '2023-11-13' ? 60 : 50);
const until = (last: string) => {
  const dates = weekdays('2015-01-01', last);
  return { PKG: dates.map((d) => [d, pkg(d)] as const), JMP: dates.map((d) => [d, jmp(d)] as const) };
};
const day = (date: string) => ({ PKG: [[date, pkg(date)] as const], JMP: [[date, jmp(date)] as const] });

// 2023-11-18 is a Saturday: the window 11-18 → 12-07 is entered on Monday 11-20, and 5
// sessions before that is Monday 11-13.
const WINDOW = { start: '11-18', end: '12-07', direction: 'long' };
const D = '2023-11-13';

describe.each(testDialects())(
  'seasonal alerts of one window, maxQValue and the values of a trigger on %s',
  (dialect) => {
    let t: TestApp;
    let alice: SignedIn;
    marketAppDuringSuite(
      dialect,
      [{ symbol: 'PKG' }, { symbol: 'JMP' }],
      until('2023-11-10'),
      (app) => ({ t, subscriber: alice } = app),
    );

    const post = (payload: Record<string, unknown>) =>
      requestAs(t, alice, 'POST', '/api/v1/alerts', { kind: 'seasonal', symbol: 'PKG', leadDays: 5, ...payload });
    const issues = (response: { json(): { error: { details: { issues: { path: string; message: string }[] } } } }) =>
      response.json().error.details.issues;
    const rule = { minDays: 19, maxDays: 20, minWinRate: 0.9, minYears: 4, direction: 'both' };

    it('validates a window, and takes a window or minDays and maxDays, not both, nor neither', async () => {
      const both = await post({ name: 'Both', window: WINDOW, ...rule });
      expect(both.statusCode).toBe(400);
      expect(issues(both)).toEqual(
        expect.arrayContaining([
          { path: 'body.minDays', message: 'give either a window or minDays and maxDays, not both' },
          { path: 'body.maxDays', message: 'give either a window or minDays and maxDays, not both' },
          {
            path: 'body.direction',
            message: 'a window alert takes its direction from window.direction: give one or the other',
          },
        ]),
      );
      const neither = await post({ name: 'Neither', minWinRate: 0.5, minYears: 3, direction: 'long' });
      expect(issues(neither)).toEqual([
        { path: 'body.minDays', message: 'give either a window or minDays and maxDays' },
      ]);
      const badWindow = await post({
        name: 'Bad window',
        window: { start: '11-31', end: '12-32', direction: 'both' },
        maxQValue: 2,
      });
      expect(badWindow.statusCode).toBe(400);
      expect(
        issues(badWindow)
          .map((i) => i.path)
          .sort(),
      ).toEqual(['body.maxQValue', 'body.window.direction', 'body.window.end', 'body.window.start']);
      expect(issues(badWindow).find((i) => i.path === 'body.window.start')!.message).toBe(
        'expected a real month-day (MM-DD)',
      );
      const extra = await post({ name: 'Extra', window: { ...WINDOW, days: 19 } });
      expect(issues(extra)[0]!.path).toBe('body.window');
    });

    it('turns a rule into a window and back with PATCH, refusing both at once', async () => {
      const created = await post({ name: 'Rule', ...rule, maxQValue: 0.05 });
      expect(created.statusCode).toBe(201);
      const id = created.json().data.id as number;
      expect(created.json().data.seasonal).toMatchObject({ ...rule, maxQValue: 0.05 });

      const bothAtOnce = await requestAs(t, alice, 'PATCH', `/api/v1/alerts/${id}`, { window: WINDOW, minDays: 5 });
      expect(bothAtOnce.statusCode).toBe(400);
      expect(issues(bothAtOnce).map((i) => i.path)).toContain('body.minDays');

      const toWindow = await requestAs(t, alice, 'PATCH', `/api/v1/alerts/${id}`, { window: WINDOW, minWinRate: null });
      expect(toWindow.statusCode).toBe(200);
      const seasonal = toWindow.json().data.seasonal;
      expect(seasonal).toMatchObject({ window: WINDOW, minYears: 4, maxQValue: 0.05, leadDays: 5 });
      for (const gone of ['minDays', 'maxDays', 'direction', 'minWinRate']) expect(seasonal).not.toHaveProperty(gone);

      // Half a rule on a window alert: the rest of it is missing, and said so.
      const half = await requestAs(t, alice, 'PATCH', `/api/v1/alerts/${id}`, { minDays: 5 });
      expect(issues(half)).toEqual(
        expect.arrayContaining([{ path: 'body.maxDays', message: 'give either a window or minDays and maxDays' }]),
      );
      const back = await requestAs(t, alice, 'PATCH', `/api/v1/alerts/${id}`, {
        minDays: 5,
        maxDays: 9,
        direction: 'short',
        minWinRate: 0.6,
      });
      expect(back.statusCode).toBe(200);
      expect(back.json().data.seasonal).not.toHaveProperty('window');
      expect(back.json().data.seasonal).toMatchObject({ minDays: 5, maxDays: 9, direction: 'short' });
      expect((await requestAs(t, alice, 'DELETE', `/api/v1/alerts/${id}`)).statusCode).toBe(204);
    });

    it('fires the window alert 5 trading days before its entry, with its record; maxQValue filters a rule', async () => {
      // The rule's best window and its p and q as of D, from the analytics on the data through D.
      const through = until(D).PKG.map(([date, close]) => ({
        date,
        open: close,
        high: close,
        low: close,
        close,
        volume: 1,
      }));
      const criteria: SeasonalAlertCriteria = {
        leadDays: 5,
        ...rule,
        direction: 'both',
        maxPValue: null,
        maxQValue: null,
      };
      const best = seasonalOpening(seriesFromRows('PKG', through), D, criteria)!;
      const { pValue, qValue } = best.stats;
      expect(pValue).toBeGreaterThan(0);
      expect(qValue).toBeGreaterThan(pValue!);
      const between = (pValue! + qValue!) / 2;

      const windowAlert = (await post({ name: 'PKG before it opens', window: WINDOW, maxQValue: 0.01 })).json().data;
      expect(windowAlert.seasonal).toEqual({ leadDays: 5, window: WINDOW, maxPValue: null, maxQValue: 0.01 });
      const pBound = (await post({ name: 'p bound', ...rule, maxPValue: between })).json().data;
      const qBound = (await post({ name: 'q bound', ...rule, maxQValue: between })).json().data;
      const condition = (
        await requestAs(t, alice, 'POST', '/api/v1/alerts', {
          name: 'JMP jumps',
          kind: 'condition',
          symbol: 'JMP',
          expression: 'close > 55 and rsi14 > 50',
        })
      ).json().data;

      // The session before, replayed: nothing of the window alert (its entry is 6 sessions later).
      const before = await runAlertEvaluation(
        { db: t.database.db, market: t.services.market, jobs: t.services.jobs, now: () => t.services.clock.now() },
        '2023-11-10',
        { deliver: false },
      );
      expect(before.triggers.filter((tr) => tr.alertId === windowAlert.id)).toEqual([]);

      // The session's bars arrive: the reload schedules its evaluation as a job.
      await addMarketData(t, [], day(D));
      await t.services.jobs.runDue();
      await t.services.jobs.runDue();
      type Note = { alertId: number; barDate: string; detail: Record<string, unknown>; message: string };
      const notesOn = async (date: string) =>
        ((await requestAs(t, alice, 'GET', '/api/v1/notifications')).json().data as Note[]).filter(
          (n) => n.barDate === date,
        );
      const notes = await notesOn(D);
      expect(notes.map((n) => n.alertId).sort((a, b) => a - b)).toEqual(
        [windowAlert.id as number, pBound.id as number, condition.id as number].sort((a, b) => a - b),
      );
      const ofWindow = notes.find((n) => n.alertId === windowAlert.id)!;
      // 2015 … 2022: eight years, each entered at 100 and left at 110.
      expect(ofWindow.detail).toMatchObject({
        event: 'window-opens',
        direction: 'long',
        start: '11-18',
        end: '12-07',
        days: 19,
        entryDate: '2023-11-20',
        count: 8,
        winners: 8,
        winRate: 1,
        close: 100,
      });
      expect(ofWindow.detail.mean).toBeCloseTo(0.1, 12);
      expect(ofWindow.detail.qValue).toBe(ofWindow.detail.pValue);
      expect(ofWindow.message).toContain('Close 100.');

      const ofRule = notes.find((n) => n.alertId === pBound.id)!;
      expect(ofRule.detail).toMatchObject({ pValue, qValue, close: 100 });
      expect(ofRule.message).toContain(`q = ${qValue!.toFixed(3)}`);

      // rsi14 after 50s and one rise to 60: no loss in 14 bars, so 100.
      const ofCondition = notes.find((n) => n.alertId === condition.id)!;
      expect(ofCondition.detail).toEqual({
        event: 'became-true',
        expression: 'close > 55 and rsi14 > 50',
        close: 60,
        values: { close: 60, rsi14: 100 },
      });
      expect(ofCondition.message).toBe(
        'JMP: close > 55 and rsi14 > 50 became true on 2023-11-13. Close 60; close 60, rsi14 100.',
      );

      // The next session is 4 sessions before the entry: the window alert stays quiet.
      await addMarketData(t, [], day('2023-11-14'));
      await t.services.jobs.runDue();
      await t.services.jobs.runDue();
      expect((await notesOn('2023-11-14')).filter((n) => n.alertId === windowAlert.id)).toEqual([]);
      // The rule bounded by qValue stayed quiet on every session.
      expect((await requestAs(t, alice, 'GET', `/api/v1/alerts/${qBound.id}`)).json().data.lastFiredAt).toBeNull();
    });
  },
);
