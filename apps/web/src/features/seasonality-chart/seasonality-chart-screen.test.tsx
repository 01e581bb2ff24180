import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  currentLocation,
  mockFetch,
  notPremium,
  premium,
  renderScreen,
  serverError,
  subscriptionRequired,
} from '../test-utils';
import { instrument } from '../factories';
import { optionOf } from '../charts/fake-loader';
import type { ChartResponse } from '../types';
import { SeasonalityChartScreen, dayLabel } from './seasonality-chart-screen';

vi.mock('../charts/loader', () => import('../charts/fake-loader'));

function chart(symbol: string, slope: number): ChartResponse {
  const curve = Array.from({ length: 365 }, (_, i) => (i * slope) / 364);
  return {
    symbol,
    years: [2019, 2020, 2021],
    curve,
    detrended: curve.map(() => 0),
    current: { year: 2026, values: [0, 0.01] },
  };
}

type Option = { series: { name: string; data: number[] }[]; xAxis: { data: string[] } };

describe('seasonal chart screen', () => {
  it('draws the average year, this year and the benchmark, with the relative result', async () => {
    mockFetch([
      premium,
      { path: /chart\?symbol=AAPL/, body: chart('AAPL', 0.1) },
      { path: /chart\?symbol=SPY/, body: chart('SPY', 0.06) },
      {
        path: '/api/v1/instruments',
        respond: ({ url }) => ({
          body: { instruments: url.searchParams.get('q') === 'SPY' ? [{ symbol: 'SPY' }] : [] },
        }),
      },
      instrument('AAPL'),
    ]);
    renderScreen(<SeasonalityChartScreen />, { url: '/seasonality?symbol=AAPL' });
    await waitFor(() => expect(screen.getByTestId('chart-summary')).toHaveTextContent('SPY'));
    // 10% − 6% = +4% against the benchmark
    expect(screen.getByTestId('chart-summary').textContent).toMatch(/\+%4,00/);
    await waitFor(() => expect((optionOf('Seasonal chart of AAPL') as Option | undefined)?.series).toHaveLength(4));
    const option = optionOf('Seasonal chart of AAPL') as Option;
    expect(option.series.map((s) => s.name)).toEqual(['AAPL average', '2026', 'SPY average', 'AAPL vs SPY']);
    expect(option.xAxis.data[59]).toBe('03-01');
    expect(dayLabel(364)).toBe('12-31');
  });

  it('switches to the detrended curve and keeps it in the URL', async () => {
    mockFetch([
      premium,
      { path: /chart\?symbol=AAPL/, body: chart('AAPL', 0.1) },
      { path: /chart\?symbol=SPY/, body: chart('SPY', 0.06) },
      {
        path: '/api/v1/instruments',
        respond: ({ url }) => ({
          body: { instruments: url.searchParams.get('q') === 'SPY' ? [{ symbol: 'SPY' }] : [] },
        }),
      },
      instrument('AAPL'),
    ]);
    renderScreen(<SeasonalityChartScreen />, { url: '/seasonality?symbol=AAPL' });
    await screen.findByTestId('chart-summary');
    await userEvent.click(screen.getByLabelText('Detrended'));
    await waitFor(() => expect(currentLocation()).toBe('/seasonality?symbol=AAPL&detrended=true'));
    await waitFor(() => expect(screen.getByTestId('chart-summary')).toHaveTextContent('(detrended)'));
  });

  it('has non-subscriber, error and empty states', async () => {
    mockFetch([premium, { path: '/api/v1/seasonality/chart', ...subscriptionRequired() }]);
    const a = renderScreen(<SeasonalityChartScreen />, { url: '/seasonality?symbol=AAPL' });
    expect(await screen.findByTestId('subscribe-card')).toBeInTheDocument();
    a.unmount();
    mockFetch([premium, { path: '/api/v1/seasonality/chart', ...serverError() }]);
    const b = renderScreen(<SeasonalityChartScreen />, { url: '/seasonality?symbol=AAPL' });
    expect(await screen.findByTestId('error-state')).toBeInTheDocument();
    b.unmount();
    mockFetch([
      premium,
      { path: /symbol=AAPL/, body: { ...chart('AAPL', 0), years: [] } },
      { path: '/api/v1/instruments', body: { instruments: [] } },
    ]);
    renderScreen(<SeasonalityChartScreen />, { url: '/seasonality?symbol=AAPL' });
    expect(await screen.findByTestId('empty-state')).toBeInTheDocument();
  });

  it('shows a non-subscriber what the tool does before anything is asked', async () => {
    mockFetch([notPremium]);
    renderScreen(<SeasonalityChartScreen />, { url: '/seasonality' });
    const card = await screen.findByTestId('subscribe-card');
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('button', { name: 'Show chart' })).not.toBeInTheDocument();
  });
});
