import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, mockFetch, premium, renderScreen, retype, type MockRoute } from '../../testing/test-utils';
import { scannerFieldsRoute } from '../../testing/scanner-fields';
import { useAppStore } from '../../shared/shell';
import { createStats, createWindow } from '../../testing/factories';
import { inTurkish } from '../../testing/in-turkish';
import { SeasonalityScannerScreen } from './seasonality-scanner-screen';

// analytics.md, "Conditional seasonality": the scanner's Condition, in the body, the URL and
// the saved form; the API's 400 under the field.

const URL = '/seasonality/scanner?startFrom=03-01&startTo=03-15&minDays=10&maxDays=30&direction=long&universe=all';

describe('seasonality scanner: a condition', () => {
  it('sends the condition typed, keeps it in the URL and the saved form', async () => {
    const { requests } = mockFetch([
      premium,
      // the Condition's editor loads the scan language's fields when it takes the focus
      scannerFieldsRoute(),
      { method: 'POST', path: '/api/v1/seasonality/scan', body: { results: [], tested: 0 } },
    ]);
    renderScreen(<SeasonalityScannerScreen />, { url: URL });
    const scans = () => requests.filter((r) => r.method === 'POST');
    await waitFor(() => expect(scans()).toHaveLength(1));
    expect(scans()[0]!.body).not.toHaveProperty('condition');
    await retype('Condition', 'close > sma200');
    await userEvent.click(screen.getByRole('button', { name: /scan/i }));
    await waitFor(() => expect(scans().at(-1)!.body).toMatchObject({ condition: 'close > sma200' }));
    expect(currentLocation()).toContain('condition=close+%3E+sma200');
    expect(useAppStore.getState().seascanForm).toMatchObject({ condition: 'close > sma200' });
  });

  it('shows the API’s message under the field', async () => {
    mockFetch([
      premium,
      {
        method: 'POST',
        path: '/api/v1/seasonality/scan',
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Invalid body.condition: rank() cannot be used in a seasonal condition at position 1',
            details: {
              issues: [{ path: 'body.condition', message: 'rank() cannot be used' }],
              path: 'body.condition',
              position: 1,
              problem: { code: 'not_in_season_condition', params: { field: 'rank()' } },
            },
          },
        },
      },
    ]);
    renderScreen(<SeasonalityScannerScreen />, { url: `${URL}&condition=rank(close)+%3E+0.5` });
    expect(await screen.findByText(/rank\(\)/, { selector: '#ss-condition-error' })).toHaveTextContent(/1/);
  });

  // Two results whose condition removed 3 and 9 years.
  const removed = (symbol: string, conditionRemoved: number) => ({
    symbol,
    direction: 'long' as const,
    smallSample: false,
    ...createWindow(),
    stats: { ...createStats({ conditionRemoved }), qValue: 0.1 },
  });
  const scan: MockRoute = {
    method: 'POST',
    path: '/api/v1/seasonality/scan',
    body: { results: [removed('XOM', 3), removed('CVX', 9)], tested: 2 },
  };
  const symbols = (table: HTMLElement) =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

  it('shows the years the condition removed as a sortable column, only with a condition', async () => {
    mockFetch([premium, scan]);
    const { unmount } = renderScreen(<SeasonalityScannerScreen />, { url: URL });
    let table = await screen.findByTestId('seasonality-scan-results');
    expect(within(table).queryByRole('columnheader', { name: /Removed by condition/ })).toBeNull();
    unmount();
    renderScreen(<SeasonalityScannerScreen />, { url: `${URL}&condition=close+%3E+sma200` });
    table = await screen.findByTestId('seasonality-scan-results');
    const header = within(table).getByRole('columnheader', { name: /Removed by condition/ });
    await userEvent.click(within(header).getByRole('button', { name: /Removed by condition/ }));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(symbols(table)).toEqual([expect.stringContaining('CVX'), expect.stringContaining('XOM')]);
    const column = Array.from(header.parentElement!.children).indexOf(header);
    expect(within(table).getAllByRole('row')[1]!.children[column]).toHaveTextContent('9');
    await userEvent.click(within(header).getByRole('button', { name: /Removed by condition/ }));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(symbols(table)).toEqual([expect.stringContaining('XOM'), expect.stringContaining('CVX')]);
  });

  describe('in Turkish', () => {
    inTurkish();
    it('names the column in Turkish', async () => {
      mockFetch([premium, scan]);
      renderScreen(<SeasonalityScannerScreen />, { url: `${URL}&condition=close+%3E+sma200` });
      const table = await screen.findByTestId('seasonality-scan-results');
      expect(within(table).getByRole('columnheader', { name: /Koşulun çıkardığı/ })).toBeInTheDocument();
    });
  });
});
