import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, mockFetch, renderScreen } from '../../testing/test-utils';
import { anyInstrument } from '../../testing/factories';
import { handlersOf, optionOf } from '../../shared/charts/fake-loader';
import type { HeatmapResponse } from '@solstice/contracts';
import { HeatmapsScreen } from './heatmaps-screen';
import { inTurkish } from '../../testing/in-turkish';
import { expectErrorAndEmptyStates } from '../../testing/error-and-empty';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

type Leaf = HeatmapResponse['tree']['children'][number]['children'][number]['children'][number];
const leaf = (l: Pick<Leaf, 'symbol' | 'name' | 'size' | 'change'>): Leaf => ({
  ...l,
  close: 100,
  volume: 2_500_000,
  spark: [98, 99, 101, 100],
});
const values = (v: number) => ({ '1d': v, '1w': v, '1m': v, '3m': v, '6m': v, ytd: v, '1y': v });
function heatmap(period = '1d'): HeatmapResponse {
  return {
    asOf: '2026-11-20',
    stale: 0,
    period: period as HeatmapResponse['period'],
    size: 'dollarvolume',
    universe: 'all',
    tree: {
      name: 'all',
      size: 600,
      change: 0.001,
      children: [
        {
          name: 'Energy',
          size: 200,
          change: -0.01,
          children: [
            {
              name: 'Oil',
              size: 200,
              change: -0.01,
              children: [
                leaf({ symbol: 'XOM', name: 'Exxon', size: 150, change: -0.02 }),
                leaf({ symbol: 'CVX', name: 'Chevron', size: 50, change: 0.02 }),
              ],
            },
          ],
        },
        {
          name: 'Information Technology',
          size: 400,
          change: 0.02,
          children: [
            {
              name: 'Software',
              size: 400,
              change: 0.02,
              children: [leaf({ symbol: 'MSFT', name: 'Microsoft', size: 400, change: 0.02 })],
            },
          ],
        },
      ],
    },
    sectors: [
      { sector: 'Energy', count: 2, values: values(-0.01) },
      { sector: 'Information Technology', count: 1, values: values(0.02) },
    ],
    sizes: ['dollarvolume', 'equal'],
    seasonality: [
      {
        symbol: 'XOM',
        values: [0.01, -0.01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.02],
        counts: [34, 34, 34, 34, 34, 34, 34, 34, 34, 34, 33, 33],
        winRates: [0.62, 0.41, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.55, 0.7],
      },
    ],
  };
}

type Group = NonNullable<HeatmapResponse['assetGroups']>[number];
/** The map of all sectors, then the crypto group (one of three stale) and an fx group with none current. */
function withGroups(): HeatmapResponse {
  const tile = (symbol: string, name: string, change: number) => ({ ...leaf({ symbol, name, size: 1, change }) });
  const groups: Group[] = [
    {
      assetClass: 'crypto',
      asOf: '2026-11-22',
      stale: 1,
      size: 2,
      change: 0.02,
      children: [tile('BTC-USD', 'Bitcoin USD', 0.03), tile('ETH-USD', 'Ethereum USD', 0.01)],
    },
    { assetClass: 'fx', asOf: null, stale: 2, size: 0, change: null, children: [] },
  ];
  return { ...heatmap(), assetGroups: groups };
}

type Node = { name: string; value: number; children?: Node[] };
const treemapNodes = (label: string) =>
  (optionOf(label) as { series: { data: Node[] }[] } | undefined)?.series[0]?.data;

