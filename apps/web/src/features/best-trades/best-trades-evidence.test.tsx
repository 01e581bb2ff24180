import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, mockFetch, renderScreen } from '../../testing/test-utils';
import { BestTradesScreen } from './best-trades-screen';
import { BEST_TRADES_URL as URL, bestTradesRoutes, oneLongWindow } from './best-trades-fixture';
import { inTurkish } from '../../testing/in-turkish';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

// Issue 22: tested and qValue, the max-qValue filter, year sets and walk-forward on best trades.
const routes = bestTradesRoutes(oneLongWindow(18980, { pValue: 0.0016 }, 0.46));

describe('best trades: evidence', () => {
  it('sends max qValue and the year set in the query of both requests and keeps them in the URL', async () => {
    const { requests } = mockFetch(routes);
    renderScreen(<BestTradesScreen />, { url: URL });
    await screen.findByTestId('best-long');
    await userEvent.type(screen.getByLabelText('Max q-value'), '0.1');
    await userEvent.click(screen.getByLabelText('Election year'));
    await userEvent.click(screen.getByLabelText('Midterm year'));
    await userEvent.selectOptions(screen.getByLabelText('Odd or even years'), 'even');
    await userEvent.type(screen.getByLabelText('Exclude years'), '2008, 2020');
    await userEvent.click(screen.getByRole('button', { name: 'Find best trades' }));
    await waitFor(() =>
      expect(currentLocation()).toBe(
        `${URL}&top=10&maxQValue=0.1&cycle=election%2Cmidterm&parity=even&exclude=2008%2C2020`,
      ),
    );
    await waitFor(() => expect(requests.filter((r) => r.url.pathname.endsWith('/walk-forward'))).toHaveLength(2));
    const best = requests.filter((r) => r.url.pathname.endsWith('/best-trades')).at(-1)!.url.searchParams;
    expect([best.get('maxQValue'), best.get('cycle'), best.get('parity'), best.get('exclude')]).toEqual([
      '0.1',
      'election,midterm',
      'even',
      '2008,2020',
    ]);
    const wf = requests.filter((r) => r.url.pathname.endsWith('/walk-forward')).at(-1)!.url.search;
    expect(wf).toBe('?symbol=AAPL&minDays=5&maxDays=30&cycle=election%2Cmidterm&parity=even&exclude=2008%2C2020');
  });

  it('checks the excluded years and the max qValue before asking', async () => {
    mockFetch(routes);
    renderScreen(<BestTradesScreen />, { url: URL });
    await screen.findByTestId('best-long');
    await userEvent.type(screen.getByLabelText('Exclude years'), '2008;09');
    await userEvent.type(screen.getByLabelText('Max q-value'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Find best trades' }));
    expect(screen.getByText('Years separated by commas, e.g. 2008,2020')).toBeInTheDocument();
    expect(screen.getByText('A number from 0 to 1, e.g. 0.1')).toBeInTheDocument();
    expect(currentLocation()).toBe(URL);
  });

  it('compares in sample with out of sample, lists the years traded and charts their cumulative return', async () => {
    mockFetch(routes);
    renderScreen(<BestTradesScreen />, { url: URL });
    const panel = await screen.findByTestId('walk-forward');
    await within(panel).findByTestId('walk-forward-comparison');
    const cells = (id: string) =>
      within(screen.getByTestId(id))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('wf-winRate')).toEqual(['82%', '67%']);
    expect(cells('wf-mean')).toEqual(['+6.40%', '+2.00%']);
    expect(cells('wf-count')).toEqual(['34', '3']);
    const years = within(screen.getByTestId('walk-forward-trials')).getAllByRole('row');
    expect(years).toHaveLength(4);
    expect(years[2]).toHaveTextContent('2016');
    expect(years[2]).toHaveTextContent('-2.00%');
    // (1.05 × 0.98 × 1.03) − 1 = +5.99 %
    expect(screen.getByTestId('walk-forward-chart')).toHaveAttribute(
      'aria-label',
      'Cumulative out-of-sample return, long: +5.99% over 3 years (2015–2017)',
    );
    await userEvent.selectOptions(within(panel).getByLabelText('Side'), 'short');
    expect(within(panel).getByTestId('walk-forward-none')).toBeInTheDocument();
    expect(cells('wf-count')).toEqual(['—', '0']);
  });
});

describe('best trades: evidence in Turkish', () => {
  inTurkish();

  it('names the year set, the chance mark and out of sample in Turkish', async () => {
    mockFetch(routes);
    renderScreen(<BestTradesScreen />, { url: URL });
    expect(await screen.findByTestId('could-be-chance')).toHaveTextContent('Şans eseri olabilir');
    expect(screen.getByLabelText('Seçim yılı')).toBeInTheDocument();
    expect(screen.getByLabelText('Ara seçim yılı')).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Tek/çift yıllar')).getByRole('option', { name: 'Tek yıllar' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Örneklem dışı (ileriye dönük test)' })).toBeInTheDocument();
    expect(screen.getByTestId('tested-note')).toHaveTextContent('Test edilen 18.980 pencerenin en iyisi');
  });
});
