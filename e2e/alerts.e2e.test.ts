// Alerts end to end: a scan alert created from the scanner, the daily update bringing a new
// session (a fake Yahoo, the server's test clock), the bell counting it without a reload, the
// notification leading back to the scan, and the day's digest in the outbox with an
// unsubscribe link that works without signing in.
import { describe, expect, it } from 'vitest';
import { lastCompletedSession } from '@solstice/analytics';
import type { FreshnessInfo } from '@solstice/contracts';
import { FakeMarket } from '../apps/server/src/testing/fake-providers/index.js';
import { screenshot } from './support/browser.js';
import { runBringing as runBringingAt, updatingAppSuite } from './support/market-clock.js';

const ADMIN = { email: 'alerts-admin@example.com', password: 'alerts e2e passphrase' };
const UPDATE_TIME = '18:30';
const SYMBOLS = ['AAA', 'BBB', 'CCC'];

describe('alerts in the browser', () => {
  const first = lastCompletedSession(Date.now());
  let target: { at: number; session: string };
  let expression = '';
  let entering = '';

  const app = updatingAppSuite(ADMIN, UPDATE_TIME, () => {
    const market = new FakeMarket(first);
    for (const symbol of SYMBOLS) market.add(symbol, { from: '2026-01-02' });
    return market;
  });
  const { api, moveClockTo } = app;

  const shot = async (name: string) => {
    await app.page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
    await screenshot(app.page, name);
  };

  it('creates a scan alert from the scanner', async () => {
    for (const symbol of SYMBOLS) {
      expect((await api('POST', '/api/v1/admin/instruments', { symbol, name: `${symbol} Corp` })).status).toBe(202);
    }
    await expect
      .poll(async () => (await api<FreshnessInfo>('GET', '/api/v1/market/freshness')).body.asOf, { timeout: 60_000 })
      .toBe(first);

    // The scan: a price level that one symbol crosses between this session and the next.
    target = runBringingAt(UPDATE_TIME, first, Date.now());
    app.market.until = target.session;
    const moves = SYMBOLS.map((symbol) => {
      const bars = app.market.raw(symbol);
      const [before, after] = [bars.find((b) => b.date === first)!.close, bars[bars.length - 1]!.close];
      return { symbol, before, after };
    });
    app.market.until = first;
    const mover = moves.find((m) => m.after !== m.before)!;
    const level = ((mover.before + mover.after) / 2).toFixed(2);
    expression = mover.after > mover.before ? `close > ${level}` : `close < ${level}`;
    entering = mover.symbol;

    await app.page.goto(`${app.server.url}/scanner?expression=${encodeURIComponent(expression)}`);
    await app.page.getByTestId('scan-create-alert').click();
    await app.page.waitForURL(/\/alerts\?new=scan/);
    const form = app.page.getByTestId('alert-form');
    expect(await form.getByLabel('Expression (scanner language)').inputValue()).toBe(expression);
    await form.getByLabel('Name').fill('Crossing the level');
    await shot('alerts-1-form-from-scanner');
    await form.getByRole('button', { name: 'Create alert' }).click();
    const table = app.page.getByTestId('alerts-table');
    await table.getByText('Crossing the level').waitFor();
    expect(await app.page.getByTestId('bell-count').count()).toBe(0);
    await shot('alerts-2-list');
    expect(app.watch.errors).toEqual([]);
  });

  it('the update brings a new session; the bell counts it without a reload; the notification leads to the scan', async () => {
    app.market.until = target.session;
    await moveClockTo(target.at + 60_000);
    // The open page is not reloaded: the bell asks on its own.
    await app.page.getByTestId('bell-count').waitFor({ timeout: 90_000 });
    expect(Number(await app.page.getByTestId('bell-count').textContent())).toBeGreaterThanOrEqual(1);
    await app.page.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
    const menu = app.page.getByTestId('bell-menu');
    const item = menu.getByRole('link', { name: new RegExp(`${entering} entered the scan`) });
    await item.waitFor();
    await shot('alerts-3-bell-open');
    await item.click();
    await app.page.waitForURL(/\/scanner\?expression=/);
    expect(new URL(app.page.url()).searchParams.get('expression')).toBe(expression);
    expect(new URL(app.page.url()).searchParams.get('details')).toBe(entering);
    await shot('alerts-4-notification-opened');

    const notes = await api<{ data: { symbol: string; barDate: string; read: boolean }[] }>(
      'GET',
      '/api/v1/notifications',
    );
    const note = notes.body.data.find((n) => n.symbol === entering)!;
    expect(note).toMatchObject({ barDate: target.session, read: true });
    expect(app.watch.errors).toEqual([]);
  });

  it('the day’s digest is in the outbox with an unsubscribe link that works without signing in, once confirmed', async () => {
    let digest: { id: number; subject: string } | undefined;
    await expect
      .poll(
        async () => {
          const list = await api<{ messages: { id: number; template: string; to: string; subject: string }[] }>(
            'GET',
            '/api/v1/admin/outbox?template=alert-digest',
          );
          digest = list.body.messages.find((m) => m.to === ADMIN.email);
          return digest !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(digest!.subject).toContain(target.session);
    const message = await api<{ text: string }>('GET', `/api/v1/admin/outbox/${digest!.id}`);
    const link = /https?:\/\/\S+\/api\/v1\/alert-mail\/unsubscribe\?token=\S+/.exec(message.body.text)?.[0];
    expect(link).toBeDefined();
    // Another browser, not signed in: opening the link only asks; its button turns alert mail off.
    const stranger = await app.browser.newContext();
    const visit = await stranger.newPage();
    const response = await visit.goto(link!);
    expect(response?.status()).toBe(200);
    await visit.getByRole('heading', { name: 'Stop alert mail?' }).waitFor();
    expect((await api<{ alertMail: boolean }>('GET', '/api/v1/me/alert-mail')).body).toEqual({ alertMail: true });
    await visit.getByRole('button', { name: 'Turn off alert mail' }).click();
    await visit.getByRole('heading', { name: 'Alert mail is off' }).waitFor();
    await screenshot(visit, 'alerts-5-unsubscribed');
    await stranger.close();
    expect((await api<{ alertMail: boolean }>('GET', '/api/v1/me/alert-mail')).body).toEqual({ alertMail: false });
  });
});
