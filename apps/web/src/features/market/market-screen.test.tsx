import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, mockFetch, renderScreen } from '../../testing/test-utils';
import { createOverview, instrument } from '../../testing/factories';
import { optionOf } from '../../shared/charts/fake-loader';
import { MarketScreen } from './market-screen';
import { inTurkish } from '../../testing/in-turkish';
import { expectErrorAndEmptyStates } from '../../testing/error-and-empty';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

describe('market screen', () => {
  it('shows index cards, breadth, sector performance and the movers', async () => {
    mockFetch([{ path: '/api/v1/market/overview', body: createOverview() }, instrument('ACT', true)]);
    renderScreen(<MarketScreen />, { url: '/market' });
    const cards = await screen.findByTestId('index-cards');
    expect(cards).toHaveTextContent('S&P 500');
    expect(cards).toHaveTextContent('5,000.00 USD');
    const breadth = screen.getByTestId('breadth');
    expect(breadth).toHaveTextContent('18 / 10');
    expect(breadth).toHaveTextContent('60%');
    expect(within(screen.getByTestId('gainers')).getAllByRole('row')[1]).toHaveTextContent('UPA');
    expect(within(screen.getByTestId('losers')).getAllByRole('row')[1]).toHaveTextContent('DNA');
    expect(within(screen.getByTestId('most-active')).getAllByRole('row')[1]).toHaveTextContent('ACT');
    expect(await screen.findByTestId('demo-badge')).toBeInTheDocument();
    await waitFor(() => expect(optionOf('Advancers, decliners and unchanged')).toBeDefined());
    const pie = optionOf('Advancers, decliners and unchanged') as { series: { data: { value: number }[] }[] };
    expect(pie.series[0]!.data.map((d) => d.value)).toEqual([18, 10, 2]);
  });

  const noBreadth = () => {
    const overview = createOverview();
    return { ...overview, breadth: { ...overview.breadth, total: 0, advancers: 0, decliners: 0, unchanged: 0 } };
  };

  it('says there is nothing to count instead of drawing an empty breadth ring', async () => {
    mockFetch([{ path: '/api/v1/market/overview', body: noBreadth() }, instrument('ACT')]);
    renderScreen(<MarketScreen />, { url: '/market' });
    expect(await screen.findByTestId('breadth-none')).toHaveTextContent('No stock has a bar on this date');
    expect(document.querySelector('[aria-label="Advancers, decliners and unchanged"]')).toBeNull();
  });

  describe('in Turkish', () => {
    inTurkish();
    it('says it in Turkish', async () => {
      mockFetch([{ path: '/api/v1/market/overview', body: noBreadth() }, instrument('ACT')]);
      renderScreen(<MarketScreen />, { url: '/market' });
      expect(await screen.findByTestId('breadth-none')).toHaveTextContent('çubuğu olan hisse yok');
    });
  });

  it('groups the instruments beyond the equities by class, each with its as-of and prices in their currency', async () => {
    const row = (symbol: string, name: string, close: number, asOf: string) => ({
      symbol,
      name,
      currency: 'USD',
      asOf,
      close,
      change1d: 0.01,
    });
    const overview = createOverview({
      assetGroups: [
        {
          assetClass: 'fx',
          asOf: '2026-11-20',
          stale: 0,
          instruments: [row('EURUSD=X', 'EUR/USD', 1.085634, '2026-11-20')],
        },
        {
          assetClass: 'crypto',
          asOf: '2026-11-22',
          stale: 0,
          instruments: [row('BTC-USD', 'Bitcoin USD', 99_000, '2026-11-22')],
        },
      ],
    });
    mockFetch([{ path: '/api/v1/market/overview', body: overview }, instrument('ACT')]);
    renderScreen(<MarketScreen />, { url: '/market' });
    const fx = await screen.findByTestId('group-fx');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toContain('Currencies (as of 11/20/2026)');
    expect(headings).toContain('Crypto (as of 11/22/2026)');
    // a class without an instrument has no group
    expect(headings.some((h) => h?.startsWith('Indexes') || h?.startsWith('Futures'))).toBe(false);
    expect(headings.indexOf('Currencies (as of 11/20/2026)')).toBeLessThan(
      headings.indexOf('Crypto (as of 11/22/2026)'),
    );
    expect(within(fx).getAllByRole('row')[1]).toHaveTextContent('EURUSD=XEUR/USD1.08563 USD+1.00%11/20/2026');
    expect(within(screen.getByTestId('group-crypto')).getAllByRole('row')[1]).toHaveTextContent('99,000.00 USD');
    expect(screen.queryByTestId('stale-count')).toBeNull();
  });

  it('a group header counts its stale instruments; a group with none current says so', async () => {
    const overview = createOverview({
      assetGroups: [
        {
          assetClass: 'future',
          asOf: '2026-11-19',
          stale: 2,
          instruments: [
            { symbol: 'GC=F', name: 'Gold', currency: 'USD', asOf: '2026-11-19', close: 2300, change1d: 0.01 },
          ],
        },
        { assetClass: 'crypto', asOf: null, stale: 1, instruments: [] },
      ],
    });
    mockFetch([{ path: '/api/v1/market/overview', body: overview }, instrument('ACT')]);
    renderScreen(<MarketScreen />, { url: '/market' });
    await screen.findByTestId('group-future');
    const futures = screen.getByRole('region', { name: 'Futures (as of 11/19/2026)' });
    const counts = within(futures).getByTestId('stale-count');
    expect(counts).toHaveTextContent('2 symbols stale');
    expect(counts).toHaveAccessibleDescription(
      '2 instruments of this group are behind their last completed session and are left out, so that the group is as of one date every figure reaches.',
    );
    const crypto = screen.getByRole('region', { name: 'Crypto (no current data)' });
    expect(within(crypto).getByTestId('stale-count')).toHaveTextContent('1 symbol stale');
    expect(within(crypto).getByTestId('group-crypto-empty')).toHaveTextContent(
      'No instrument of this group is current: each is behind its last completed session.',
    );
    expect(within(crypto).queryByRole('table')).toBeNull();
  });

  // Issue #21, defect 7: IT +46.6 % here (equal-weighted) and +73.5 % on the heatmaps, unlabelled.
  it('labels the sector figures with their weighting, the one the heatmaps use by default', async () => {
    mockFetch([{ path: '/api/v1/market/overview', body: createOverview() }, instrument('ACT')]);
    renderScreen(<MarketScreen />, { url: '/market' });
    expect(await screen.findByTestId('sector-weighting')).toHaveTextContent('(weighted by dollar volume)');
    expect(screen.getByRole('table', { name: 'Sector performance, weighted by dollar volume' })).toBeInTheDocument();
  });

  it('orders the sector chart by the chosen period, kept in the URL', async () => {
    mockFetch([{ path: '/api/v1/market/overview', body: createOverview() }, instrument('ACT')]);
    renderScreen(<MarketScreen />, { url: '/market' });
    await screen.findByTestId('sector-table');
    await userEvent.click(within(screen.getByRole('group', { name: 'Period' })).getByRole('button', { name: 'YTD' }));
    expect(currentLocation()).toBe('/market?period=ytd');
    await waitFor(() => expect(optionOf('Sector performance over ytd')).toBeDefined());
    const bars = optionOf('Sector performance over ytd') as {
      yAxis: { data: string[] };
      series: { data: { value: number }[] }[];
    };
    expect(bars.yAxis.data).toEqual(['Utilities', 'Energy']);
    expect(bars.series[0]!.data.map((d) => d.value)).toEqual([0.024, -0.06]);
  });

  it('labels the sector axis ticks with the decimals they need: 0.5 % ticks never read as whole per cents', async () => {
    mockFetch([{ path: '/api/v1/market/overview', body: createOverview() }, instrument('ACT')]);
    renderScreen(<MarketScreen />, { url: '/market' });
    await waitFor(() => expect(optionOf('Sector performance over 1d')).toBeDefined());
    const axis = (
      optionOf('Sector performance over 1d') as { xAxis: { axisLabel: { formatter: (v: number) => string } } }
    ).xAxis.axisLabel;
    const ticks = [-0.01, -0.005, 0, 0.005, 0.01, 0.0125].map((v) => axis.formatter(v));
    expect(ticks).toEqual(['-1%', '-0.5%', '0%', '+0.5%', '+1%', '+1.25%']);
    expect(new Set(ticks).size).toBe(ticks.length);
  });

  it('has error and empty states', async () => {
    await expectErrorAndEmptyStates(<MarketScreen />, {
      url: '/market',
      path: '/api/v1/market/overview',
      message: 'down',
      empty: createOverview({
        indices: [],
        gainers: [],
        losers: [],
        mostActive: [],
        breadth: { ...createOverview().breadth, total: 0 },
      }),
    });
  });
});

