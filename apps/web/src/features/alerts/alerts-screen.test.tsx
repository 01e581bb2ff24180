import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, notPremium, premium, renderScreen, retype, type MockRoute } from '../../testing/test-utils';
import { AlertsScreen } from './alerts-screen';
import { useAppStore } from '../../shared/shell';
import { inTurkish } from '../../testing/in-turkish';
import { NotificationBell } from './notification-bell';
import { AlertMailPreference } from '../profile/alert-mail-preference';
import { draftFrom } from './alert-draft';

const alert = {
  id: 7,
  name: 'Oversold',
  kind: 'scan',
  expression: 'rsi14 < 30',
  onExit: false,
  symbol: null,
  watchlistId: null,
  seasonal: null,
  paused: true,
  pausedReason: 'Its watchlist was deleted.',
  mail: true,
  webhookUrl: null,
  createdAt: Date.UTC(2026, 10, 1),
  lastFiredAt: null,
  lastFiredBarDate: null,
  lastFiredMessage: null,
};
const note = {
  id: 3,
  alertId: 7,
  alertName: 'Oversold',
  kind: 'scan',
  symbol: 'KO',
  barDate: '2026-11-20',
  event: 'entered',
  detail: { expression: 'rsi14 < 30', event: 'entered' },
  message: 'KO entered the scan "Oversold" (rsi14 < 30) on 2026-11-20.',
  link: '/scanner?expression=rsi14%20%3C%2030&details=KO',
  read: false,
  createdAt: Date.UTC(2026, 10, 20, 23),
};
/** The alerts list as the server answers it (`extra`: more fields of the answer, e.g. usage). */
const alertsRoute = (list: readonly unknown[], extra: Record<string, unknown> = {}): MockRoute => ({
  path: '/api/v1/alerts',
  body: { data: list, limit: 100, ...extra },
});
const alerts = alertsRoute([alert]);
const notifications: MockRoute = { path: '/api/v1/notifications', body: { data: [note], unread: 1 } };
/** The alerts page's requests: these alerts listed, then the `more` routes. */
const serveAlerts = (list: readonly unknown[], ...more: MockRoute[]) =>
  mockFetch([premium, alertsRoute(list), notifications, ...more]);
/** The alerts page's requests, a new alert (POST /api/v1/alerts) answered with `answer`. */
const serveAlertsPosting = (answer: { status: number; body: unknown }) =>
  serveAlerts([alert], { method: 'POST', path: '/api/v1/alerts', ...answer });
/** Waits for the alert's row to say `row`, then checks the form's fields by label (value `null`: empty). */
async function expectRowAndForm(id: number, row: string, fields: [label: string, value: string | null][]) {
  expect(await screen.findByTestId(`alert-row-${id}`)).toHaveTextContent(row);
  const form = await screen.findByTestId('alert-form');
  for (const [label, value] of fields) expect(within(form).getByLabelText(label)).toHaveValue(value);
  return form;
}
/** An active seasonal alert on `symbol` with these rules. */
const seasonalAlert = (id: number, name: string, symbol: string, seasonal: Record<string, unknown>) => ({
  ...alert,
  id,
  name,
  kind: 'seasonal',
  expression: null,
  symbol,
  paused: false,
  pausedReason: null,
  seasonal,
});
/** A window alert on PKG (11-20 → 12-07, five sessions ahead) with these further rules. */
const windowAlertOn = (id: number, name: string, direction: string, rules: Record<string, unknown>) =>
  seasonalAlert(id, name, 'PKG', { leadDays: 5, window: { start: '11-20', end: '12-07', direction }, ...rules });
const signInSubscriber = () =>
  useAppStore.getState().setSession({ data: { id: 1, username: 'ada' }, roles: ['member'], subscriber: true });

