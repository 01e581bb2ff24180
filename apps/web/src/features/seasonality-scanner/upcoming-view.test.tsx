import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, inTurkish, mockFetch, renderScreen, retype } from '../../testing/test-utils';
import { scanRoutes } from './scan-fixture';
import { createStats } from '../../testing/factories';
import { SeasonalityScannerScreen } from './seasonality-scanner-screen';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

// As of 2017-11-10, two windows: one starting in 9 days (11-19, 12 of 12 years), one in 4 (11-14).
const deck = {
  symbol: 'DECK',
  direction: 'long' as const,
  start: '11-19',
  end: '12-08',
  days: 19,
  stats: { ...createStats({ count: 12, winners: 12, winRate: 1, mean: 0.0612 }), qValue: 0.248 },
  dollarVolume20: 52_890_000,
  startDate: '2017-11-19',
  endDate: '2017-12-08',
  smallSample: false,
};
const msci = {
  ...deck,
  symbol: 'MSCI',
  start: '11-14',
  end: '12-04',
  days: 20,
  stats: { ...deck.stats, count: 10, winners: 10, qValue: 0.357 },
  dollarVolume20: 60_200_000,
  startDate: '2017-11-14',
  endDate: '2017-12-04',
};
const ANSWER = {
  results: [deck, msci],
  tested: 84176,
  asOf: '2017-11-10',
  startFrom: '11-11',
  startTo: '11-24',
  stale: 2,
  illiquid: 48,
};
const URL =
  '/seasonality/scanner?view=upcoming&upcoming=14&asOf=2017-11-10&minDollarVolume=50000000&minDays=5&maxDays=20&direction=long&universe=all';

describe('seasonality scanner: starting soon', () => {
  it('posts the upcoming scan from the URL and shows dates, days until start, dollar volume and the left-out counts', async () => {
    const { requests } = mockFetch(scanRoutes(ANSWER));
    renderScreen(<SeasonalityScannerScreen />, { url: URL });
    const table = await screen.findByTestId('seasonality-upcoming-results');
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      upcoming: 14,
      asOf: '2017-11-10',
      minDollarVolume: 50_000_000,
      minDays: 5,
      maxDays: 20,
      direction: 'long',
      universe: 'all',
    });
    expect(screen.getByRole('link', { name: 'Starting soon' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('upcoming-summary')).toHaveTextContent('As of 11/10/2017: windows starting');
    expect(screen.getByTestId('upcoming-left-out')).toHaveTextContent(
      'Left out: 2 without a bar on 11/10/2017 (no data that day), 48 below the minimum dollar volume.',
    );
    // Not one window has a qValue ≤ 0.10: said in words, beside the perfect win rates.
    expect(screen.getByTestId('upcoming-evidence')).toHaveTextContent(
      'No window here has a q-value at or below 0.10: among the 84,176 windows tested, even a perfect win rate can be chance.',
    );
    const rows = within(table).getAllByRole('row');
    // 11/19 is 9 days after 11/10; 11/14 is 4.
    expect(rows[1]).toHaveTextContent('DECK');
    expect(rows[1]).toHaveTextContent('11/19/2017');
    expect(rows[1]).toHaveTextContent('12/08/2017');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('9');
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('4');
    expect(rows[1]).toHaveTextContent('100%');
    expect(rows[1]).toHaveTextContent('+6.12%');
    expect(rows[1]).toHaveTextContent('$52.9M');
    expect(within(rows[1]!).getByRole('link', { name: 'Pattern of DECK' })).toHaveAttribute(
      'href',
      '/seasonality/pattern?symbol=DECK&start=11-19&end=12-08&direction=long',
    );
  });

  it('chooses 7, 14, 30 or any number of days, keeps the view in the URL, and checks the fields', async () => {
    const { requests } = mockFetch(scanRoutes(ANSWER));
    renderScreen(<SeasonalityScannerScreen />, { url: '/seasonality/scanner' });
    await userEvent.click(screen.getByRole('link', { name: 'Starting soon' }));
    await screen.findByTestId('seasonality-upcoming-results');
    // the latest data by default: no asOf sent
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      upcoming: 14,
      minDays: 5,
      maxDays: 20,
      direction: 'long',
      universe: 'all',
    });
    const thirty = screen.getByRole('button', { name: '30 days' });
    thirty.focus();
    await userEvent.keyboard('{Enter}');
    expect(thirty).toHaveAttribute('aria-pressed', 'true');
    await retype('Min avg dollar volume, 20 days ($ M)', '50');
    await retype('As of', '2017-11-10');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(currentLocation()).toBe(
        '/seasonality/scanner?view=upcoming&upcoming=30&asOf=2017-11-10&minDollarVolume=50000000&minDays=5&maxDays=20&direction=long&universe=all',
      ),
    );
    await retype('Days ahead (1–90)', '91');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('A whole number of days from 1 to 90')).toBeInTheDocument();
  });

  it('says when there is no data on or before the date', async () => {
    const none = { results: [], tested: 0, asOf: null, startFrom: null, startTo: null, stale: 0, illiquid: 0 };
    mockFetch(scanRoutes(none));
    renderScreen(<SeasonalityScannerScreen />, { url: URL.replace('2017-11-10', '1900-01-02') });
    expect(await screen.findByTestId('upcoming-no-session')).toHaveTextContent(
      'There is no market data on or before that date.',
    );
  });

  it('says so when a window has a qValue at or below 0.10', async () => {
    const strong = { ...deck, stats: { ...deck.stats, qValue: 0.04 } };
    mockFetch(scanRoutes({ ...ANSWER, results: [strong, msci] }));
    renderScreen(<SeasonalityScannerScreen />, { url: URL });
    expect(await screen.findByTestId('upcoming-evidence')).toHaveTextContent(
      '1 window has a q-value at or below 0.10.',
    );
  });
});

describe('seasonality scanner: starting soon, in Turkish', () => {
  inTurkish();

  it('shows the view in Turkish', async () => {
    mockFetch(scanRoutes(ANSWER));
    renderScreen(<SeasonalityScannerScreen />, { url: URL });
    await screen.findByTestId('seasonality-upcoming-results');
    expect(screen.getByRole('link', { name: 'Yakında başlayanlar' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('upcoming-evidence')).toHaveTextContent(
      'Buradaki hiçbir pencerenin q-değeri 0,10 veya altında değil',
    );
    expect(screen.getByTestId('upcoming-left-out')).toHaveTextContent('Dışarıda kalan');
    expect(screen.getByRole('button', { name: '14 gün' })).toHaveAttribute('aria-pressed', 'true');
  });
});
