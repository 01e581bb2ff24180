import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, mockFetch, renderScreen } from '../../testing/test-utils';
import { scanRoutes } from './scan-fixture';
import { createStats, createWindow } from '../../testing/factories';
import { useAppStore } from '../../shared/shell';
import { SeasonalityScannerScreen } from './seasonality-scanner-screen';

// analytics.md, "Risk inside a window": the scanner's risk columns and its rank switch.

const results = [
  {
    symbol: 'XOM',
    direction: 'long' as const,
    smallSample: false,
    ...createWindow({ stats: createStats({ meanMae: -0.031, worstMae: -0.2, worstMaeYear: 2008, returnToRisk: 0.8 }) }),
  },
];
results[0]!.stats = { ...results[0]!.stats, qValue: 0.02 } as (typeof results)[0]['stats'];
const URL =
  '/seasonality/scanner?startFrom=03-01&startTo=03-15&minDays=10&maxDays=30&minWinRate=0.7&direction=long&universe=all';

describe('seasonality scanner: risk inside the window', () => {
  it('shows the risk columns and sends the rank switch in the body, the URL and the saved form', async () => {
    const { requests } = mockFetch(scanRoutes({ results, tested: 100 }));
    renderScreen(<SeasonalityScannerScreen />, { url: URL });
    const table = await screen.findByTestId('seasonality-scan-results');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('-3.10%');
    expect(row).toHaveTextContent('-20.00% (2008)');
    expect(row).toHaveTextContent('0.80');
    const scans = () => requests.filter((r) => r.method === 'POST');
    await waitFor(() => expect(scans()).toHaveLength(1));
    expect(scans()[0]!.body).not.toHaveProperty('rank');
    await userEvent.click(screen.getByRole('radio', { name: 'Return per risk' }));
    await waitFor(() => expect(currentLocation()).toBe(`${URL}&rank=returnToRisk`));
    await waitFor(() => expect(scans().at(-1)!.body).toMatchObject({ rank: 'returnToRisk', startFrom: '03-01' }));
    expect(useAppStore.getState().seascanForm).toMatchObject({ rank: 'returnToRisk', startFrom: '03-01' });
  });
});
