import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderScreen } from '../../testing/test-utils';
import { inTurkish } from '../../testing/in-turkish';
import { BestTradesScreen } from './best-trades-screen';
import {
  expectLuckSays,
  luckNumbersRows,
  overfittingAnswer,
  overfittingNumbers,
  overfittingSays,
  overfittingSaysTurkish,
} from '../../testing/luck-fixture';
import { bestTradesRoutes, oneLongWindow } from './best-trades-fixture';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

// Issue 44: "Is it luck?" on best trades for its top window.
const body = oneLongWindow(2190, { pValue: 0.0016 }, 0.46);
const URL = '/seasonality/besttrades?symbol=AAPL&minDays=5&maxDays=7&exclude=2008';

describe('best trades: is it luck?', () => {
  it('asks for the search with 1,000 resamples and says PSR, DSR, PBO and the Reality Check in plain words', async () => {
    const { requests } = mockFetch(bestTradesRoutes(body));
    renderScreen(<BestTradesScreen />, { url: URL });
    const panel = await screen.findByTestId('luck');
    await expectLuckSays(panel, {
      ...overfittingSays,
      realityCheck: "The best of 2,190 windows beats AAPL's drift at p = 0.07; alone it would have been p = 0.001.",
    });
    expect(within(panel).getByText(/The top window of this search \(Oct 10 → Oct 15\)/)).toBeInTheDocument();
    // a window added to the backtest carries this search, for the leg's own "Is it luck?"
    expect(screen.getByRole('link', { name: /^Add to backtest: AAPL/ })).toHaveAttribute(
      'href',
      `/seasonality/backtest?leg=AAPL:${body.long[0]!.start}:${body.long[0]!.end}:long:5-7;both;exclude=2008`,
    );
    const ask = requests.find((r) => r.url.pathname === '/api/v1/seasonality/overfitting')!.url.search;
    expect(ask).toBe('?symbol=AAPL&minDays=5&maxDays=7&exclude=2008&bootstrap=1000');
  });

  it('shows the numbers behind it on "Details"', async () => {
    mockFetch(bestTradesRoutes(body));
    renderScreen(<BestTradesScreen />, { url: URL });
    const panel = await screen.findByTestId('luck');
    const toggle = await within(panel).findByRole('button', { name: 'Details' });
    expect(within(panel).getByTestId('luck-numbers')).not.toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(luckNumbersRows(panel)).toEqual(overfittingNumbers);
  });

  it('says when the window beats what luck would give, and when the years are too few to split', async () => {
    const beaten = {
      ...overfittingAnswer,
      deflated: { ...overfittingAnswer.deflated!, psr: 0.9, sharpe: 0.9, expectedMaxSharpe: 0.5, dsr: 0.8 },
      pbo: null,
      realityCheck: null,
    };
    mockFetch(bestTradesRoutes(body, beaten));
    renderScreen(<BestTradesScreen />, { url: URL });
    const panel = await screen.findByTestId('luck');
    await expectLuckSays(panel, {
      alone: "Tried alone, this window's edge would not be convincing (PSR 90%).",
      deflated:
        "the best one is expected to reach a Sharpe ratio of 0.50 by luck, and this one's is 0.90; the chance that its edge is real is 80%.",
      pbo: 'Too few years to split into 8 blocks: no PBO.',
    });
    expect(within(panel).queryByTestId('luck-realityCheck')).toBeNull();
  });

  describe('in Turkish', () => {
    inTurkish();

    it('says the same in Turkish, numbers in tr-TR', async () => {
      mockFetch(bestTradesRoutes(body));
      renderScreen(<BestTradesScreen />, { url: URL });
      const panel = await screen.findByTestId('luck');
      expect(within(panel).getByRole('heading', { name: 'Şans mı?' })).toBeInTheDocument();
      await expectLuckSays(panel, {
        ...overfittingSaysTurkish,
        realityCheck:
          '2.190 pencerenin en iyisi AAPL hissesinin genel eğilimini p = 0,07 ile geçiyor; tek başına denenseydi p = 0,001 olurdu.',
      });
      expect(within(panel).getByRole('button', { name: 'Ayrıntılar' })).toBeInTheDocument();
    });
  });
});
