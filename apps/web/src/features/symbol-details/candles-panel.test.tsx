import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHART_MAX_BARS } from '@solstice/contracts';
import { mockFetch, renderScreen, type MockRoute, type RecordedRequest } from '../../testing/test-utils';
import { handlersOf, optionOf } from '../../shared/charts/fake-loader';
import { inTurkish } from '../../testing/in-turkish';
import { CandlesPanel } from './candles-panel';
import { CHART_MAX_BARS as WEB_MAX_BARS, chartBars, rebased } from './candles';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const DAILY = ['2024-11-11', '2024-11-12', '2024-11-13', '2024-11-14'].map((date, i) => ({
  date,
  open: 60 + i,
  high: 62 + i,
  low: 59 + i,
  close: 61 + i,
  volume: 1e6,
}));
const WEEKS = ['2024-11-01', '2024-11-08', '2024-11-14'];

function chartAnswer(url: URL) {
  const timeframe = url.searchParams.get('timeframe') ?? 'daily';
  const series = url.searchParams.getAll('series');
  const bad = series.findIndex((s) => s.includes(', 0)'));
  if (bad >= 0) {
    return {
      status: 400,
      body: {
        error: {
          code: 'bad_request',
          message: 'The period of sma must be a whole number from 1 to 1000 at position 12',
          details: { path: `query.series.${bad}`, position: 12, code: 'unknown_in_these_texts', params: {} },
        },
      },
    };
  }
  const dates = timeframe === 'weekly' ? WEEKS : DAILY.map((b) => b.date);
  const compare = url.searchParams.get('compare');
  return {
    body: {
      symbol: 'KO',
      timeframe,
      dates,
      open: dates.map((_, i) => 50 + i),
      high: dates.map((_, i) => 55 + i),
      low: dates.map((_, i) => 45 + i),
      close: dates.map((_, i) => 50 + 2 * i),
      volume: dates.map(() => 5e6),
      series: series.map((expression, k) => ({
        expression,
        values: dates.map((_, i) => (i === 0 ? null : 10 * k + i)),
      })),
      compare: compare ? { symbol: compare, close: dates.map((_, i) => 200 + 20 * i) } : null,
    },
  };
}

function routes(): MockRoute[] {
  return [
    {
      path: '/api/v1/instruments/KO',
      body: { symbol: 'KO', name: 'Coca-Cola Co', synthetic: false, lastDate: '2024-11-14' },
    },
    { path: '/api/v1/bars/KO', body: { symbol: 'KO', synthetic: false, bars: DAILY } },
    { path: '/api/v1/chart/KO', respond: ({ url }) => chartAnswer(url) },
  ];
}

type Series = { type: string; name: string; data: unknown[]; yAxisIndex?: number };
type Option = { series: Series[]; grid: unknown[]; yAxis: { type?: string }[]; xAxis: { data: string[] }[] };
const option = (label = 'Candles of KO') => optionOf(label) as Option | undefined;
const names = (label?: string) => (option(label)?.series ?? []).map((s) => s.name);
const chartRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.url.pathname === '/api/v1/chart/KO');

