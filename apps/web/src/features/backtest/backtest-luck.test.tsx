import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, mockFetch, premium, renderScreen } from '../../testing/test-utils';
import { inTurkish } from '../../testing/in-turkish';
import { backtestAnswer } from '../../testing/backtest-fixture';
import {
  expectLuckSays,
  luckNumbersRows,
  overfittingAnswer,
  overfittingNumbers,
  overfittingRoute,
  overfittingSays,
  overfittingSaysTurkish,
} from '../../testing/luck-fixture';
import { addToBacktestHref, legDays, legText, parseLeg } from '../../shared/links/backtest-url';
import { BacktestScreen } from './backtest-screen';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

// Issue 44: "Is it luck?" per leg of the backtest. The first leg came from best trades over 5 to
// 7 days (analytics.md's AAPL example: 2,190 windows, PSR 0.99996, DSR 0.29, PBO 15/70); the
// second was typed in, so it is deflated by every window of its own length.
const URL =
  '/seasonality/backtest?leg=AAPL:10-10:10-15:long:5-7;both;exclude=2008&leg=SPY:11-01:04-30:short&from=2010&to=2020&parity=even';

// A leg's query asks for no resamples: the API answers without the Reality Check.
const legAnswer = { ...overfittingAnswer, realityCheck: null };
const routes = [
  premium,
  { method: 'POST', path: '/api/v1/seasonality/backtest', body: backtestAnswer },
  { ...overfittingRoute, body: legAnswer },
];
const luckAsks = (requests: { url: URL }[]) =>
  requests.filter((r) => r.url.pathname === '/api/v1/seasonality/overfitting').map((r) => r.url.search);

beforeEach(() => sessionStorage.clear());

describe('backtest: is it luck? per leg', () => {
  it('asks nothing until a leg is opened, then deflates it by the best-trades search it came from, in plain words', async () => {
    const { requests } = mockFetch(routes);
    renderScreen(<BacktestScreen />, { url: URL });
    await screen.findByTestId('backtest-metrics');
    const leg = screen.getByTestId('backtest-luck-0');
    expect(luckAsks(requests)).toEqual([]);
    await userEvent.click(within(leg).getByRole('button', { name: 'Is it luck? AAPL 10-10 → 10-15 long' }));
    await expectLuckSays(leg, overfittingSays);
    expect(within(leg).queryByTestId('luck-realityCheck')).toBeNull();
    expect(
      within(leg).getByText(
        "This leg's window (Oct 10 → Oct 15), deflated by the 2,190 windows of the search it came from (5 to 7 days, both sides).",
      ),
    ).toBeInTheDocument();
    // the search's own years (exclude 2008), not the backtest's (2010–2020, even years)
    expect(luckAsks(requests)).toEqual([
      '?symbol=AAPL&minDays=5&maxDays=7&exclude=2008&direction=both&window=10-10%3A10-15%3Along',
    ]);
  });

  it("deflates a leg typed in by every window of its own length over the backtest's years", async () => {
    const { requests } = mockFetch(routes);
    renderScreen(<BacktestScreen />, { url: URL });
    const leg = await screen.findByTestId('backtest-luck-1');
    await userEvent.click(within(leg).getByRole('button', { name: 'Is it luck? SPY 11-01 → 04-30 short' }));
    await within(leg).findByTestId('luck-deflated');
    // 11-01 is day 304 of the non-leap calendar, 04-30 day 119: 365 − 304 + 119 = 180 days
    expect(luckAsks(requests)).toEqual([
      '?symbol=SPY&minDays=180&maxDays=180&from=2010&to=2020&parity=even&direction=both&window=11-01%3A04-30%3Ashort',
    ]);
    expect(
      within(leg).getByText(/deflated by the 2,190 windows of its length \(180 days, both sides\)/),
    ).toBeInTheDocument();
  });

  it('shows the numbers behind it on "Details" and closes the panel again', async () => {
    mockFetch(routes);
    renderScreen(<BacktestScreen />, { url: URL });
    const leg = await screen.findByTestId('backtest-luck-0');
    const open = within(leg).getByRole('button', { name: /^Is it luck\?/ });
    await userEvent.click(open);
    const details = await within(leg).findByRole('button', { name: 'Details' });
    const numbers = within(leg).getByTestId('luck-numbers');
    expect(numbers).not.toBeVisible();
    await userEvent.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(numbers).toBeVisible();
    expect(luckNumbersRows(leg)).toEqual(overfittingNumbers);
    await userEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(within(leg).queryByTestId('luck')).toBeNull();
  });

  it('keeps a search through a run of the form, and drops it from a leg that is edited', async () => {
    mockFetch(routes);
    renderScreen(<BacktestScreen />, { url: URL });
    await screen.findByTestId('backtest-metrics');
    await userEvent.click(screen.getByRole('button', { name: 'Run backtest' }));
    await waitFor(() => expect(currentLocation()).toContain('leg=AAPL:10-10:10-15:long:5-7;both;exclude=2008&'));
    const end = screen.getByLabelText('End (MM-DD)', { selector: '#bt-leg-0-end' });
    await userEvent.clear(end);
    await userEvent.type(end, '10-16');
    await userEvent.click(screen.getByRole('button', { name: 'Run backtest' }));
    await waitFor(() =>
      expect(currentLocation()).toBe(
        '/seasonality/backtest?leg=AAPL:10-10:10-16:long&leg=SPY:11-01:04-30:short&from=2010&to=2020&parity=even&cost=5&benchmark=SPY',
      ),
    );
  });

  describe('in Turkish', () => {
    inTurkish();

    it('says the same in Turkish, numbers in tr-TR', async () => {
      mockFetch(routes);
      renderScreen(<BacktestScreen />, { url: URL });
      const leg = await screen.findByTestId('backtest-luck-0');
      await userEvent.click(within(leg).getByRole('button', { name: 'Şans mı? AAPL 10-10 → 10-15 uzun' }));
      await expectLuckSays(leg, overfittingSaysTurkish);
      expect(
        within(leg).getByText(/geldiği aramanın 2\.190 penceresine göre düzeltilmiş \(5–7 gün, iki yön\)/),
      ).toBeInTheDocument();
      await userEvent.click(within(leg).getByRole('button', { name: 'Ayrıntılar' }));
      expect(within(leg).getByTestId('luck-numbers')).toBeVisible();
    });
  });
});

