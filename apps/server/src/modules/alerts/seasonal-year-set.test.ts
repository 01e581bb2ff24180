import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { requestAs, type SignedIn } from '../../testing/auth-helpers.js';
import { marketAppDuringSuite } from '../../testing/market-fixtures.js';
import { runAlertEvaluation } from './alert-evaluation.js';

/** A bar every day 2010-01-01 … 2019-03-07: 100, and 110 from Mar 9 to Mar 20 of odd years. */
function oddYears(): [string, number][] {
  const rows: [string, number][] = [];
  for (let d = Date.UTC(2010, 0, 1) / 86_400_000; d <= Date.UTC(2019, 2, 7) / 86_400_000; d++) {
    const date = new Date(d * 86_400_000).toISOString().slice(0, 10);
    const odd = Number(date.slice(0, 4)) % 2 === 1;
    rows.push([date, odd && date.slice(5) >= '03-09' && date.slice(5) <= '03-20' ? 110 : 100]);
  }
  return rows;
}

describe.each(testDialects())('seasonal alerts with a year set on %s', (dialect) => {
  let t: TestApp;
  let alice: SignedIn;
  marketAppDuringSuite(dialect, [{ symbol: 'ODD' }], { ODD: oddYears() }, (app) => ({ t, subscriber: alice } = app));

  const criteria = {
    kind: 'seasonal',
    symbol: 'ODD',
    leadDays: 1,
    minDays: 1,
    maxDays: 1,
    minWinRate: 1,
    minYears: 3,
    direction: 'long',
  };
  const evaluate = () =>
    runAlertEvaluation(
      { db: t.database.db, market: t.services.market, jobs: t.services.jobs, now: () => t.services.clock.now() },
      '2019-03-07',
      { deliver: false },
    );

  it('stores the year set, validates it, and evaluates over its years only', async () => {
    const bad = await requestAs(t, alice, 'POST', '/api/v1/alerts', {
      ...criteria,
      name: 'Bad',
      cycle: 'midterm,leap',
      parity: 'prime',
      exclude: ['x'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
    expect(
      bad
        .json()
        .error.details.issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['body.cycle', 'body.exclude', 'body.parity']);

    const every = await requestAs(t, alice, 'POST', '/api/v1/alerts', { ...criteria, name: 'Every year' });
    const odd = await requestAs(t, alice, 'POST', '/api/v1/alerts', {
      ...criteria,
      name: 'Odd years',
      parity: 'odd',
      exclude: '2009,2021',
    });
    expect([every.statusCode, odd.statusCode]).toEqual([201, 201]);
    expect(odd.json().data.seasonal).toMatchObject({ parity: 'odd', exclude: [2009, 2021] });
    expect(every.json().data.seasonal).not.toHaveProperty('parity');

    // As of Thu 2019-03-07 the next session is Fri 03-08: the window 03-08 → 03-09 rose in
    // 2011, 2013, 2015 and 2017, 4 of the 9 years 2010–2018 (win rate below 1), 4 of the 4 odd.
    const run = await evaluate();
    const fired = run.triggers.map((tr) => tr.alertId);
    expect(fired).toEqual([odd.json().data.id]);
    expect(run.triggers[0]!.window).toMatchObject({ start: '03-08', end: '03-09', entryDate: '2019-03-08' });
    expect(run.triggers[0]!.window!.stats.count).toBe(4);

    // A change of the year set is validated, and null removes a filter.
    const id = odd.json().data.id as number;
    const badPatch = await requestAs(t, alice, 'PATCH', `/api/v1/alerts/${id}`, { cycle: ['leap'] });
    expect(badPatch.json().error.details.issues.map((i: { path: string }) => i.path)).toEqual(['body.cycle']);
    const patched = await requestAs(t, alice, 'PATCH', `/api/v1/alerts/${id}`, {
      parity: null,
      cycle: 'pre-election',
      minYears: 2,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.seasonal).toMatchObject({ cycle: ['pre-election'], exclude: [2009, 2021] });
    expect(patched.json().data.seasonal).not.toHaveProperty('parity');
    // Pre-election years 2011 and 2015 (2019 has not ended its window yet): both rose.
    const again = await evaluate();
    expect(again.triggers.map((tr) => [tr.alertId, tr.window!.stats.count])).toEqual([[id, 2]]);
  });
});