describe('market screen in Turkish', () => {
  inTurkish();

  it('shows the cards, the breadth, the sectors and the movers in Turkish, numbers in tr-TR', async () => {
    mockFetch([{ path: '/api/v1/market/overview', body: createOverview() }, instrument('ACT')]);
    renderScreen(<MarketScreen />, { url: '/market' });
    const cards = await screen.findByTestId('index-cards');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Piyasa');
    expect(cards).toHaveTextContent('5.000,00');
    expect(cards).toHaveTextContent('bugün');
    const breadth = screen.getByTestId('breadth');
    expect(breadth).toHaveTextContent('Yükselenler / düşenler');
    expect(breadth).toHaveTextContent('%60');
    expect(screen.getByRole('heading', { name: /Piyasa genişliği/ })).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Dönem' })).getByRole('button', { name: 'YB' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'En çok yükselenler' })).toBeInTheDocument();
    // sector names in Turkish, the CSV keeps them raw
    expect(screen.getByTestId('sector-table')).toHaveTextContent('Kamu Hizmetleri');
    expect(within(screen.getByTestId('gainers')).getByRole('columnheader', { name: /Kapanış/ })).toBeInTheDocument();
    await waitFor(() => expect(optionOf('Yükselenler, düşenler ve değişmeyenler')).toBeDefined());
  });
});

describe('market screen asset groups in Turkish', () => {
  inTurkish();

  it('names the group and writes its as-of and prices the Turkish way', async () => {
    const overview = createOverview({
      assetGroups: [
        {
          assetClass: 'index',
          asOf: '2026-11-20',
          stale: 1,
          instruments: [
            { symbol: '^VIX', name: 'VIX', currency: 'USD', asOf: '2026-11-20', close: 15.5, change1d: null },
          ],
        },
      ],
    });
    mockFetch([{ path: '/api/v1/market/overview', body: overview }, instrument('ACT')]);
    renderScreen(<MarketScreen />, { url: '/market' });
    const group = await screen.findByTestId('group-index');
    expect(screen.getByRole('heading', { name: 'Endeksler (20.11.2026 itibarıyla)' })).toBeInTheDocument();
    expect(within(group).getAllByRole('row')[1]).toHaveTextContent('15,50 USD');
    expect(screen.getByTestId('stale-count')).toHaveTextContent('1 sembol eski');
  });
});
