import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, inTurkish, mockFetch, renderScreen, retype } from '../../testing/test-utils';
import { scanRoutes } from './scan-fixture';
import { itBehavesLikeAPremiumTool } from '../../testing/premium-checks';
import { expectBestOfManyChecks } from '../../testing/significance-checks';
import { createStats, createWindow } from '../../testing/factories';
import { useAppStore, useUiStore } from '../../shared/shell';
import { SeasonalityScannerScreen, scanBody } from './seasonality-scanner-screen';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const withQ = (w: ReturnType<typeof createWindow>, qValue: number) => ({ ...w, stats: { ...w.stats, qValue } });
const results = [
  { symbol: 'XOM', direction: 'long' as const, ...withQ(createWindow(), 0.02) },
  { symbol: 'KO', direction: 'short' as const, ...withQ(createWindow({ stats: createStats({ count: 7 }) }), 0.3) },
];
const URL =
  '/seasonality/scanner?startFrom=03-01&startTo=03-15&minDays=10&maxDays=30&minWinRate=0.7&minYears=10&direction=both&universe=all';

describe('seasonality scanner screen', () => {
  itBehavesLikeAPremiumTool({
    ui: <SeasonalityScannerScreen />,
    request: { method: 'POST', path: '/api/v1/seasonality/scan', url: URL },
    empty: { results: [] },
    gate: { url: '/seasonality/scanner', submit: 'Scan', title: 'Seasonality scanner' },
  });

  it('posts the scan from the URL and lists the results with pattern and calendar links', async () => {
    const { requests } = mockFetch(scanRoutes({ results, tested: 138000 }));
    renderScreen(<SeasonalityScannerScreen />, { url: URL });
    const table = await screen.findByTestId('seasonality-scan-results');
    expect(requests[0]!.body).toEqual({
      startFrom: '03-01',
      startTo: '03-15',
      minDays: 10,
      maxDays: 30,
      minWinRate: 0.7,
      minYears: 10,
      direction: 'both',
      universe: 'all',
    });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Buy')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Sell')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Weak')).toBeInTheDocument();
    // best of how many windows, each result's qValue, "could be chance" above 0.10 with its reason
    expectBestOfManyChecks(table, { tested: '138,000', plain: '0.020', chance: '0.300' });
    expect(within(rows[1]!).getByRole('link', { name: 'Pattern of XOM' })).toHaveAttribute(
      'href',
      '/seasonality/pattern?symbol=XOM&start=03-01&end=03-21&direction=long',
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Calendar of XOM' })).toHaveAttribute(
      'href',
      '/seasonality/calendar?symbol=XOM',
    );
    // the leg carries the scan's search, for its "Is it luck?" on the backtest
    expect(within(rows[1]!).getByRole('link', { name: /^Add to backtest: XOM/ })).toHaveAttribute(
      'href',
      '/seasonality/backtest?leg=XOM:03-01:03-21:long:10-30;both;minYears=10',
    );
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Add XOM to a watchlist' }));
    expect(useUiStore.getState().addToWatchlist).toEqual({ sym: 'XOM', description: '' });
  });

  it('sends a watchlist as a list of symbols', () => {
    expect(
      scanBody({ startFrom: '01-01', startTo: '01-02', minDays: '5', maxDays: '6', universe: 'AAPL,MSFT' }).universe,
    ).toEqual(['AAPL', 'MSFT']);
    expect(scanBody({ universe: 'sector:Energy' }).universe).toBe('sector:Energy');
  });

  it('remembers the form (seascanForm) and writes the URL with the API names', async () => {
    mockFetch(scanRoutes({ results, tested: 138000 }));
    renderScreen(<SeasonalityScannerScreen />, { url: '/seasonality/scanner' });
    await retype('Start from (MM-DD)', '04-01');
    await retype('Start to (MM-DD)', '04-10');
    await retype('Min win rate (%)', '80');
    await userEvent.selectOptions(screen.getByLabelText('Universe'), 'Sector: Energy');
    await userEvent.click(screen.getByRole('button', { name: 'Scan' }));
    await waitFor(() =>
      expect(currentLocation()).toBe(
        // no minYears: the API's default (each symbol's most years less 2, at least 10)
        '/seasonality/scanner?startFrom=04-01&startTo=04-10&minDays=10&maxDays=30&minWinRate=0.8&direction=long&universe=sector%3AEnergy',
      ),
    );
    expect(useAppStore.getState().seascanForm).toMatchObject({
      startFrom: '04-01',
      minWinRate: '0.8',
      universe: 'sector:Energy',
    });
    expect(await screen.findByTestId('seasonality-scan-results')).toBeInTheDocument();
  });

  it('sends max qValue and the year set in the body, and keeps them in the URL and the saved form', async () => {
    const { requests } = mockFetch(scanRoutes({ results, tested: 138000 }));
    renderScreen(<SeasonalityScannerScreen />, {
      url: `${URL}&maxQValue=0.1&cycle=election,midterm&parity=even&exclude=2008,2009`,
    });
    await screen.findByTestId('seasonality-scan-results');
    expect(requests[0]!.body).toMatchObject({
      maxQValue: 0.1,
      cycle: ['election', 'midterm'],
      parity: 'even',
      exclude: [2008, 2009],
    });
    expect(screen.getByLabelText('Election year')).toBeChecked();
    expect(screen.getByLabelText('Max q-value')).toHaveValue('0.1');
    await userEvent.click(screen.getByLabelText('Midterm year'));
    await userEvent.selectOptions(screen.getByLabelText('Odd or even years'), '');
    await retype('Exclude years', '2020');
    await retype('Max q-value', '0.05');
    await userEvent.click(screen.getByRole('button', { name: 'Scan' }));
    await waitFor(() => expect(currentLocation()).toContain('&maxQValue=0.05&cycle=election&exclude=2020'));
    expect(currentLocation()).not.toContain('parity');
    expect(useAppStore.getState().seascanForm).toMatchObject({ maxQValue: '0.05', cycle: 'election', exclude: '2020' });
    const scans = () => requests.filter((r) => r.method === 'POST');
    await waitFor(() => expect(scans()).toHaveLength(2));
    expect(scans()[1]!.body).toMatchObject({ maxQValue: 0.05, cycle: ['election'], exclude: [2020] });
    expect(scans()[1]!.body).not.toHaveProperty('parity');
  });
});