describe('the symbol chart', () => {
  it('loads only the daily bars at first; the weekly candles and the RSI panel come from the chart API on demand', async () => {
    const { requests } = mockFetch(routes());
    renderScreen(<CandlesPanel symbol="KO" />);
    await waitFor(() => expect(names()).toEqual(['Price', 'Volume']));
    expect(chartRequests(requests)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Weekly' }));
    await waitFor(() => expect(option()!.xAxis[0]!.data).toEqual(WEEKS));
    expect(chartRequests(requests).at(-1)!.url.searchParams.get('timeframe')).toBe('weekly');
    expect(chartRequests(requests).at(-1)!.url.searchParams.getAll('series')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'RSI (14)' }));
    expect(screen.getByRole('button', { name: 'RSI (14)' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(names()).toEqual(['Price', 'Volume', 'RSI (14)']));
    expect(chartRequests(requests).at(-1)!.url.searchParams.getAll('series')).toEqual(['rsi(close, 14)']);
    const rsi = option()!.series[2]!;
    expect(rsi).toMatchObject({ data: [null, 1, 2], yAxisIndex: 2 });
    expect(option()!.grid).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'MACD' }));
    await waitFor(() => expect(names()).toContain('MACD histogram'));
    expect(names()).toEqual(['Price', 'Volume', 'RSI (14)', 'MACD', 'MACD signal', 'MACD histogram']);
    expect(option()!.grid).toHaveLength(4);
    expect(option()!.series.find((s) => s.name === 'MACD histogram')).toMatchObject({ type: 'bar', yAxisIndex: 3 });
    // the volume's average over the volume bars, no panel of its own
    await userEvent.click(screen.getByRole('button', { name: 'Volume average' }));
    await waitFor(() => expect(names()).toContain('Volume average (20)'));
    expect(option()!.series.find((s) => s.name === 'Volume average (20)')).toMatchObject({ yAxisIndex: 1 });
    expect(option()!.grid).toHaveLength(4);
    expect(chartRequests(requests).at(-1)!.url.searchParams.getAll('series')).toEqual([
      'rsi(close, 14)',
      'macd',
      'macdSignal',
      'macdHist',
      'sma(volume, 20)',
    ]);
  });

  it('a typed expression is checked first: its problem at its position, then a good one over the price', async () => {
    const { requests } = mockFetch(routes());
    renderScreen(<CandlesPanel symbol="KO" />);
    await waitFor(() => expect(names()).toEqual(['Price', 'Volume']));
    const input = screen.getByRole('textbox', { name: 'Expression' });
    await userEvent.type(input, 'sma(close, 0){Enter}');
    const problem = await screen.findByTestId('chart-expression-problem');
    expect(problem).toHaveTextContent('The period of sma must be a whole number from 1 to 1000 (at column 12)');
    expect(within(problem).getByText('0')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(names()).toEqual(['Price', 'Volume']);

    await userEvent.clear(input);
    await userEvent.type(input, 'rs(SPY, 63)');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show as' }), 'overlay');
    await userEvent.click(screen.getByRole('button', { name: 'Add expression' }));
    await waitFor(() => expect(names()).toEqual(['Price', 'Volume', 'rs(SPY, 63)']));
    expect(option()!.series[2]).toMatchObject({ yAxisIndex: 0, data: [null, 1, 2, 3] });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(chartRequests(requests).at(-1)!.url.searchParams.getAll('series')).toEqual(['rs(SPY, 63)']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove rs(SPY, 63)' }));
    await waitFor(() => expect(names()).toEqual(['Price', 'Volume']));
  });

  it('a comparison line rebased to the first bar, and a log scale', async () => {
    mockFetch(routes());
    renderScreen(<CandlesPanel symbol="KO" />);
    await waitFor(() => expect(names()).toEqual(['Price', 'Volume']));
    await userEvent.type(screen.getByRole('textbox', { name: 'Compare with' }), 'spy{Enter}');
    await waitFor(() => expect(names()).toContain('SPY (rebased)'));
    // KO's daily closes 61…64 from the bars; SPY 200, 220, … times 61 / 200
    const line = option()!.series.find((s) => s.name === 'SPY (rebased)')!;
    expect(line.data).toEqual([61, 67.1, 73.2, 79.3].map((v) => expect.closeTo(v, 10)));
    expect(screen.getByText('Compared with SPY (rebased to the first visible bar)')).toBeInTheDocument();
    // Zoomed in to the third bar: rebased there (63 / 240), the zoom kept
    act(() => handlersOf('Candles of KO').datazoom!({ batch: [{ start: (100 * 2) / 3, end: 100 }] }));
    await waitFor(() =>
      expect(option()!.series.find((s) => s.name === 'SPY (rebased)')!.data).toEqual(
        [52.5, 57.75, 63, 68.25].map((v) => expect.closeTo(v, 10)),
      ),
    );
    expect((option() as unknown as { dataZoom: { start: number }[] }).dataZoom[1]!.start).toBeCloseTo(66.67, 2);
    await userEvent.click(screen.getByRole('button', { name: 'Log scale' }));
    await waitFor(() => expect(option()!.yAxis[0]!.type).toBe('log'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove comparison with SPY' }));
    await waitFor(() => expect(names()).toEqual(['Price', 'Volume']));
  });

  describe('in Turkish', () => {
    inTurkish();
    it('labels the timeframes, the studies and the forms', async () => {
      mockFetch(routes());
      renderScreen(<CandlesPanel symbol="KO" />);
      await userEvent.click(await screen.findByRole('button', { name: 'Haftalık' }));
      await userEvent.click(screen.getByRole('button', { name: 'RSI (14)' }));
      await waitFor(() => expect(names('KO mum grafiği')).toEqual(['Fiyat', 'Hacim', 'RSI (14)']));
      expect(screen.getByRole('group', { name: 'Zaman dilimi' })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'İfade' })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Karşılaştır' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Logaritmik ölçek' })).toBeInTheDocument();
    });
  });
});

describe('the chart’s arithmetic', () => {
  it('rebases to the first visible bar where both have a close', () => {
    expect(rebased([10, 20, 30], [null, 5, 10], 0)).toEqual([null, 20, 40]);
    expect(rebased([10, 20, 30], [4, 5, 10], 2)).toEqual([12, 15, 30]);
    expect(rebased([10], [null])).toEqual([null]);
  });

  it('asks for a range’s bars on each timeframe, at most the API’s bound', () => {
    expect(WEB_MAX_BARS).toBe(CHART_MAX_BARS);
    expect(chartBars('1Y', 'daily')).toBe(12 * 23 + 2);
    expect(chartBars('1Y', 'weekly')).toBe(12 * 5 + 2 + 300);
    expect(chartBars('All', 'monthly')).toBe(CHART_MAX_BARS);
  });
});
