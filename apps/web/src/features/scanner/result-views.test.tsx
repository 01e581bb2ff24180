import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, mockFetch, premium, renderScreen, type MockRoute } from '../../testing/test-utils';
import { anyInstrument } from '../../testing/factories';
import { scannerFieldsRoute } from '../../testing/scanner-fields';
import { ScannerScreen } from './scanner-screen';
import { orderColumns, viewColumns } from './result-views';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const fields = scannerFieldsRoute(
  {
    rsi14: true,
    close: true,
    price: true,
    atr14: true,
    marketCap: false,
    open: true,
    ema20: true,
    macd: true,
    bbUpper: true,
  },
  { sector: ['Energy'] },
);
/** Every expression checks valid. */
const check: MockRoute = {
  method: 'POST',
  path: '/api/v1/scanner/check',
  body: { problem: null, asOf: '2024-05-10', count: 2, notices: [] },
};
const presets: MockRoute = { path: '/api/v1/scanner/presets', body: { presets: [] } };

/** Answers each requested column: the value is the row's base times the column's position. */
function scanner(): MockRoute {
  return {
    method: 'POST',
    path: '/api/v1/scanner',
    respond: ({ body }) => {
      const b = body as { expression: string; columns?: string[]; limit?: number; spark?: boolean };
      const row = (symbol: string, base: number) => ({
        symbol,
        name: `${symbol} Inc`,
        sector: 'Energy',
        rsi14: base,
        // the expression's own fields, as the server adds them
        ...(b.expression.includes('price') ? { price: base, close: base } : {}),
        ...Object.fromEntries((b.columns ?? []).map((c, i) => [c, base * (i + 1)])),
      });
      return {
        body: {
          asOf: '2024-05-10',
          stale: 0,
          count: 2,
          notices: [],
          results: [row('XOM', 30), row('KO', 20)],
          ...(b.spark ? { sparks: { XOM: [1, 2, 3], KO: [3, 2, 1.5] } } : {}),
        },
      };
    },
  };
}

/** The scanner at `url`, every request answered; its results table once shown. */
async function showResults(url: string) {
  const served = mockFetch([
    premium,
    { path: '/api/v1/scans', body: { data: [] } },
    fields,
    presets,
    scanner(),
    check,
    anyInstrument(),
  ]);
  renderScreen(<ScannerScreen />, { url });
  return { ...served, table: await screen.findByTestId('scan-results') };
}

/** The overview view's columns, in order. */
const OVERVIEW = ['close', 'change1d', 'volume', 'avgVolume20', 'w1', 'm1', 'm3', 'ytd', 'y1'];

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.replace(/[▲▼]/g, '').trim());

// Issue #21, item 12: result views like Finviz's, a sparkline per row, every column sortable.
describe('scanner result views', () => {
  it('orders a view’s columns first, then the expression’s own', () => {
    expect(viewColumns('overview', [])).toEqual(OVERVIEW);
    expect(viewColumns('custom', ['atr14'])).toEqual(['atr14']);
    expect(viewColumns('expression', ['atr14'])).toEqual([]);
    expect(orderColumns('custom', ['atr14', 'close'], ['rsi14', 'close', 'atr14'])).toEqual([
      'atr14',
      'close',
      'rsi14',
    ]);
    // price is close by another name: one column
    expect(orderColumns('expression', [], ['price', 'close', 'rsi14'])).toEqual(['close', 'rsi14']);
  });

  it('shows one Price column for price and close, and names every field in the column chooser', async () => {
    const { table } = await showResults('/scanner?expression=' + encodeURIComponent('price > 1 and close > 1'));
    await waitFor(() => expect(headers(table).filter((h) => h === 'Price')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Custom' }));
    const chooser = screen.getByRole('group', { name: 'Columns' });
    const labels = within(chooser)
      .getAllByRole('checkbox')
      .map((c) => (c as HTMLInputElement).labels?.[0]?.textContent);
    expect(labels).toEqual(['RSI(14)', 'Price', 'ATR(14)', 'Open', 'EMA 20', 'MACD', 'Bollinger upper']);
  });

  it('switches to the overview and technical views, asking the API for their columns, with a sparkline per row', async () => {
    const { requests, table } = await showResults('/scanner?expression=rsi14+%3C+40');
    expect(
      within(table)
        .getAllByTestId('sparkline')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual(['rising', 'falling']);
    await userEvent.click(screen.getByRole('button', { name: 'Overview' }));
    await waitFor(() => expect(headers(screen.getByTestId('scan-results'))).toContain('Perf YTD'));
    expect(headers(screen.getByTestId('scan-results'))).toEqual([
      'Symbol',
      'Name',
      'Sector',
      '30 days',
      'Price',
      'Change',
      'Volume',
      'Avg. volume',
      'Perf 1W',
      'Perf 1M',
      'Perf 3M',
      'Perf YTD',
      'Perf 1Y',
      'RSI(14)',
      'Watchlist',
    ]);
    expect(currentLocation()).toBe('/scanner?expression=rsi14+%3C+40&view=overview');
    const last = requests
      .filter((r) => r.url.pathname === '/api/v1/scanner' && (r.body as { limit: number }).limit > 1)
      .at(-1)!;
    expect(last.body).toMatchObject({
      columns: OVERVIEW,
      spark: true,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Technical' }));
    await waitFor(() => expect(headers(screen.getByTestId('scan-results'))).toContain('From SMA 200'));
  });

  it('shows custom columns of any field, kept in the URL, and sorts every column by its button', async () => {
    const { requests, table } = await showResults('/scanner?expression=rsi14+%3C+40&view=custom&cols=atr14');
    expect(headers(table)).toEqual(['Symbol', 'Name', 'Sector', '30 days', 'ATR(14)', 'RSI(14)', 'Watchlist']);
    // a field without data is not offered
    expect(screen.queryByRole('checkbox', { name: 'Market cap' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Price' }));
    await waitFor(() =>
      expect(currentLocation()).toBe('/scanner?expression=rsi14+%3C+40&view=custom&cols=atr14%2Cclose'),
    );
    await waitFor(() => expect(headers(screen.getByTestId('scan-results'))).toContain('Price'));
    // the sparkline column sorts by its change over the days: KO (−50 %) before XOM (+200 %) ascending
    const spark = within(screen.getByTestId('scan-results')).getByRole('button', { name: /30 days/ });
    await userEvent.click(spark);
    await userEvent.click(within(screen.getByTestId('scan-results')).getByRole('button', { name: /30 days/ }));
    const firstCells = () =>
      within(screen.getByTestId('scan-results'))
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    await waitFor(() => expect(firstCells()).toEqual(['KO', 'XOM']));
    // the sparkline is no field of the API: sorted here, never sent as the sort
    expect(requests.some((r) => (r.body as { sort?: string } | undefined)?.sort === 'spark')).toBe(false);
    expect(currentLocation()).not.toContain('sort=');
    // a field column sorts through the API
    await userEvent.click(within(screen.getByTestId('scan-results')).getByRole('button', { name: /ATR\(14\)/ }));
    await waitFor(() => expect(currentLocation()).toContain('sort=atr14&desc=true'));
  });
});
