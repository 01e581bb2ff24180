import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, notPremium, premium, renderScreen, type MockRoute } from '../../testing/test-utils';
import { AlertsScreen } from './alerts-screen';
import { useAppStore } from '../../shared/shell';

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
  message: 'KO entered the scan "Oversold" (rsi14 < 30) on 2026-11-20.',
  link: '/scanner?expression=rsi14%20%3C%2030&details=KO',
  read: false,
  createdAt: Date.UTC(2026, 10, 20, 23),
};
const alerts: MockRoute = { path: '/api/v1/alerts', body: { data: [alert], limit: 100 } };
const notifications: MockRoute = { path: '/api/v1/notifications', body: { data: [note], unread: 1 } };

describe('alerts screen', () => {
  // Signed in: the bell and the notifications list ask only then.
  beforeEach(() =>
    useAppStore.getState().setSession({ data: { id: 1, username: 'ada' }, roles: ['member'], subscriber: true }),
  );

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
    const { requests } = mockFetch([
      premium,
      alerts,
      notifications,
      {
        method: 'POST',
        path: '/api/v1/alerts',
        status: 400,
        body: {
          error: {
            code: 'bad_request',
            message: 'Invalid body.expression: Expected a value at position 9',
            details: { path: 'body.expression', position: 9 },
          },
        },
      },
    ]);
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
    const { requests } = mockFetch([
      premium,
      alerts,
      notifications,
      {
        method: 'POST',
        path: '/api/v1/alerts',
        status: 201,
        body: { data: { ...alert, id: 8, kind: 'seasonal', webhookSecret: 'whsec_abc' } },
      },
    ]);
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
      direction: 'long',
      mail: true,
      webhookUrl: 'https://hooks.example.com/x',
    });
  });
});
