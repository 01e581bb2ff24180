import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, mockFetch, premium, renderScreen } from '../../testing/test-utils';
import { createPattern, createStats, instrument } from '../../testing/factories';
import { actionsOf, handlersOf, optionOf } from '../../shared/charts/fake-loader';
import type { ChartResponse } from '@solstice/contracts';
import { SeasonalityChartScreen } from './seasonality-chart-screen';
import { dayIndex, dayLabel, windowOfBrush } from '../../shared/charts/chart-option';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

function chart(symbol: string, slope: number): ChartResponse {
  const curve = Array.from({ length: 365 }, (_, i) => (i * slope) / 364);
  return { symbol, years: [2019, 2020, 2021], curve, detrended: curve, current: null, benchmark: null };
}

type Option = {
  series: { name: string; markArea?: { data: { xAxis: string }[][] } }[];
  dataZoom: { type: string }[];
  brush: { brushType: string };
};
const optionOfKo = () => optionOf('Seasonal chart of KO') as Option | undefined;

// Issue #21, item 13: the seasonal chart as an instrument.
describe('the seasonal chart as an instrument', () => {
  it('turns a brushed range of day indices into a window; a click selects nothing', () => {
    expect(windowOfBrush({ areas: [{ coordRange: [304, 364] }] })).toEqual({ start: '11-01', end: '12-31' });
    expect(windowOfBrush({ areas: [{ coordRange: [364.4, 303.6] }] })).toEqual({ start: '11-01', end: '12-31' });
    expect(windowOfBrush({ areas: [{ coordRange: [10, 10] }] })).toBeNull();
    expect(windowOfBrush({ areas: [] })).toBeNull();
    expect(dayIndex('03-01')).toBe(59);
    expect(dayIndex('02-29')).toBe(58);
    expect(dayIndex('02-30')).toBe(-1);
    expect(dayLabel(dayIndex('07-04'))).toBe('07-04');
  });

  it('zooms, and a drag across the chart selects a window and shows its pattern statistics', async () => {
    const { requests } = mockFetch([
      premium,
      { path: /chart\?symbol=KO/, body: chart('KO', 0.08) },
      instrument('KO'),
      {
        path: '/api/v1/seasonality/pattern',
        body: createPattern({ symbol: 'KO', start: '11-01', end: '12-31', stats: createStats({ winRate: 0.75 }) }),
      },
    ]);
    renderScreen(<SeasonalityChartScreen />, { url: '/seasonality?symbol=KO&from=1990' });
    await waitFor(() => expect(optionOfKo()?.series).toBeDefined());
    expect(optionOfKo()!.dataZoom.map((z) => z.type)).toEqual(['inside', 'slider']);
    expect(optionOfKo()!.brush.brushType).toBe('lineX');
    // the brush is the chart's cursor: a drag selects
    expect(actionsOf('Seasonal chart of KO')).toContainEqual(expect.objectContaining({ type: 'takeGlobalCursor' }));

    act(() => handlersOf('Seasonal chart of KO').brushEnd!({ areas: [{ coordRange: [304, 364] }] }));
    const stats = await screen.findByTestId('window-stats');
    await waitFor(() => expect(within(stats).getByTestId('significance-ok')).toBeInTheDocument());
    expect(currentLocation()).toBe('/seasonality?symbol=KO&from=1990&start=11-01&end=12-31');
    const call = requests.find((r) => r.url.pathname === '/api/v1/seasonality/pattern')!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({
      symbol: 'KO',
      start: '11-01',
      end: '12-31',
      from: '1990',
    });
    expect(within(stats).getByText('Buy')).toBeInTheDocument();
    expect(within(stats).getByRole('link', { name: 'Open in Pattern' })).toHaveAttribute(
      'href',
      '/seasonality/pattern?symbol=KO&from=1990&start=11-01&end=12-31',
    );
    // the window is marked on the chart
    await waitFor(() =>
      expect(optionOfKo()!.series[0]!.markArea?.data).toEqual([[{ xAxis: '11-01' }, { xAxis: '12-31' }]]),
    );
    await userEvent.click(within(stats).getByRole('button', { name: 'Clear the selection' }));
    await waitFor(() => expect(screen.queryByTestId('window-stats')).toBeNull());
    expect(currentLocation()).toBe('/seasonality?symbol=KO&from=1990');
  });

  it('draws each year and the median on demand, and takes any instrument as the benchmark', async () => {
    const withYears = (symbol: string): ChartResponse => ({
      ...chart(symbol, 0.08),
      paths: [2019, 2020, 2021].map((year, i) => ({ year, values: Array.from({ length: 365 }, () => i / 100) })),
      median: Array.from({ length: 365 }, () => 0.01),
      benchmark: {
        symbol: 'XLP',
        years: [2020, 2021],
        curve: chart(symbol, 0.08).curve,
        detrended: null,
        benchmarkCurve: chart('XLP', 0.02).curve,
        benchmarkDetrended: null,
      },
    });
    const { requests } = mockFetch([
      premium,
      { path: /chart\?symbol=KO/, respond: () => ({ body: withYears('KO') }) },
      instrument('KO'),
    ]);
    renderScreen(<SeasonalityChartScreen />, { url: '/seasonality?symbol=KO' });
    await screen.findByTestId('chart-summary');
    expect(requests.find((r) => r.url.pathname.endsWith('/chart'))!.url.searchParams.has('paths')).toBe(false);
    await userEvent.click(screen.getByLabelText('Each year'));
    await waitFor(() =>
      expect(optionOfKo()?.series.map((s) => s.name)).toEqual(expect.arrayContaining(['2019', '2020', '2021'])),
    );
    expect(currentLocation()).toBe('/seasonality?symbol=KO&years=true');
    expect(requests.at(-1)!.url.searchParams.get('paths')).toBe('1');
    expect(optionOfKo()!.series.map((s) => s.name)).not.toContain('KO median');
    await userEvent.click(screen.getByLabelText('Median'));
    await waitFor(() => expect(optionOfKo()!.series.map((s) => s.name)).toContain('KO median'));

    await userEvent.type(screen.getByLabelText('Benchmark'), 'xlp');
    await userEvent.click(screen.getByRole('button', { name: 'Show chart' }));
    await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('benchmark')).toBe('XLP'));
    expect(await screen.findByTestId('benchmark-summary')).toHaveTextContent('Against XLP over the 2 years both use');
  });

  it('draws a second symbol to compare, and names one that has no chart without losing the first', async () => {
    mockFetch([
      premium,
      { path: /chart\?symbol=KO/, body: chart('KO', 0.08) },
      { path: /chart\?symbol=PEP/, body: chart('PEP', 0.05) },
      {
        path: /chart\?symbol=ZZZ/,
        status: 404,
        body: { error: { code: 'not_found', message: 'Unknown symbol ZZZ.' } },
      },
      instrument('KO'),
    ]);
    renderScreen(<SeasonalityChartScreen />, { url: '/seasonality?symbol=KO' });
    await screen.findByTestId('chart-summary');
    await userEvent.type(screen.getByLabelText('Compare with'), 'pep');
    await userEvent.click(screen.getByRole('button', { name: 'Show chart' }));
    await waitFor(() =>
      expect(optionOfKo()?.series.map((s) => s.name)).toEqual(['KO average', 'PEP average (2019–2021)']),
    );
    expect(screen.getByTestId('compare-summary')).toHaveTextContent(
      'PEP: 3 years used (2019–2021), average year +5.00%',
    );
    expect(currentLocation()).toContain('compare=PEP');

    await userEvent.clear(screen.getByLabelText('Compare with'));
    await userEvent.type(screen.getByLabelText('Compare with'), 'zzz');
    await userEvent.click(screen.getByRole('button', { name: 'Show chart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No seasonal chart for ZZZ: Unknown symbol ZZZ.');
    expect(screen.getByTestId('chart-summary')).toBeInTheDocument();
  });
});
