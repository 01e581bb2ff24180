import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, lastCall, mockFetch, premium, renderScreen } from '../../testing/test-utils';
import { createPattern, instrument } from '../../testing/factories';
import { useAppStore } from '../shell';
import { CalendarScreen } from '../../features/calendar/calendar-screen';
import { PatternScreen } from '../../features/pattern/pattern-screen';
import { BestTradesScreen } from '../../features/best-trades/best-trades-screen';
import { SeasonalityChartScreen } from '../../features/seasonality-chart/seasonality-chart-screen';

vi.mock('../charts/loader', () => import('../charts/fake-loader'));

const calendarBody = { symbol: 'KO', months: [], years: [], summary: [] };

// Issue #21, item 11: the seasonality tools share the symbol and the years.
describe('the symbol follows you through the seasonality tools', () => {
  it('opens another tool with the shared symbol and years and runs it without a click', async () => {
    useAppStore.getState().setSeasonalityFocus({ symbol: 'KO', from: '2000', to: '2010' });
    const { requests } = mockFetch([premium, { path: '/api/v1/seasonality/calendar', body: calendarBody }]);
    renderScreen(<CalendarScreen />, { url: '/seasonality/calendar' });
    const call = await lastCall(requests, '/api/v1/seasonality/calendar');
    expect(call.get('symbol')).toBe('KO');
    expect(call.get('from')).toBe('2000');
    expect(call.get('to')).toBe('2010');
    expect(currentLocation()).toContain('symbol=KO');
    expect(screen.getByLabelText('Symbol')).toHaveValue('KO');
  });

  it('waits for a choice when no tool has chosen a symbol yet', async () => {
    const { requests } = mockFetch([premium]);
    renderScreen(<SeasonalityChartScreen />, { url: '/seasonality' });
    expect(await screen.findByText('Choose a symbol, then “Show chart”.')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname.startsWith('/api/v1/seasonality'))).toEqual([]);
  });

  it('makes the symbol and years a tool runs the shared ones, and links the other tools with them', async () => {
    mockFetch([
      premium,
      { path: '/api/v1/seasonality/pattern', body: createPattern({ symbol: 'KO' }) },
      instrument('KO'),
    ]);
    renderScreen(<PatternScreen />, { url: '/seasonality/pattern?symbol=KO&start=11-01&end=12-31&from=2001' });
    await screen.findByTestId('pattern-table');
    expect(useAppStore.getState().seasonalityFocus).toEqual({ symbol: 'KO', from: '2001', to: '' });
    const nav = screen.getByRole('navigation', { name: 'Other seasonality tools' });
    expect(nav.querySelector('a[href^="/seasonality/calendar"]')).toHaveAttribute(
      'href',
      '/seasonality/calendar?symbol=KO&from=2001',
    );
    expect(nav.querySelector('a[href^="/seasonality/besttrades"]')).toHaveAttribute(
      'href',
      '/seasonality/besttrades?symbol=KO&from=2001',
    );
  });

  it('completes a link that names only the symbol with the form’s values and runs it', async () => {
    const { requests } = mockFetch([
      premium,
      { path: '/api/v1/seasonality/best-trades', body: { symbol: 'KO', long: [], short: [] } },
    ]);
    renderScreen(<BestTradesScreen />, { url: '/seasonality/besttrades?symbol=KO' });
    const call = await lastCall(requests, '/api/v1/seasonality/best-trades');
    expect(call.get('symbol')).toBe('KO');
    expect(call.get('minDays')).toBe('10');
    expect(call.get('maxDays')).toBe('30');
  });

  it('a new symbol chosen in the form becomes the shared one', async () => {
    useAppStore.getState().setSeasonalityFocus({ symbol: 'KO', from: '', to: '' });
    mockFetch([premium, { path: '/api/v1/seasonality/calendar', body: calendarBody }]);
    renderScreen(<CalendarScreen />, { url: '/seasonality/calendar' });
    const input = await screen.findByLabelText('Symbol');
    await waitFor(() => expect(input).toHaveValue('KO'));
    await userEvent.clear(input);
    await userEvent.type(input, 'pep');
    await userEvent.click(screen.getByRole('button', { name: 'Show calendar' }));
    await waitFor(() => expect(useAppStore.getState().seasonalityFocus?.symbol).toBe('PEP'));
  });
});