describe('a leg and the search it came from', () => {
  it("keeps the search in the leg's text and reads it back; a search that is no search is dropped", () => {
    const leg = {
      symbol: 'AAPL',
      start: '10-10',
      end: '10-15',
      direction: 'long' as const,
      search: {
        minDays: 5,
        maxDays: 7,
        direction: 'both' as const,
        from: '1990',
        cycle: 'election,midterm',
        exclude: '',
      },
    };
    expect(legText(leg)).toBe('AAPL:10-10:10-15:long:5-7;both;from=1990;cycle=election,midterm');
    expect(parseLeg(legText(leg))).toEqual({
      ...leg,
      search: { minDays: 5, maxDays: 7, direction: 'both', from: '1990', cycle: 'election,midterm' },
    });
    expect(parseLeg('AAPL:10-10:10-15:long:7-5;both')).toEqual({
      symbol: 'AAPL',
      start: '10-10',
      end: '10-15',
      direction: 'long',
    });
    expect(parseLeg('AAPL:10-10:10-15:long:5-7;sideways')?.search).toBeUndefined();
    expect(parseLeg('AAPL:10-10:10-15:long:5-7;both;year=2008')?.search).toBeUndefined();
  });

  it('adds a window once, whatever search it came from', () => {
    const bare = { symbol: 'AAPL', start: '10-10', end: '10-15', direction: 'long' as const };
    const fromSearch = { ...bare, search: { minDays: 5, maxDays: 7, direction: 'both' as const } };
    expect(addToBacktestHref(fromSearch, [bare])).toBe('/seasonality/backtest?leg=AAPL:10-10:10-15:long:5-7;both');
  });

  it('counts a leg in days as the API counts a window: the non-leap calendar, over the year end', () => {
    expect(legDays({ start: '10-10', end: '10-15' })).toBe(5);
    expect(legDays({ start: '12-20', end: '01-05' })).toBe(16);
    expect(legDays({ start: '02-28', end: '03-01' })).toBe(1);
    expect(legDays({ start: '02-29', end: '03-01' })).toBe(1);
    expect(legDays({ start: '10-10', end: '10-10' })).toBeNull();
    expect(legDays({ start: '13-01', end: '10-10' })).toBeNull();
  });
});
