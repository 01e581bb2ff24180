import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, mockFetch, premium, renderScreen, retype } from '../../testing/test-utils';
import { scannerFieldsRoute } from '../../testing/scanner-fields';
import { useAppStore } from '../../shared/shell';
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
});