describe('alerts screen', () => {
  // Signed in: the bell and the notifications list ask only then.
  beforeEach(signInSubscriber);

  it('shows a non-subscriber what alerts do and the way to subscribe', async () => {
    useAppStore.getState().setSession({ data: { id: 1, username: 'ada' }, roles: ['member'], subscriber: false });
    mockFetch([notPremium, { path: '/api/v1/notifications', body: { data: [], unread: 0 } }]);
    renderScreen(<AlertsScreen />, { url: '/alerts' });
    expect(await screen.findByTestId('subscribe-card')).toHaveTextContent('Alerts is for subscribers');
  });

  it('lists the alerts with why one is paused, and what fired; marks all read', async () => {
    const { requests } = mockFetch([
      premium,
      alerts,
      notifications,
      { method: 'POST', path: '/api/v1/notifications/read', body: { changed: 1, unread: 0 } },
    ]);
    renderScreen(<AlertsScreen />, { url: '/alerts' });
    const row = await screen.findByTestId('alert-row-7');
    expect(row).toHaveTextContent('Paused: Its watchlist was deleted.');
    expect(row).toHaveTextContent('rsi14 < 30');
    const list = await screen.findByTestId('notifications-list');
    expect(within(list).getByRole('link', { name: /KO entered the scan/ })).toHaveAttribute('href', note.link);
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        all: true,
      }),
    );
  });

  it('opens the form filled in from a "Create alert" link and shows where the expression is wrong', async () => {
    const { requests } = serveAlertsPosting({
      status: 400,
      body: {
        error: {
          code: 'bad_request',
          message: 'Invalid body.expression: Expected a value at position 9',
          details: { path: 'body.expression', position: 9 },
        },
      },
    });
    renderScreen(<AlertsScreen />, { url: '/alerts?new=scan&expression=close%20%3E%20%3E%201' });
    const form = await screen.findByTestId('alert-form');
    const expression = within(form).getByLabelText('Expression (scanner language)');
    expect(expression).toHaveValue('close > > 1');
    await userEvent.click(within(form).getByRole('button', { name: 'Create alert' }));
    expect(await within(form).findByText('Expected a value at position 9')).toBeInTheDocument();
    expect(expression).toHaveAttribute('aria-invalid', 'true');
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      name: 'close > > 1',
      kind: 'scan',
      expression: 'close > > 1',
      onExit: false,
      mail: true,
      webhookUrl: null,
    });
  });

  it('sends a seasonal alert with the win rate as a fraction, and shows a webhook secret once', async () => {
    const { requests } = serveAlertsPosting({
      status: 201,
      body: { data: { ...alert, id: 8, kind: 'seasonal', webhookSecret: 'whsec_abc' } },
    });
    renderScreen(<AlertsScreen />, { url: '/alerts?new=seasonal&symbol=KO&minDays=20&maxDays=20&minWinRate=0.8' });
    const form = await screen.findByTestId('alert-form');
    await userEvent.type(within(form).getByLabelText(/Webhook/), 'https://hooks.example.com/x');
    await userEvent.click(within(form).getByRole('button', { name: 'Create alert' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_abc');
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      name: 'KO: seasonal window ahead',
      kind: 'seasonal',
      symbol: 'KO',
      leadDays: 5,
      minDays: 20,
      maxDays: 20,
      minWinRate: 0.8,
      minYears: 10,
      maxPValue: null,
      maxQValue: null,
      direction: 'long',
      mail: true,
      webhookUrl: 'https://hooks.example.com/x',
    });
  });

  it('makes a window alert from the pattern screen’s link, with its year set, and lists it by its window', async () => {
    const windowAlert = windowAlertOn(10, 'PKG: seasonal window ahead', 'long', {
      maxPValue: null,
      maxQValue: 0.1,
      parity: 'odd',
    });
    const { requests } = serveAlerts([windowAlert], {
      method: 'POST',
      path: '/api/v1/alerts',
      status: 201,
      body: { data: windowAlert },
    });
    renderScreen(<AlertsScreen />, {
      url: '/alerts?new=seasonal&symbol=PKG&start=11-20&end=12-07&direction=long&from=2005&parity=odd',
    });
    const form = await expectRowAndForm(10, '11-20 → 12-07 long, 5 sessions before, q ≤ 0.1', [
      ['Which windows', 'window'],
      ['Window start (MM-DD)', '11-20'],
      ['Window end (MM-DD)', '12-07'],
      ['Minimum win rate (%, optional)', null],
    ]);
    expect(within(form).queryByLabelText('Shortest holding (calendar days)')).toBeNull();
    await userEvent.type(within(form).getByLabelText('Maximum q-value (optional)'), '0.1');
    await userEvent.click(within(form).getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      name: 'PKG: seasonal window ahead',
      kind: 'seasonal',
      symbol: 'PKG',
      leadDays: 5,
      window: { start: '11-20', end: '12-07', direction: 'long' },
      maxPValue: null,
      maxQValue: 0.1,
      from: 2005,
      parity: 'odd',
      mail: true,
      webhookUrl: null,
    });
  });

  it('edits a window alert: a refused window start is shown at its input, a change goes as a PATCH', async () => {
    const windowAlert = windowAlertOn(11, 'PKG window', 'long', {
      minYears: 8,
      maxPValue: null,
    });
    const { requests } = serveAlerts([windowAlert], {
      method: 'PATCH',
      path: '/api/v1/alerts/11',
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Invalid body.window.start: expected a real month-day (MM-DD)',
          details: { issues: [{ path: 'body.window.start', message: 'expected a real month-day (MM-DD)' }] },
        },
      },
    });
    renderScreen(<AlertsScreen />, { url: '/alerts' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit PKG window' }));
    const form = await screen.findByTestId('alert-form');
    expect(within(form).getByLabelText('Minimum years (optional)')).toHaveValue(8);
    await retype(within(form).getByLabelText('Window start (MM-DD)'), '11-31');
    await userEvent.selectOptions(within(form).getByLabelText('Direction'), 'short');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('expected a real month-day (MM-DD)')).toBeInTheDocument();
    expect(within(form).getByLabelText('Window start (MM-DD)')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.find((r) => r.method === 'PATCH')!.body).toEqual({
      name: 'PKG window',
      mail: true,
      webhookUrl: null,
      symbol: 'PKG',
      watchlistId: null,
      leadDays: 5,
      maxPValue: null,
      maxQValue: null,
      window: { start: '11-31', end: '12-07', direction: 'short' },
      minWinRate: null,
      minYears: 8,
    });
  });

  it('says in the bell the values a notification fired with', async () => {
    const withValues = {
      ...note,
      detail: { ...note.detail, close: 175.25, values: { rsi14: 28.123456, sector: 'Energy' } },
    };
    mockFetch([{ path: '/api/v1/notifications', body: { data: [withValues], unread: 1 } }]);
    renderScreen(<NotificationBell />, { url: '/dashboard' });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await screen.findByText(/Close 175\.25; rsi14 28\.1235, sector "Energy"\.$/)).toHaveTextContent(
      'KO entered the scan "Oversold" (rsi14 < 30) on 11/20/2026. Close 175.25; rsi14 28.1235, sector "Energy".',
    );
  });
});

