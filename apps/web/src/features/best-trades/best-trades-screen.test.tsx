import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, inTurkish, mockFetch, premium, renderScreen } from '../../testing/test-utils';
import { itBehavesLikeAPremiumTool } from '../../testing/premium-checks';
import { expectBestOfManyChecks } from '../../testing/significance-checks';
import { createStats, createWindow, futureInstrument } from '../../testing/factories';
import { bestTradesRoutes, tested } from './best-trades-fixture';
import { BestTradesScreen } from './best-trades-screen';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const body = {
  symbol: 'AAPL',
  tested: 18980,
  long: [
    tested(createWindow()),
    tested(createWindow({ start: '10-10', end: '10-30', stats: createStats({ count: 8, pValue: 0.2 }) }), 0.46),
  ],
  short: [tested(createWindow({ start: '05-01', end: '05-21' }))],
};

describe('best trades screen', () => {
  itBehavesLikeAPremiumTool({
    ui: <BestTradesScreen />,
    request: {
      path: '/api/v1/seasonality/best-trades',
      url: '/seasonality/besttrades?symbol=AAPL&minDays=10&maxDays=30',
    },
    empty: { symbol: 'AAPL', long: [], short: [] },
    gate: { url: '/seasonality/besttrades', submit: 'Find best trades', title: 'Best trades' },
  });

  it('lists long and short windows with their checks and links to the pattern', async () => {
    const { requests } = mockFetch(bestTradesRoutes(body));
    renderScreen(<BestTradesScreen />, { url: '/seasonality/besttrades?symbol=AAPL&minDays=10&maxDays=30&from=2005' });
    const long = await screen.findByTestId('best-long');
    const rows = within(long).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[2]!).getByText('Weak')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('OK')).toBeInTheDocument();
    // best of how many, and the qValue with "could be chance" above 0.10 (a badge with its reason, not colour alone)
    expectBestOfManyChecks(long, { tested: '18,980', plain: '0.040', chance: '0.460' });
    expect(within(rows[1]!).getByRole('link', { name: /Open the pattern/ })).toHaveAttribute(
      'href',
      '/seasonality/pattern?symbol=AAPL&start=03-01&end=03-21&direction=long&from=2005',
    );
    // The short table comes in a part of its own, after the long one (issue 45).
    expect(
      within(await screen.findByTestId('best-short')).getByRole('link', { name: /Open the pattern/ }),
    ).toHaveAttribute('href', expect.stringContaining('direction=short'));
    // Each window can become a seasonal alert with its own figures as the criteria.
    const alert = within(rows[1]!).getByRole('link', { name: /Alert before 03-01 to 03-21 opens/ });
    const query = new URLSearchParams(alert.getAttribute('href')!.split('?')[1]);
    expect([query.get('new'), query.get('symbol'), query.get('minDays'), query.get('maxDays')]).toEqual([
      'seasonal',
      'AAPL',
      '20',
      '20',
    ]);
    expect(requests[0]!.url.search).toBe('?symbol=AAPL&minDays=10&maxDays=30&from=2005');
  });

  // Issue #21, defect 6: AAPL's default list held 19 Sep → 29 Sep (38 %, −4.17 %) under "Buy".
  it('never labels a losing window Buy (nor Sell): a mean ≤ 0 or a win rate under 50 % has no edge', async () => {
    const losing = createWindow({
      start: '09-19',
      end: '09-29',
      days: 10,
      stats: createStats({ count: 34, winners: 13, losers: 21, winRate: 0.38, mean: -0.0417 }),
    });
    const evenButDown = createWindow({ start: '11-01', end: '11-11', stats: createStats({ winRate: 0.5, mean: 0 }) });
    const short = createWindow({ start: '05-01', end: '05-21', stats: createStats({ winRate: 0.6, mean: 0.01 }) });
    const shortLosing = createWindow({
      start: '06-01',
      end: '06-21',
      stats: createStats({ winRate: 0.7, mean: -0.01 }),
    });
    mockFetch(
      bestTradesRoutes({
        symbol: 'AAPL',
        tested: 100,
        long: [createWindow(), losing, evenButDown].map((w) => tested(w)),
        short: [short, shortLosing].map((w) => tested(w)),
      }),
    );
    renderScreen(<BestTradesScreen />, { url: '/seasonality/besttrades?symbol=AAPL&minDays=10&maxDays=30' });
    const long = within(await screen.findByTestId('best-long')).getAllByRole('row');
    expect(long.slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Buy',
      'No edge',
      'No edge',
    ]);
    const shorts = within(await screen.findByTestId('best-short')).getAllByRole('row');
    expect(shorts.slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Sell', 'No edge']);
    // the section titles say the side, not a recommendation
    expect(screen.getByRole('heading', { name: 'Long windows' })).toBeInTheDocument();
  });

  it('checks the holding period before asking', async () => {
    mockFetch([premium]);
    renderScreen(<BestTradesScreen />, { url: '/seasonality/besttrades' });
    const max = screen.getByLabelText('Max days');
    await userEvent.clear(max);
    await userEvent.type(max, '5{Enter}');
    expect(screen.getByText('Must be at least the minimum')).toBeInTheDocument();
    expect(currentLocation()).toBe('/seasonality/besttrades');
  });

  it('sends a future’s roll adjustment to the search, its checks and the pattern links', async () => {
    const { requests } = mockFetch([futureInstrument('CL=F'), ...bestTradesRoutes({ ...body, symbol: 'CL=F' })]);
    renderScreen(<BestTradesScreen />, {
      url: '/seasonality/besttrades?symbol=CL%3DF&minDays=10&maxDays=30&rollAdjust=ratio',
    });
    const long = await screen.findByTestId('best-long');
    expect(await screen.findByLabelText('Roll adjustment')).toHaveValue('ratio');
    expect(
      within(within(long).getAllByRole('row')[1]!).getByRole('link', { name: /Open the pattern/ }),
    ).toHaveAttribute('href', expect.stringContaining('rollAdjust=ratio'));
    for (const path of ['best-trades', 'walk-forward', 'overfitting']) {
      await waitFor(() =>
        expect(
          requests.find((r) => r.url.pathname === `/api/v1/seasonality/${path}`)?.url.searchParams.get('rollAdjust'),
        ).toBe('ratio'),
      );
    }
  });
});

