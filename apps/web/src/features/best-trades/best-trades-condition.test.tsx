import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, mockFetch, renderScreen, retype } from '../../testing/test-utils';
import { scannerFieldsRoute } from '../../testing/scanner-fields';
import { BestTradesScreen } from './best-trades-screen';
import { BEST_TRADES_URL as URL, bestTradesRoutes, oneLongWindow } from './best-trades-fixture';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

// analytics.md, "Conditional seasonality": best trades' Condition in the query and the URL,
// and carried to the pattern of a window.
const body = oneLongWindow(3472, { conditionRemoved: 9 }, 0.4);

describe('best trades: a condition', () => {
  it('sends the condition in the query, keeps it in the URL and the windows’ pattern links', async () => {
    const { requests } = mockFetch([
      // the Condition's editor loads the scan language's fields when it takes the focus
      scannerFieldsRoute(),
      ...bestTradesRoutes(body),
    ]);
    renderScreen(<BestTradesScreen />, { url: URL });
    await screen.findByTestId('best-long');
    const best = () => requests.filter((r) => String(r.url).includes('/best-trades'));
    expect(String(best()[0]!.url)).not.toContain('condition');
    expect(
      within(screen.getByTestId('best-long')).queryByRole('columnheader', { name: /Removed by condition/ }),
    ).toBeNull();
    await retype('Condition', 'close > sma200');
    await userEvent.click(screen.getByRole('button', { name: 'Find best trades' }));
    await waitFor(() => expect(String(best().at(-1)!.url)).toContain('condition=close+%3E+sma200'));
    expect(currentLocation()).toContain('condition=close+%3E+sma200');
    // the years the condition removed, a column only with a condition
    const long = await screen.findByTestId('best-long');
    const header = await within(long).findByRole('columnheader', { name: /Removed by condition/ });
    const column = Array.from(header.parentElement!.children).indexOf(header);
    expect(within(long).getAllByRole('row')[1]!.children[column]).toHaveTextContent('9');
    await waitFor(() => {
      const links = Array.from(document.querySelectorAll('a[href*="/seasonality/pattern?"][href*="start="]'));
      expect(links.length).toBeGreaterThan(0);
      for (const a of links) expect(a.getAttribute('href')).toContain('condition=close+%3E+sma200');
    });
  });
});
