// Live market data end to end: the built server updates its prices from a fake Yahoo when
// its (test mode) clock reaches the scheduled time, and the screens follow without a failed
// request; a run that finds nothing new leaves a visible warning until an admin runs it again.
import { describe, expect, it } from 'vitest';
import { lastCompletedSession } from '@solstice/analytics';
import type { AdminDataResponse, FreshnessInfo } from '@solstice/contracts';
import { FakeMarket } from '../apps/server/src/testing/fake-providers/index.js';
import { screenshot } from './support/browser.js';
import { runBringing as runBringingAt, updatingAppSuite } from './support/market-clock.js';

const ADMIN = { email: 'data-admin@example.com', password: 'live data e2e passphrase' };
const UPDATE_TIME = '18:30';

/** "2026-11-20" as the web app shows it in English (en-US, the test browser's language). */
const shown = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

describe('live market data in the browser', () => {
  /** The session the data starts at: the last completed one now. */
  const first = lastCompletedSession(Date.now());

  const app = updatingAppSuite(ADMIN, UPDATE_TIME, () =>
    new FakeMarket(first)
      .add('AAA', { from: '2026-01-02' })
      .add('BBB', { from: '2026-01-02' })
      .add('CCC', { from: '2026-01-02' }),
  );
  const { api } = app;
  const dataPage = async () => (await api<AdminDataResponse>('GET', '/api/v1/admin/data')).body;
  const freshness = async () => (await api<FreshnessInfo>('GET', '/api/v1/market/freshness')).body;

  /** Moves the server's test clock to `at` (forward only); the endpoint runs the jobs that became due. */
  const { moveClockTo } = app;

  const runBringing = (after: string, from: number) => runBringingAt(UPDATE_TIME, after, from);

  /** A screenshot once the page's requests are done (no loading overlay over it). */
  const shot = async (name: string) => {
    await app.page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
    await screenshot(app.page, name);
  };

  const asOfOnMarket = async () => {
    await app.page.goto(app.server.url + '/market');
    await app.page.getByText(/^As of /).waitFor();
    return app.page.getByText(/^As of /).textContent();
  };

  it('backfills the tickers an admin adds; shows the data date and no warning while the data is current', async () => {
    // Two tickers added as an admin does (the API, and the data page's form): each backfilled by a job.
    for (const [symbol, name] of [
      ['AAA', 'Alpha Industries'],
      ['CCC', 'Charlie Mining'],
    ]) {
      expect((await api('POST', '/api/v1/admin/instruments', { symbol, name })).status).toBe(202);
    }
    await app.page.goto(app.server.url + '/admin/data');
    const form = app.page.getByRole('form', { name: 'Add a ticker' });
    await form.getByLabel('Ticker').fill('bbb');
    await form.getByLabel('Name (optional)').fill('Bravo Holdings');
    await form.getByRole('button', { name: 'Add ticker' }).click();
    await form.getByText('BBB added').waitFor();
    await expect
      .poll(async () => (await dataPage()).instruments.map((i) => [i.symbol, i.lastBar]), { timeout: 60_000 })
      .toEqual([
        ['AAA', first],
        ['BBB', first],
        ['CCC', first],
      ]);
    // The market cache follows the new bars (SQLite: the data version, read every few seconds).
    await expect.poll(async () => (await freshness()).asOf, { timeout: 30_000 }).toBe(first);

    expect(await freshness()).toEqual({ asOf: first, lastSession: first, tradingDaysBehind: 0 });
    expect(await asOfOnMarket()).toContain(shown(first));
    expect(await app.page.getByTestId('stale-data-banner').count()).toBe(0);
    await shot('live-data-1-market-current');
    await app.page.goto(app.server.url + '/admin/data');
    await app.page.getByTestId('data-status').waitFor();
    expect(await app.page.getByTestId('data-behind').textContent()).toBe('Current');
    const runs = app.page.getByTestId('data-runs').getByRole('row');
    expect(await runs.count()).toBe(4); // header + three backfills
    await shot('live-data-2-admin-after-backfill');
    expect(app.watch.errors).toEqual([]);
  });

  it('the scheduled run brings the next session when its time comes; screens follow; no request fails', async () => {
    const nextRunAt = (await dataPage()).schedule.nextRunAt;
    expect(nextRunAt).not.toBeNull();
    const target = runBringing(first, Date.now());
    // The fake provider now has the next session's bars, but no longer knows CCC.
    app.market.until = target.session;
    app.yahoo.scenario('CCC', 'unknown');

    // A load loop during the update: every request must succeed.
    const failures: string[] = [];
    let requests = 0;
    let loading = true;
    const loop = (async () => {
      while (loading) {
        for (const path of ['/api/health', '/api/v1/market/overview']) {
          requests++;
          try {
            const res = await fetch(app.server.url + path, { headers: { cookie: app.cookie } });
            if (!res.ok) failures.push(`${path}: ${res.status}`);
            await res.arrayBuffer();
          } catch (error) {
            failures.push(`${path}: ${String(error)}`);
          }
        }
      }
    })();

    await moveClockTo(target.at + 60_000);
    await expect
      .poll(async () => (await dataPage()).runs.find((r) => r.trigger === 'schedule')?.status, { timeout: 60_000 })
      .toBe('partial');
    await expect.poll(async () => (await freshness()).asOf, { timeout: 30_000 }).toBe(target.session);
    await expect.poll(asOfOnMarket, { timeout: 30_000 }).toContain(shown(target.session));
    loading = false;
    await loop;
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(20);

    expect(await app.page.getByTestId('stale-data-banner').count()).toBe(0);
    // CCC has no bar on that day: left out of the market-wide views, and counted.
    expect(await app.page.getByTestId('stale-count').textContent()).toBe('1 symbol stale');
    await shot('live-data-3-market-next-session');
    await app.page.goto(app.server.url + '/heatmaps');
    await app.page.getByText(`As of ${shown(target.session)}`).waitFor();
    expect(await app.page.getByTestId('stale-count').textContent()).toBe('1 symbol stale');
    await app.page.goto(app.server.url + '/scanner?expression=close+%3E+0');
    await app.page.getByText(new RegExp(`2 matches as of ${shown(target.session).replace(/\./g, '\\.')}`)).waitFor();

    await app.page.goto(app.server.url + '/admin/data');
    const run = (await dataPage()).runs.find((r) => r.trigger === 'schedule')!;
    expect(run).toMatchObject({
      session: target.session,
      status: 'partial',
      updated: 2,
      failed: 1,
      byProvider: { yahoo: 2 },
    });
    const row = app.page.getByTestId('data-runs').getByRole('row').filter({ hasText: 'schedule' });
    await row.waitFor();
    expect(await row.textContent()).toContain('yahoo 2');
    const failing = app.page.getByTestId('data-failing').getByRole('row').filter({ hasText: 'CCC' });
    expect(await failing.textContent()).toMatch(/unknown symbol/i);
    expect(await app.page.getByTestId('last-run').textContent()).toContain('schedule');
    await shot('live-data-4-admin-after-scheduled-run');
    expect(app.watch.errors).toEqual([]);
  });

  it('warns on every screen while a session is missing, until an admin runs the update now', async () => {
    const current = (await freshness()).asOf!;
    // The next scheduled run comes, but the provider has nothing new yet.
    const target = runBringing(current, (await dataPage()).schedule.nextRunAt! - 1);
    await moveClockTo(target.at + 60_000);
    await expect.poll(async () => (await freshness()).tradingDaysBehind, { timeout: 60_000 }).toBe(1);

    for (const path of ['/market', '/dashboard', '/heatmaps']) {
      await app.page.goto(app.server.url + path);
      const banner = app.page.getByTestId('stale-data-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('Market data is 1 trading day old.');
      expect(await banner.textContent()).toContain(
        `The latest bar is from ${shown(current)}; the last completed session was ${shown(target.session)}.`,
      );
    }
    await app.page.getByText(`As of ${shown(current)}`).waitFor();
    await shot('live-data-5-stale-warning');

    // The provider catches up; the admin runs the update from the data page.
    app.market.until = target.session;
    await app.page.goto(app.server.url + '/admin/data');
    expect(await app.page.getByTestId('data-behind').textContent()).toBe('1 trading day');
    await app.page.getByRole('button', { name: 'Run update now' }).click();
    await app.page.getByText(/The update finished \(Partial\)/).waitFor({ timeout: 60_000 });
    // The page keeps asking until the market has moved; the shell's warning goes with it.
    await expect.poll(() => app.page.getByTestId('data-behind').textContent(), { timeout: 30_000 }).toBe('Current');
    await app.page.getByTestId('stale-data-banner').waitFor({ state: 'detached', timeout: 10_000 });
    await shot('live-data-6-admin-after-run-now');

    // CCC is gone from the provider: the admin stops updating it, keeping its history.
    await app.page.getByRole('button', { name: 'Remove CCC' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Remove CCC?' });
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const ccc = app.page.getByTestId('data-instruments').getByRole('row').filter({ hasText: 'CCC' });
    await ccc.getByText('Removed (history kept)').waitFor();
    expect((await dataPage()).instruments.find((i) => i.symbol === 'CCC')).toMatchObject({
      tracked: false,
      lastBar: first,
    });
    expect(await asOfOnMarket()).toContain(shown(target.session));
    expect(await app.page.getByTestId('stale-data-banner').count()).toBe(0);
    expect(app.watch.errors).toEqual([]);
  });
});