describe('alerts at scale on the screens', () => {
  beforeEach(signInSubscriber);
  const usage = { limits: { alerts: 100, symbolsPerAccount: 10, notificationsPerSession: 50 }, alerts: 1, symbols: 8 };
  const fired = (id: number, symbol: string, extra: Record<string, unknown> = {}) => ({
    ...note,
    id,
    symbol,
    message: `${symbol} entered`,
    link: `/scanner?details=${symbol}`,
    ...extra,
  });

  it('groups one alert’s notifications of a session in the bell, the summed-up rest counted', async () => {
    const items = [
      fired(13, '+', { event: 'more', detail: { more: 12, symbols: ['XOM', 'ZTS'] }, link: '/alerts?alert=7' }),
      fired(12, 'PEP'),
      fired(11, 'KO'),
      fired(10, 'MSFT', { alertId: 8, alertName: 'Breakouts', read: true }),
    ];
    const { requests } = mockFetch([
      { path: '/api/v1/notifications', body: { data: items, unread: 3 } },
      { method: 'POST', path: '/api/v1/notifications/read', body: { changed: 3, unread: 0 } },
    ]);
    renderScreen(<NotificationBell />, { url: '/dashboard' });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const entries = await screen.findAllByTestId('bell-item');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Oversold · 11/20/2026');
    expect(entries[0]).toHaveTextContent('14 symbols: KO, PEP, …');
    expect(entries[0]).toHaveAttribute('href', '/alerts?alert=7');
    expect(entries[1]).toHaveTextContent('MSFT · Breakouts · 11/20/2026');
    await userEvent.click(entries[0]!);
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ ids: [13, 12, 11] }));
  });

  it('states the limits before saving: red when a watchlist would take the account over', async () => {
    useAppStore.setState({
      watchlists: [
        { id: 4, name: 'Small', symbols: [{ sym: 'KO', description: '' }] },
        { id: 5, name: 'Big', symbols: ['A', 'B', 'C'].map((sym) => ({ sym, description: '' })) },
      ],
    } as never);
    mockFetch([premium, alertsRoute([alert], { usage }), notifications]);
    renderScreen(<AlertsScreen />, { url: '/alerts?new=condition&expression=rsi14%20%3C%2030' });
    const form = await screen.findByTestId('alert-form');
    const limits = await within(form).findByTestId('alert-limits');
    expect(limits).toHaveTextContent('At most 50 notifications per alert and session');
    expect(limits).toHaveTextContent('1 of 100 alerts.');
    await userEvent.selectOptions(within(form).getByLabelText('For'), 'watchlist');
    await userEvent.selectOptions(within(form).getByLabelText('Watchlist'), '4');
    expect(within(form).getByTestId('alert-limit-symbols')).toHaveTextContent(
      'This alert watches 1 symbols; with your other alerts 9 of the 10 an account may watch.',
    );
    await userEvent.selectOptions(within(form).getByLabelText('Watchlist'), '5');
    const over = within(form).getByTestId('alert-limit-symbols');
    expect(over).toHaveClass('text-danger');
    expect(over).toHaveTextContent('with your other alerts 11, more than the 10 an account may watch');
  });

  it('shows a paused webhook on its alert and resumes it', async () => {
    const paused = {
      ...alert,
      paused: false,
      pausedReason: null,
      webhookUrl: 'https://hooks.example/x',
      webhookPausedAt: 1,
      webhookPausedReason: 'Deliveries to hooks.example failed every attempt.',
    };
    const { requests } = mockFetch([
      premium,
      alertsRoute([paused], { usage }),
      notifications,
      {
        method: 'PATCH',
        path: '/api/v1/alerts/7',
        body: { data: { ...paused, webhookPausedAt: null, webhookPausedReason: null } },
      },
    ]);
    renderScreen(<AlertsScreen />, { url: '/alerts' });
    const row = await screen.findByTestId('alert-row-7');
    expect(within(row).getByTestId('webhook-paused')).toHaveTextContent('Webhook paused');
    await userEvent.click(within(row).getByRole('button', { name: 'Resume the webhook of Oversold' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ webhookPaused: false }));
  });
});

