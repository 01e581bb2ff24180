import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, inTurkish, mockFetch, premium, renderScreen } from '../../testing/test-utils';
import { itBehavesLikeAPremiumTool } from '../../testing/premium-checks';
import { createPattern, futureInstrument, instrument } from '../../testing/factories';
import { optionOf } from '../../shared/charts/fake-loader';
import type { ChartResponse } from '@solstice/contracts';
import { SeasonalityChartScreen, dayLabel } from './seasonality-chart-screen';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const line = (slope: number) => Array.from({ length: 365 }, (_, i) => (i * slope) / 364);

/** A chart of `slope` over 2019–2021; against SPY over 2020–2021 only, the symbol at ownSlope, SPY at benchSlope. */
function chart(
  symbol: string,
  slope: number,
  against: { ownSlope: number; benchSlope: number } | null = null,
): ChartResponse {
  const curve = line(slope);
  return {
    symbol,
    years: [2019, 2020, 2021],
    curve,
    detrended: curve.map(() => 0),
    current: { year: 2026, values: [0, 0.01] },
    benchmark: against && {
      symbol: 'SPY',
      years: [2020, 2021],
      curve: line(against.ownSlope),
      detrended: line(0),
      benchmarkCurve: line(against.benchSlope),
      benchmarkDetrended: line(0),
    },
  };
}

type Option = { series: { name: string; data: number[] }[]; xAxis: { data: string[] } };

/** The chart's option once it draws `series` series. */
async function drawn(title: string, series: number): Promise<Option> {
  await waitFor(() => expect((optionOf(title) as Option | undefined)?.series).toHaveLength(series));
  return optionOf(title) as Option;
}

/** The chart titled `title` once it draws these series, by name and in this order. */
async function drawnSeries(title: string, names: readonly string[]): Promise<Option> {
  const option = await drawn(title, names.length);
  expect(option.series.map((s) => s.name)).toEqual(names);
  return option;
}

/** The AAPL chart against SPY (AAPL +8 %, SPY +6 % over the years both use), rendered. */
function showAaplAgainstSpy() {
  mockFetch([
    premium,
    { path: /chart\?symbol=AAPL/, body: chart('AAPL', 0.1, { ownSlope: 0.08, benchSlope: 0.06 }) },
    instrument('AAPL'),
  ]);
  renderScreen(<SeasonalityChartScreen />, { url: '/seasonality?symbol=AAPL' });
}