describe('heatmaps screen', () => {
  it('draws the treemap sector → industry → stock with the sorted bar view, legend and grids', async () => {
    const { requests } = mockFetch([{ path: '/api/v1/heatmap', body: heatmap() }, anyInstrument(true)]);
    renderScreen(<HeatmapsScreen />, { url: '/heatmaps' });
    await waitFor(() => expect(treemapNodes('Heatmap of all sectors')).toBeDefined());
    const nodes = treemapNodes('Heatmap of all sectors')!;
    expect(nodes.map((n) => n.name)).toEqual(['Energy', 'Information Technology']);
    expect(nodes[0]!.children![0]!.children!.map((n) => [n.name, n.value])).toEqual([
      ['XOM', 150],
      ['CVX', 50],
    ]);
    // The tables below the map come in parts of their own, after it (issue 45).
    const bars = within(await screen.findByTestId('heatmap-bars')).getAllByRole('row');
    expect(bars[1]).toHaveTextContent('Information Technology');
    expect(bars[2]).toHaveTextContent('Energy');
    expect(screen.getByTestId('heatmap-legend')).toHaveTextContent('1D change');
    expect(within(screen.getByTestId('sector-grid')).getAllByRole('row')).toHaveLength(3);
    expect(within(await screen.findByTestId('seasonality-grid')).getAllByRole('row')).toHaveLength(2);
    expect(requests[0]!.url.search).toBe('?period=1d&size=dollarvolume&universe=all');
    expect(await screen.findByTestId('demo-badge')).toHaveTextContent('Demo data');
  });

  it('zooms into a sector from the treemap and back, in the URL', async () => {
    mockFetch([{ path: '/api/v1/heatmap', body: heatmap() }, anyInstrument()]);
    renderScreen(<HeatmapsScreen />, { url: '/heatmaps?period=1d' });
    await waitFor(() => expect(treemapNodes('Heatmap of all sectors')).toBeDefined());
    act(() => handlersOf('Heatmap of all sectors').click!({ data: treemapNodes('Heatmap of all sectors')![0] }));
    await waitFor(() => expect(currentLocation()).toBe('/heatmaps?period=1d&sector=Energy'));
    await waitFor(() => expect(treemapNodes('Heatmap of Energy')?.map((n) => n.name)).toEqual(['Oil']));
    const bars = within(screen.getByTestId('heatmap-bars')).getAllByRole('row');
    expect(bars.slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['CVX', 'XOM']);
    await userEvent.click(screen.getByRole('button', { name: '← All sectors' }));
    expect(currentLocation()).toBe('/heatmaps?period=1d');
  });

  it('changes the period and size through the URL', async () => {
    const { requests } = mockFetch([
      { path: '/api/v1/heatmap', respond: ({ url }) => ({ body: heatmap(url.searchParams.get('period') ?? '1d') }) },
      anyInstrument(),
    ]);
    renderScreen(<HeatmapsScreen />, { url: '/heatmaps' });
    await screen.findByTestId('heatmap-legend');
    await userEvent.selectOptions(screen.getByLabelText('Period'), '1M');
    await userEvent.selectOptions(screen.getByLabelText('Size by'), 'Equal');
    expect(currentLocation()).toBe('/heatmaps?period=1m&size=equal');
    await waitFor(() => expect(screen.getByTestId('heatmap-legend')).toHaveTextContent('1M change'));
    expect(requests.filter((r) => r.url.pathname === '/api/v1/heatmap').pop()!.url.search).toBe(
      '?period=1m&size=equal&universe=all',
    );
  });

  it('shows hostile sector, industry and instrument names in the tooltip as text, never as markup', async () => {
    const sector = '<img src=x onerror="window.__xss=1">';
    const industry = '<svg onload=window.__xss=2>';
    const name = "<img src=x onerror=alert(1)> & 'Co'";
    const hostile = heatmap();
    hostile.tree.children = [
      {
        name: sector,
        size: 100,
        change: 0.01,
        children: [
          {
            name: industry,
            size: 100,
            change: 0.01,
            children: [leaf({ symbol: 'XSS', name, size: 100, change: 0.01 })],
          },
        ],
      },
    ];
    mockFetch([{ path: '/api/v1/heatmap', body: hostile }, anyInstrument()]);
    renderScreen(<HeatmapsScreen />, { url: '/heatmaps' });
    await waitFor(() => expect(treemapNodes('Heatmap of all sectors')).toBeDefined());
    const option = optionOf('Heatmap of all sectors') as {
      tooltip: { formatter: (p: { data: unknown }) => string };
    };
    const sectorNode = treemapNodes('Heatmap of all sectors')![0]!;
    const industryNode = sectorNode.children![0]!;
    const stockNode = industryNode.children![0]!;
    // ECharts puts a tooltip formatter's string into the page with innerHTML
    const shown = (node: Node) => {
      const tip = document.createElement('div');
      tip.innerHTML = option.tooltip.formatter({ data: node });
      return tip;
    };
    for (const [node, text] of [
      [sectorNode, sector],
      [industryNode, industry],
      [stockNode, name],
    ] as const) {
      const tip = shown(node);
      // the only markup besides text: the hover card's own sparkline, drawn from numbers
      expect(tip.querySelectorAll('img, script, svg:not(.hover-spark)')).toHaveLength(0);
      expect(tip.textContent).toContain(text);
    }
    expect(shown(stockNode).textContent).toContain(sector);
    expect(shown(stockNode).querySelector('strong')!.textContent).toBe('XSS');
  });

  // Issue #21, defect 7: "Size by market cap" offered without market caps; sector figures unlabelled.
  it('offers only the sizes the data has and labels every sector figure with its weighting', async () => {
    mockFetch([{ path: '/api/v1/heatmap', body: heatmap() }, anyInstrument()]);
    renderScreen(<HeatmapsScreen />, { url: '/heatmaps' });
    await screen.findByTestId('heatmap-legend');
    const sizes = within(screen.getByLabelText('Size by')).getAllByRole('option');
    expect(sizes.map((o) => o.textContent)).toEqual(['Dollar volume', 'Equal']);
    expect(await screen.findByTestId('sector-grid-title')).toHaveTextContent(
      'Sectors over periods (weighted by dollar volume)',
    );
    expect(screen.getByRole('heading', { name: /Sectors by change/ })).toHaveTextContent('weighted by dollar volume');
  });

  it('says so when a link asks for market caps the data does not have, and offers dollar volume', async () => {
    mockFetch([
      {
        path: '/api/v1/heatmap',
        respond: ({ url }) => ({ body: { ...heatmap(), size: url.searchParams.get('size') } }),
      },
      anyInstrument(),
    ]);
    renderScreen(<HeatmapsScreen />, { url: '/heatmaps?size=marketcap' });
    expect(await screen.findByText('This data has no market caps, so the map cannot be sized by them.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Size by dollar volume' }));
    expect(currentLocation()).toBe('/heatmaps');
  });

  // Issue #21, defect 8: ticker and change drawn over each other, half the width, a bare hover card.
  it('draws ticker and change on separate lines across the full width, with price, volume and a sparkline on hover', async () => {
    mockFetch([{ path: '/api/v1/heatmap', body: heatmap() }, anyInstrument()]);
    renderScreen(<HeatmapsScreen />, { url: '/heatmaps' });
    await waitFor(() => expect(treemapNodes('Heatmap of all sectors')).toBeDefined());
    const chart = screen.getByRole('img', { name: 'Heatmap of all sectors' });
    expect(chart.closest('[class*="col-"]')).toBeNull();
    const option = optionOf('Heatmap of all sectors') as {
      tooltip: { formatter: (p: { data: unknown }) => string };
      series: {
        label: {
          formatter: (p: { data: unknown }) => string;
          rich: Record<string, { lineHeight: number; fontSize: number }>;
        };
        upperLabel: { formatter: (p: { data: unknown }) => string; color: string };
      }[];
    };
    const label = option.series[0]!.label;
    // a sector's header: its name and change as plain text, dark on the light strip
    const sectorNode = treemapNodes('Heatmap of all sectors')![0]!;
    const header = option.series[0]!.upperLabel.formatter({ data: sectorNode });
    expect(header).not.toMatch(/[{}|]/);
    expect(header).toMatch(new RegExp(`^${sectorNode.name}\\s+[+-]\\d+\\.\\d%$`));
    expect(option.series[0]!.upperLabel.color).toBe('#212529');
    expect(option.series[0]!.upperLabel.formatter({ data: { name: 'All sectors', change: null } })).toBe('All sectors');
    const xom = treemapNodes('Heatmap of all sectors')![0]!.children![0]!.children![0]!;
    expect(label.formatter({ data: xom })).toBe('{sym|XOM}\n{chg|-2.0%}');
    for (const style of Object.values(label.rich)) expect(style.lineHeight).toBeGreaterThan(style.fontSize);
    const tip = document.createElement('div');
    tip.innerHTML = option.tooltip.formatter({ data: xom });
    expect(tip.textContent).toContain('Last: 100.00');
    expect(tip.textContent).toMatch(/Volume: 2\.5/);
    expect(tip.querySelector('svg.hover-spark polyline')?.getAttribute('points')?.split(' ')).toHaveLength(4);
  });

  // Issue #21, defect 5: the month grid shows how many complete months each mean holds.
  it('shows each month mean with its count and win rate', async () => {
    mockFetch([{ path: '/api/v1/heatmap', body: heatmap() }, anyInstrument()]);
    renderScreen(<HeatmapsScreen />, { url: '/heatmaps' });
    const grid = await screen.findByTestId('seasonality-grid');
    const cells = within(within(grid).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('1.0%');
    expect(cells[1]).toHaveTextContent('34× · 62%');
    expect(cells[11]).toHaveTextContent('33× · 55%');
  });

  it('groups the other classes after the sectors, each under its own as-of with its stale count', async () => {
    mockFetch([{ path: '/api/v1/heatmap', body: withGroups() }, anyInstrument()]);
    renderScreen(<HeatmapsScreen />, { url: '/heatmaps' });
    await waitFor(() => expect(treemapNodes('Heatmap of Crypto')).toBeDefined());
    expect(treemapNodes('Heatmap of Crypto')!.map((n) => [n.name, n.value])).toEqual([
      ['BTC-USD', 1],
      ['ETH-USD', 1],
    ]);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 2)).toEqual(['Crypto (as of 11/22/2026)', 'Currencies (no current data)']);
    const crypto = screen.getByRole('region', { name: 'Crypto (as of 11/22/2026)' });
    expect(within(crypto).getByTestId('stale-count')).toHaveTextContent('1 symbol stale');
    const fx = screen.getByRole('region', { name: 'Currencies (no current data)' });
    expect(within(fx).getByTestId('stale-count')).toHaveTextContent('2 symbols stale');
    expect(fx).toHaveTextContent('No instrument of this group is current');
    // the sectors' map stays the equities'
    expect(treemapNodes('Heatmap of all sectors')!.map((n) => n.name)).toEqual(['Energy', 'Information Technology']);
    // zoomed into a sector: the groups give way
    act(() => handlersOf('Heatmap of all sectors').click!({ data: treemapNodes('Heatmap of all sectors')![0] }));
    await waitFor(() => expect(screen.queryByTestId('heatmap-groups')).toBeNull());
  });

  it('a universe of other classes only: their groups, no empty sector map', async () => {
    const onlyGroups = { ...withGroups(), tree: { name: 'all', size: 0, change: null, children: [] } };
    mockFetch([{ path: '/api/v1/heatmap', body: onlyGroups }, anyInstrument()]);
    renderScreen(<HeatmapsScreen />, { url: '/heatmaps?universe=BTC-USD,ETH-USD' });
    await waitFor(() => expect(treemapNodes('Heatmap of Crypto')).toHaveLength(2));
    expect(screen.queryByRole('img', { name: 'Heatmap of all sectors' })).toBeNull();
  });

  it('has error and empty states', async () => {
    await expectErrorAndEmptyStates(<HeatmapsScreen />, {
      url: '/heatmaps',
      path: '/api/v1/heatmap',
      message: 'no cache',
      empty: { ...heatmap(), tree: { name: 'all', size: 0, change: null, children: [] } },
    });
  });
});