describe('seasonality scanner screen in Turkish', () => {
  inTurkish();

  it('shows the form, its errors and the results in Turkish with tr-TR numbers', async () => {
    mockFetch(scanRoutes({ results, tested: 138000 }));
    renderScreen(<SeasonalityScannerScreen />, { url: URL });
    expect(screen.getByRole('heading', { name: 'Mevsimsellik tarayıcı' })).toBeInTheDocument();
    expect(screen.getByLabelText('En düşük kazanma oranı (%)')).toHaveValue('70');
    expect(within(screen.getByLabelText('Evren')).getByRole('option', { name: 'Sektör: Enerji' })).toBeInTheDocument();
    const table = await screen.findByTestId('seasonality-scan-results');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Uzun');
    expect(rows[1]).toHaveTextContent('%80');
    expect(rows[1]).toHaveTextContent('+%3,1');
    expect(within(rows[1]!).getByRole('link', { name: 'XOM deseni' })).toHaveTextContent('Desen');
    expect(within(rows[2]!).getByRole('link', { name: 'KO takvimi' })).toHaveTextContent('Takvim');
    expect(within(rows[2]!).getByTestId('could-be-chance')).toHaveTextContent('Şans eseri olabilir');
    expect(within(screen.getByLabelText('Tek/çift yıllar')).getByRole('option', { name: 'Çift yıllar' })).toBeTruthy();
    const from = screen.getByLabelText('Başlangıç en erken (AA-GG)');
    await userEvent.clear(from);
    await userEvent.type(from, '4-1');
    await userEvent.click(screen.getByRole('button', { name: 'Tara' }));
    expect(await screen.findByText('AA-GG biçimini kullanın, örn. 03-15')).toBeInTheDocument();
  });
});