describe('seasonal chart screen', () => {
  itBehavesLikeAPremiumTool({
    ui: <SeasonalityChartScreen />,
    request: { path: '/api/v1/seasonality/chart', url: '/seasonality?symbol=AAPL' },
    empty: { ...chart('AAPL', 0), years: [] },
    gate: { url: '/seasonality', submit: 'Show chart' },
  });

  // Issue #21, defect 4: "vs. benchmark" took the symbol's 46 years against SPY's 11.
  it('draws the average year, this year and the benchmark over the years both use, with the relative result', async () => {
    showAaplAgainstSpy();
    const summary = await screen.findByTestId('benchmark-summary');
    // over 2020–2021: AAPL +8 %, SPY +6 %, so +2 % (not 10 % over 2019–2021 − 6 %)
    expect(summary).toHaveTextContent('Against SPY over the 2 years both use (2020–2021): AAPL +8.00% · SPY +6.00%');
    expect(summary.textContent).toMatch(/vs\. benchmark.* \+2\.00%$/);
    expect(screen.getByTestId('chart-summary')).toHaveTextContent('3 years used (2019–2021)');
    const option = await drawnSeries('Seasonal chart of AAPL', [
      'AAPL average',
      '2026',
      'SPY average (2020–2021)',
      'AAPL vs SPY (2020–2021)',
    ]);
    expect(option.series[3]!.data[364]).toBeCloseTo(0.02, 12);
    expect(option.xAxis.data[59]).toBe('03-01');
    expect(dayLabel(364)).toBe('12-31');
  });

  it('draws SPY alone when SPY is the symbol: no benchmark line, no relative figure', async () => {
    mockFetch([premium, { path: /chart\?symbol=SPY/, body: chart('SPY', 0.06) }, instrument('SPY')]);
    renderScreen(<SeasonalityChartScreen />, { url: '/seasonality?symbol=SPY' });
    await screen.findByTestId('chart-summary');
    await drawn('Seasonal chart of SPY', 2);
    expect(screen.queryByTestId('benchmark-summary')).toBeNull();
  });

  it('switches to the detrended curve and keeps it in the URL', async () => {
    showAaplAgainstSpy();
    await screen.findByTestId('chart-summary');
    await userEvent.click(screen.getByLabelText('Detrended'));
    await waitFor(() => expect(currentLocation()).toBe('/seasonality?symbol=AAPL&detrended=true'));
    await waitFor(() => expect(screen.getByTestId('chart-summary')).toHaveTextContent('(detrended)'));
  });

  it('puts the year set in the URL and the query', async () => {
    const { requests } = mockFetch([
      premium,
      { path: /chart\?symbol=AAPL/, body: chart('AAPL', 0.1) },
      instrument('AAPL'),
    ]);
    renderScreen(<SeasonalityChartScreen />, { url: '/seasonality?symbol=AAPL' });
    await screen.findByTestId('chart-summary');
    await userEvent.click(screen.getByLabelText('Midterm year'));
    await userEvent.selectOptions(screen.getByLabelText('Odd or even years'), 'odd');
    await userEvent.type(screen.getByLabelText('Exclude years'), '2008{Enter}');
    await waitFor(() =>
      expect(currentLocation()).toBe('/seasonality?symbol=AAPL&cycle=midterm&parity=odd&exclude=2008'),
    );
    await waitFor(() => expect(requests.filter((r) => r.url.pathname.endsWith('/chart'))).toHaveLength(2));
    const query = requests.filter((r) => r.url.pathname.endsWith('/chart')).at(-1)!.url.searchParams;
    expect([query.get('cycle'), query.get('parity'), query.get('exclude')]).toEqual(['midterm', 'odd', '2008']);
  });

  it("gives the selected window's statistics over the chart's year set", async () => {
    const { requests } = mockFetch([
      premium,
      { path: /chart\?symbol=AAPL/, body: chart('AAPL', 0.1) },
      instrument('AAPL'),
      { path: '/api/v1/seasonality/pattern', body: createPattern() },
    ]);
    renderScreen(<SeasonalityChartScreen />, {
      url: '/seasonality?symbol=AAPL&start=11-01&end=12-31&cycle=election&exclude=2008',
    });
    await screen.findByTestId('window-stats');
    expect(screen.getByLabelText('Election year')).toBeChecked();
    const pattern = requests.find((r) => r.url.pathname.endsWith('/pattern'))!.url.searchParams;
    expect([pattern.get('start'), pattern.get('cycle'), pattern.get('exclude')]).toEqual(['11-01', 'election', '2008']);
  });

  it('sends a future’s roll adjustment to the chart and to the selected window’s statistics', async () => {
    const { requests } = mockFetch([
      premium,
      { path: /chart\?symbol=CL/, body: chart('CL=F', 0.1) },
      futureInstrument('CL=F'),
      { path: '/api/v1/seasonality/pattern', body: createPattern({ symbol: 'CL=F' }) },
    ]);
    renderScreen(<SeasonalityChartScreen />, {
      url: '/seasonality?symbol=CL%3DF&start=11-01&end=12-31&rollAdjust=difference',
    });
    await screen.findByTestId('window-stats');
    expect(await screen.findByLabelText('Roll adjustment')).toHaveValue('difference');
    const chartQuery = requests.find((r) => r.url.pathname.endsWith('/chart'))!.url.searchParams;
    const patternQuery = requests.find((r) => r.url.pathname.endsWith('/pattern'))!.url.searchParams;
    expect([chartQuery.get('rollAdjust'), patternQuery.get('rollAdjust')]).toEqual(['difference', 'difference']);
  });
});

describe('seasonal chart screen in Turkish', () => {
  inTurkish();

  it('shows the form, the summaries and the series in Turkish, numbers in tr-TR', async () => {
    showAaplAgainstSpy();
    const summary = await screen.findByTestId('benchmark-summary');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Mevsimsellik');
    expect(screen.getByLabelText('Karşılaştır')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Trendden arındırılmış' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Grafiği göster' })).toBeInTheDocument();
    expect(summary).toHaveTextContent(
      'İkisinin de kullandığı 2 yılda (2020–2021) SPY karşısında: AAPL +%8,00 · SPY +%6,00',
    );
    expect(screen.getByTestId('chart-summary')).toHaveTextContent(
      '3 yıl kullanıldı (2019–2021). Ortalama yıl: +%10,00',
    );
    await drawnSeries('AAPL mevsimsel grafiği', [
      'AAPL ortalaması',
      '2026',
      'SPY ortalaması (2020–2021)',
      'AAPL / SPY (2020–2021)',
    ]);
  });
});
