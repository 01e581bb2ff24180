import { describe, expect, it, vi, beforeAll } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { SymbolDetails, registerSymbolDetailsSlot } from '../../shared/components/symbol-details';
import { currentLocation, mockFetch, renderScreen, type MockRoute } from '../../testing/test-utils';
import { createStats } from '../../testing/factories';
import { useAppStore, useUiStore } from '../../shared/shell';
import { optionOf } from '../../shared/charts/fake-loader';
import type { Bar } from '@solstice/contracts';
import { CandlesPanel } from './candles-panel';
import { TraderStats } from './trader-stats';
import { SeasonalSummary, nextStartDays } from './seasonal-summary';
import { inTurkish } from '../../testing/in-turkish';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

beforeAll(() => {
  registerSymbolDetailsSlot('chart', CandlesPanel);
  registerSymbolDetailsSlot('stats', TraderStats);
  registerSymbolDetailsSlot('seasonality', SeasonalSummary);
});

function koBars(): Bar[] {
  const out: Bar[] = [];
  const d = new Date('2023-01-02T00:00:00Z');
  while (d.toISOString() < '2024-11-15') {
    if (d.getUTCDay() % 6 !== 0) {
      const c = 50 + out.length / 10;
      out.push({ date: d.toISOString().slice(0, 10), open: c, high: c + 1, low: c - 1, close: c, volume: 1e6 });
    }
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

const indicators = {
  symbol: 'KO',
  asOf: '2024-11-14',
  close: 62.5,
  change1d: -0.0123,
  high52w: 73.5,
  low52w: 57.5,
  rsi14: 41.25,
  atr14: 1.1,
  volatility20: 0.18,
  avgVolume20: 12_500_000,
  relVolume: 1.2,
  perf: { w1: 0.01, m1: -0.05, m3: -0.08, m6: 0.02, ytd: 0.04, y1: 0.1 },
};

function routes(): MockRoute[] {
  const all = koBars();
  return [
    {
      path: '/api/v1/instruments/KO',
      body: {
        symbol: 'KO',
        name: 'Coca-Cola Co',
        sector: 'Consumer Staples',
        industry: 'Beverages',
        synthetic: false,
        currency: 'USD',
        assetClass: 'equity',
        lastDate: '2024-11-14',
      },
    },
    {
      path: '/api/v1/bars/KO',
      respond: ({ url }) => {
        const from = url.searchParams.get('from') ?? '';
        return { body: { symbol: 'KO', synthetic: false, bars: all.filter((b) => b.date >= from) } };
      },
    },
    { path: '/api/v1/indicators/KO', body: indicators },
    {
      path: '/api/v1/seasonality/chart',
      body: {
        symbol: 'KO',
        years: [2020, 2021],
        curve: Array.from({ length: 365 }, (_, i) => i / 10000),
        detrended: null,
        current: { year: 2024, values: [0, 0.01, 0.02] },
        benchmark: null,
      },
    },
    {
      method: 'POST',
      path: '/api/v1/seasonality/scan',
      body: {
        results: [
          {
            symbol: 'KO',
            direction: 'long',
            start: '11-20',
            end: '12-15',
            days: 25,
            stats: createStats({ winRate: 0.8, mean: 0.03, count: 40 }),
          },
        ],
      },
    },
  ];
}

type Series = { type: string; name: string; data: unknown[] };
const seriesOf = () =>
  ((optionOf('Candles of KO') as { series: Series[] } | undefined)?.series ?? []).map((s) => s.name);

describe('symbol details', () => {
  it('opens from the address, with candles, volume, statistics, the seasonal curve and the next windows', async () => {
    useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' }, subscriber: true });
    const { requests } = mockFetch(routes());
    renderScreen(<SymbolDetails />, { url: '/market?details=ko' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'KO' })).toBeInTheDocument();
    await waitFor(() => expect(seriesOf()).toEqual(['Price', 'Volume']));
    const option = optionOf('Candles of KO') as { series: Series[]; dataZoom: unknown[] };
    expect(option.dataZoom).toHaveLength(2);
    // the default range is a year: its first candle is on or after 2023-11-14
    const dates = (option as unknown as { xAxis: { data: string[] }[] }).xAxis[0]!.data;
    expect(dates[0]! >= '2023-11-14').toBe(true);
    expect(dates[dates.length - 1]).toBe('2024-11-14');

    const stats = await within(dialog).findByTestId('trader-stats');
    expect(stats).toHaveTextContent('Last price');
    expect(stats).toHaveTextContent('62.50');
    expect(stats).toHaveTextContent('-1.23%');
    expect(stats).toHaveTextContent('$57.50 – $73.50');
    expect(stats).toHaveTextContent('41.3');
    expect(within(dialog).getByRole('meter', { name: 'Last price in the 52-week range' })).toHaveAttribute(
      'aria-valuenow',
      '31',
    );
    expect(within(dialog).getByText('Coca-Cola Co')).toBeInTheDocument();
    const windows = await within(dialog).findByRole('list', { name: 'Next seasonal windows of KO' });
    expect(within(windows).getByRole('link')).toHaveAttribute(
      'href',
      '/seasonality/pattern?symbol=KO&start=11-20&end=12-15&direction=long',
    );
    expect(within(windows).getByText('Buy')).toBeInTheDocument();
    const scan = requests.find((r) => r.url.pathname === '/api/v1/seasonality/scan')!;
    expect(scan.body).toMatchObject({ startFrom: '11-15', startTo: '12-15', universe: ['KO'], direction: 'both' });
    await waitFor(() => expect(optionOf('Seasonal curve of KO')).toBeTruthy());
    expect((optionOf('Seasonal curve of KO') as { series: Series[] }).series.map((s) => s.name)).toEqual([
      'KO average',
      '2024',
    ]);
  });

  it('draws SMA 50/200 and Bollinger on demand and fetches the range the buttons ask for', async () => {
    const { requests } = mockFetch(routes());
    renderScreen(<SymbolDetails />, { url: '/?details=KO' });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(seriesOf()).toEqual(['Price', 'Volume']));
    await userEvent.click(within(dialog).getByRole('button', { name: 'SMA 50/200' }));
    expect(seriesOf()).toEqual(['Price', 'Volume', 'SMA 50', 'SMA 200']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bollinger' }));
    expect(seriesOf()).toContain('Bollinger upper');
    await userEvent.click(within(dialog).getByRole('button', { name: 'SMA 50/200' }));
    expect(seriesOf()).not.toContain('SMA 50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'All' }));
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname === '/api/v1/bars/KO' && !r.url.searchParams.has('from'))).toBe(true),
    );
    expect(within(dialog).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => {
      const dates = (optionOf('Candles of KO') as { xAxis: { data: string[] }[] }).xAxis[0]!.data;
      expect(dates[0]).toBe('2023-01-02');
    });
  });

  it('keeps the open symbol in the address, and its actions lead to the watchlist, an alert and every tool', async () => {
    useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' }, subscriber: false });
    useAppStore.getState().setSeasonalityFocus({ symbol: 'PEP', from: '2000', to: '' });
    mockFetch(routes());
    renderScreen(<SymbolDetails />, { url: '/market?period=1y' });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => useUiStore.getState().openSymbolDetails('ko'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(currentLocation()).toBe('/market?period=1y&details=KO'));
    // the symbol looked at is the one the seasonality tools open with, years kept
    expect(useAppStore.getState().seasonalityFocus).toEqual({ symbol: 'KO', from: '2000', to: '' });
    expect(within(dialog).getByRole('link', { name: 'Create alert' })).toHaveAttribute(
      'href',
      '/alerts?new=condition&symbol=KO',
    );
    for (const [name, href] of [
      ['Seasonal chart', '/seasonality?symbol=KO'],
      ['Pattern', '/seasonality/pattern?symbol=KO'],
      ['Calendar', '/seasonality/calendar?symbol=KO'],
      ['Best trades', '/seasonality/besttrades?symbol=KO'],
    ]) {
      expect(within(dialog).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    // a non-subscriber is told where the seasonality is
    expect(within(dialog).getByText(/for subscribers/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(currentLocation()).toBe('/market?period=1y'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays closed when it is closed while the address that opened it is still loading', async () => {
    useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' }, subscriber: false });
    mockFetch(routes());
    // A page whose loader runs again on every address change and waits: the navigation that
    // adds ?details=KO is still pending when the dialog closes (CI's slow machine did this).
    let release: () => void = () => {};
    let loads = 0;
    const router = createMemoryRouter(
      [
        {
          path: '/market',
          loader: () => (++loads === 1 ? null : new Promise<null>((resolve) => (release = () => resolve(null)))),
          element: (
            <>
              <h1>Market</h1>
              <SymbolDetails />
            </>
          ),
        },
      ],
      { initialEntries: ['/market'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { name: 'Market' });
    act(() => useUiStore.getState().openSymbolDetails('KO'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await act(async () => release());
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    await act(async () => release());
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.search).toBe('');
    expect(useUiStore.getState().symbolDetails).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('starts the next windows the day after the latest bar, across the year end', () => {
    expect(nextStartDays('2024-12-20')).toEqual({ startFrom: '12-21', startTo: '01-20' });
  });
});

describe('symbol details in Turkish', () => {
  inTurkish();

  it('shows the candles, the statistics and the seasonal windows in Turkish, numbers in tr-TR', async () => {
    useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' }, subscriber: true });
    mockFetch(routes());
    renderScreen(<SymbolDetails />, { url: '/market?details=ko' });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(
        ((optionOf('KO mum grafiği') as { series: Series[] } | undefined)?.series ?? []).map((s) => s.name),
      ).toEqual(['Fiyat', 'Hacim']),
    );
    expect(within(dialog).getByRole('group', { name: 'Aralık' })).toHaveTextContent('YB');
    expect(within(dialog).getByRole('button', { name: 'Tümü' })).toBeInTheDocument();
    const stats = await within(dialog).findByTestId('trader-stats');
    expect(stats).toHaveTextContent('Son fiyat');
    expect(stats).toHaveTextContent('62,50');
    expect(stats).toHaveTextContent('-%1,23');
    expect(stats).toHaveTextContent('Oynaklık (20 gün)');
    expect(within(dialog).getByRole('table', { name: 'Performans' })).toHaveTextContent('1H');
    expect(await within(dialog).findByText('Sonraki mevsimsel pencereler')).toBeInTheDocument();
    const next = await within(dialog).findByRole('list', { name: 'KO için sonraki mevsimsel pencereler' });
    expect(next).toHaveTextContent('uzun · kazanma oranı %80 · ortalama +%3,00 · 40 yıl');
  });
});
