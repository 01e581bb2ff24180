import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, premium, renderScreen, type MockRoute } from '../../testing/test-utils';
import { anyInstrument, createOverview } from '../../testing/factories';
import { createFormatters } from '../format';
import type { HeatmapResponse } from '@solstice/contracts';
import { MarketScreen } from '../../features/market/market-screen';
import { HeatmapsScreen } from '../../features/heatmaps/heatmaps-screen';
import { ScannerScreen } from '../../features/scanner/scanner-screen';
import { StaleCount } from './stale-count';

vi.mock('../charts/loader', () => import('../charts/fake-loader'));

const f = createFormatters('tr-TR', 'Europe/Istanbul');
const EXPLAINED = /12 symbols have no bar on 20\.11\.2026 and are left out of this view/;
// On the screens the dates follow the store's locale: the language's (English in these tests, en-US).
const EXPLAINED_ON_SCREEN = /12 symbols have no bar on 11\/20\/2026 and are left out of this view/;

describe('"N symbols stale" beside the as-of date', () => {
  it('says how many symbols were left out and why, on hover and keyboard focus', async () => {
    render(<StaleCount stale={12} asOf="2026-11-20" f={f} />);
    const label = screen.getByRole('button', { name: '12 symbols stale' });
    expect(label).toHaveAccessibleDescription(EXPLAINED);
    const tip = screen.getByRole('tooltip', { hidden: true });
    expect(tip).toHaveClass('visually-hidden');
    await userEvent.hover(label);
    expect(tip).not.toHaveClass('visually-hidden');
    await userEvent.unhover(label);
    expect(tip).toHaveClass('visually-hidden');
    await userEvent.tab();
    expect(label).toHaveFocus();
    expect(tip).not.toHaveClass('visually-hidden');
  });

  it('is absent when no symbol is stale, and singular for one', () => {
    const { container, rerender } = render(<StaleCount stale={0} asOf="2026-11-20" f={f} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<StaleCount stale={1} asOf="2026-11-20" f={f} />);
    expect(screen.getByRole('button', { name: '1 symbol stale' })).toHaveAccessibleDescription(
      /1 symbol has no bar on 20\.11\.2026 and is left out/,
    );
  });

  it('shows on the market view', async () => {
    mockFetch([{ path: '/api/v1/market/overview', body: createOverview({ stale: 12 }) }, anyInstrument()]);
    renderScreen(<MarketScreen />, { url: '/market' });
    const label = await screen.findByTestId('stale-count');
    expect(label).toHaveTextContent('12 symbols stale');
    expect(label).toHaveAccessibleDescription(EXPLAINED_ON_SCREEN);
    expect(label.closest('p')).toHaveTextContent(/^As of 11\/20\/2026/);
  });

  it('is not on the market view when every symbol has the day', async () => {
    mockFetch([{ path: '/api/v1/market/overview', body: createOverview({ stale: 0 }) }, anyInstrument()]);
    renderScreen(<MarketScreen />, { url: '/market' });
    await screen.findByTestId('index-cards');
    expect(screen.queryByTestId('stale-count')).toBeNull();
  });

  it('shows on the heatmaps', async () => {
    const leaf = { symbol: 'XOM', name: 'Exxon', size: 100, change: 0.01, close: 100, volume: 1e6, spark: [1, 2] };
    const values = { '1d': 0.01, '1w': 0.01, '1m': 0.01, '3m': 0.01, '6m': 0.01, ytd: 0.01, '1y': 0.01 };
    const heatmap: HeatmapResponse = {
      asOf: '2026-11-20',
      stale: 12,
      period: '1d',
      size: 'dollarvolume',
      universe: 'all',
      tree: {
        name: 'all',
        size: 100,
        change: 0.01,
        children: [
          {
            name: 'Energy',
            size: 100,
            change: 0.01,
            children: [{ name: 'Oil', size: 100, change: 0.01, children: [leaf] }],
          },
        ],
      },
      sectors: [{ sector: 'Energy', count: 1, values }],
      sizes: ['dollarvolume', 'equal'],
      seasonality: [],
    };
    mockFetch([{ path: '/api/v1/heatmap', body: heatmap }, anyInstrument()]);
    renderScreen(<HeatmapsScreen />, { url: '/heatmaps' });
    const label = await screen.findByTestId('stale-count');
    expect(label).toHaveTextContent('12 symbols stale');
    expect(label).toHaveAccessibleDescription(EXPLAINED_ON_SCREEN);
  });

  it('shows on the scanner, with results and with none', async () => {
    const scan = (results: { symbol: string }[]): MockRoute => ({
      method: 'POST',
      path: '/api/v1/scanner',
      body: { asOf: '2026-11-20', stale: 12, count: results.length, results },
    });
    const fields: MockRoute = { path: '/api/v1/scanner/fields', body: { fields: [], aliases: {} } };
    const presets: MockRoute = { path: '/api/v1/scanner/presets', body: { presets: [] } };
    const savedScans: MockRoute = { path: '/api/v1/scans', body: { data: [] } };
    // the expression checked valid before the scan runs
    const check: MockRoute = {
      method: 'POST',
      path: '/api/v1/scanner/check',
      body: { problem: null, asOf: '2026-11-20', count: 1, notices: [] },
    };
    mockFetch([premium, presets, fields, savedScans, check, scan([{ symbol: 'XOM' }]), anyInstrument()]);
    const first = renderScreen(<ScannerScreen />, { url: '/scanner?expression=rsi14+%3C+30' });
    const results = await screen.findByRole('region', { name: 'Scan results' });
    expect(within(results).getByTestId('stale-count')).toHaveTextContent('12 symbols stale');
    expect(results).toHaveTextContent(/1 match as of 11\/20\/2026\s*12 symbols stale/);
    first.unmount();

    mockFetch([premium, presets, fields, savedScans, check, scan([]), anyInstrument()]);
    renderScreen(<ScannerScreen />, { url: '/scanner?expression=rsi14+%3C+1' });
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByTestId('stale-count')).toHaveAccessibleDescription(EXPLAINED_ON_SCREEN);
  });
});