describe('alerts in Turkish', () => {
  inTurkish();
  beforeEach(signInSubscriber);

  it('shows the alerts page, a seasonal rule with tr-TR numbers and the form in Turkish', async () => {
    const seasonal = seasonalAlert(9, 'KO mevsim', 'KO', {
      leadDays: 5,
      minDays: 10,
      maxDays: 30,
      minWinRate: 0.7,
      minYears: 10,
      maxPValue: 0.05,
      direction: 'long',
    });
    serveAlerts([alert, seasonal]);
    renderScreen(<AlertsScreen />, { url: '/alerts' });
    const row = await screen.findByTestId('alert-row-9');
    expect(row).toHaveTextContent('uzun, 10–30 gün, kazanma oranı ≥ %70, ≥ 10 yıl, p ≤ 0,05; 5 işlem günü önceden');
    expect(row).toHaveTextContent('Etkin');
    expect(screen.getByTestId('alert-row-7')).toHaveTextContent('Duraklatıldı: Its watchlist was deleted.');
    expect(screen.getByTestId('alert-row-7')).toHaveTextContent('Tüm semboller');
    expect(screen.getByRole('heading', { name: 'Alarmlarınız' })).toBeInTheDocument();
    expect(screen.getByText('2 / 100 alarm')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Tümünü okundu işaretle' })).toBeInTheDocument();
    expect(screen.getByTestId('notifications-list')).toHaveTextContent('20.11.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Yeni alarm' }));
    const form = await screen.findByTestId('alert-form');
    expect(form).toHaveAccessibleName('Yeni alarm');
    expect(within(form).getByLabelText('İfade (tarayıcı dili)')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Alarm oluştur' })).toBeInTheDocument();
    await userEvent.click(within(form).getByLabelText('Bir mevsimsel pencere açılmak üzereyken'));
    expect(within(form).getByLabelText('En düşük kazanma oranı (%)')).toHaveValue(70);
    expect(draftFrom(null, new URLSearchParams('new=seasonal&watchlistId=2')).name).toBe(
      'İzleme listesi: mevsimsel pencere yaklaşıyor',
    );
  });

  it('shows the server’s refusal of a name with invisible direction characters in Turkish', async () => {
    serveAlertsPosting({
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Invalid body.name: A name must not contain invisible direction characters.',
          details: {
            issues: [{ path: 'body.name', message: 'A name must not contain invisible direction characters.' }],
          },
        },
      },
    });
    renderScreen(<AlertsScreen />, { url: '/alerts?new=scan&expression=close%20%3E%201' });
    const form = await screen.findByTestId('alert-form');
    await userEvent.click(within(form).getByRole('button', { name: 'Alarm oluştur' }));
    expect(
      await within(form).findByText('Ad, görünmeyen yön karakterleri (U+202E gibi) içeremez.'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Ad')).toHaveAttribute('aria-invalid', 'true');
  });

  it('lists a window alert and fills the window form in Turkish', async () => {
    const windowAlert = windowAlertOn(12, 'PKG', 'short', {
      minWinRate: 0.75,
      maxPValue: null,
      maxQValue: 0.05,
    });
    serveAlerts([windowAlert]);
    renderScreen(<AlertsScreen />, { url: '/alerts?new=seasonal&symbol=PKG&start=11-20&end=12-07&direction=short' });
    await expectRowAndForm(12, '11-20 → 12-07 kısa, 5 işlem günü önceden, kazanma oranı ≥ %75, q ≤ 0,05', [
      ['Hangi pencereler', 'window'],
      ['Pencere başlangıcı (AA-GG)', '11-20'],
      ['Yön', 'short'],
      ['En yüksek q-değeri (isteğe bağlı)', null],
    ]);
  });

  it('says a summed-up notification and a paused webhook in Turkish', async () => {
    const more = { ...note, id: 20, symbol: '+', event: 'more', detail: { more: 415, symbols: ['AAPL', 'MSFT'] } };
    const pausedNote = {
      ...note,
      id: 21,
      symbol: '!',
      event: 'webhook-paused',
      detail: { host: 'hooks.example', reason: 'webhook answered 503' },
    };
    mockFetch([{ path: '/api/v1/notifications', body: { data: [pausedNote, more], unread: 2 } }]);
    renderScreen(<NotificationBell />, { url: '/dashboard' });
    await userEvent.click(await screen.findByRole('button', { name: 'Bildirimler, 2 okunmamış' }));
    expect(await screen.findByText(/20\.11\.2026 tarihinde 415 sembol daha: AAPL, MSFT, …\./)).toBeInTheDocument();
    expect(screen.getByText(/"Oversold" alarmının webhook'u durduruldu: hooks\.example/)).toBeInTheDocument();
  });

  it('shows the bell and the alert mail switch in Turkish', async () => {
    mockFetch([notifications, { path: '/api/v1/me/alert-mail', body: { alertMail: true } }]);
    renderScreen(
      <>
        <NotificationBell />
        <AlertMailPreference />
      </>,
      { url: '/profile' },
    );
    expect(await screen.findByRole('button', { name: 'Bildirimler, 1 okunmamış' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Alarm e-postası' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/Alarmlarınızın bulduklarıyla günde bir e-posta/)).toBeChecked();
    expect(screen.getByRole('link', { name: 'alarmlar sayfasında' })).toHaveAttribute('href', '/alerts');
    // The notification itself is worded in Turkish from what the alert recorded, its date in tr-TR.
    await userEvent.click(screen.getByRole('button', { name: 'Bildirimler, 1 okunmamış' }));
    expect(
      await screen.findByRole('link', {
        name: /KO, 20\.11\.2026 tarihinde "Oversold" taramasına girdi \(rsi14 < 30\)\./,
      }),
    ).toHaveAttribute('href', note.link);
  });
});