describe('best trades screen in Turkish', () => {
  inTurkish();

  it('shows the form, the windows and their links in Turkish, numbers in tr-TR', async () => {
    mockFetch(bestTradesRoutes(body));
    renderScreen(<BestTradesScreen />, { url: '/seasonality/besttrades?symbol=AAPL&minDays=10&maxDays=30' });
    const long = await screen.findByTestId('best-long');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('En iyi işlemler');
    expect(screen.getByRole('form', { name: 'En iyi işlemler formu' })).toBeInTheDocument();
    expect(screen.getByLabelText('En az gün')).toHaveValue('10');
    expect(screen.getByRole('button', { name: 'En iyi işlemleri bul' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Uzun pencereler' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Kısa pencereler' })).toBeInTheDocument();
    const row = within(long).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: '03-01 – 03-21 örüntüsünü aç' })).toHaveTextContent('Aç');
    expect(within(row).getByRole('link', { name: '03-01 – 03-21 açılmadan önce alarm' })).toHaveTextContent('Alarm');
    // win rate and mean in tr-TR: the percent sign first, a comma for decimals
    expect(row.textContent).toMatch(/%\d+,\d/);
  });

  it('says what is wrong with the form in Turkish', async () => {
    mockFetch([premium]);
    renderScreen(<BestTradesScreen />, { url: '/seasonality/besttrades' });
    const min = await screen.findByLabelText('En az gün');
    await userEvent.clear(min);
    await userEvent.type(min, '0');
    await userEvent.click(screen.getByRole('button', { name: 'En iyi işlemleri bul' }));
    expect(await screen.findByText('Tam sayı olarak gün, en az 1')).toBeInTheDocument();
  });
});