describe('heatmaps screen in Turkish', () => {
  inTurkish();

  it('shows the filters, the map, the legend and the grids in Turkish, numbers in tr-TR', async () => {
    mockFetch([{ path: '/api/v1/heatmap', body: heatmap() }, anyInstrument()]);
    renderScreen(<HeatmapsScreen />, { url: '/heatmaps' });
    const grid = await screen.findByTestId('seasonality-grid');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Isı haritaları');
    const period = screen.getByRole('combobox', { name: 'Dönem' });
    expect(within(period).getByRole('option', { name: '1G' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('combobox', { name: 'Boyut ölçütü' })).getByRole('option', { name: 'Eşit' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('combobox', { name: 'Evren' })).getByRole('option', { name: 'Tüm hisseler' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('heatmap-legend')).toHaveTextContent('1G değişim:');
    expect(
      within(screen.getByRole('combobox', { name: 'Sektör' })).getByRole('option', { name: 'Enerji' }),
    ).toBeInTheDocument();
    const cells = within(within(grid).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('34× · %62');
    await waitFor(() => expect(optionOf('Tüm sektörlerin ısı haritası')).toBeDefined());
    const option = optionOf('Tüm sektörlerin ısı haritası') as {
      tooltip: { formatter: (p: { data: unknown }) => string };
    };
    const xom = treemapNodes('Tüm sektörlerin ısı haritası')![0]!.children![0]!.children![0]!;
    const tip = document.createElement('div');
    tip.innerHTML = option.tooltip.formatter({ data: xom });
    expect(tip.textContent).toContain('Son: 100,00');
    expect(tip.textContent).toContain('Değişim: -%2,00');
  });

  it('names the class groups and writes their as-of the Turkish way', async () => {
    mockFetch([{ path: '/api/v1/heatmap', body: withGroups() }, anyInstrument()]);
    renderScreen(<HeatmapsScreen />, { url: '/heatmaps' });
    expect(await screen.findByRole('heading', { name: 'Kripto (22.11.2026 itibarıyla)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dövizler (güncel veri yok)' })).toBeInTheDocument();
    await waitFor(() => expect(treemapNodes('Kripto ısı haritası')).toHaveLength(2));
  });
});
