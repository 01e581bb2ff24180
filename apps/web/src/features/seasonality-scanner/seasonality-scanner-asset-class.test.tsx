import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, inTurkish, mockFetch, renderScreen, retype } from '../../testing/test-utils';
import { scanRoutes } from './scan-fixture';
import { createWindow } from '../../testing/factories';
import { useAppStore } from '../../shared/shell';
import { SeasonalityScannerScreen, scanBody } from './seasonality-scanner-screen';
import { upcomingBody } from './upcoming-view';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const results = [{ symbol: 'BTC-USD', direction: 'long' as const, ...createWindow() }];
const URL = '/seasonality/scanner?startFrom=03-01&startTo=03-15&minDays=10&maxDays=30&direction=long&universe=all';

describe('seasonality scanner: the universe’s asset class', () => {
  it('is every class by default: the body has no assetClass', async () => {
    const { requests } = mockFetch(scanRoutes({ results, tested: 10 }));
    renderScreen(<SeasonalityScannerScreen />, { url: URL });
    await screen.findByTestId('seasonality-scan-results');
    expect(requests[0]!.body).not.toHaveProperty('assetClass');
    expect(screen.getByLabelText('Asset class')).toHaveDisplayValue('All classes');
  });

  it('offers each class; the one chosen goes to the body, the URL and the saved form', async () => {
    const { requests } = mockFetch(scanRoutes({ results, tested: 10 }));
    renderScreen(<SeasonalityScannerScreen />, { url: URL });
    await screen.findByTestId('seasonality-scan-results');
    const select = screen.getByLabelText('Asset class');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All classes',
      'Stock',
      'ETF',
      'Index',
      'Future',
      'Currency',
      'Crypto',
    ]);
    await userEvent.selectOptions(select, 'Crypto');
    await userEvent.click(screen.getByRole('button', { name: 'Scan' }));
    await waitFor(() => expect(currentLocation()).toBe(`${URL}&minWinRate=0.7&assetClass=crypto`));
    await waitFor(() => expect(requests.at(-1)!.body).toMatchObject({ universe: 'all', assetClass: 'crypto' }));
    expect(useAppStore.getState().seascanForm).toMatchObject({ assetClass: 'crypto' });
  });

  it('shows classes from the URL that are no single choice, and sends them as they are', async () => {
    const { requests } = mockFetch(scanRoutes({ results, tested: 10 }));
    renderScreen(<SeasonalityScannerScreen />, { url: `${URL}&assetClass=fx,crypto` });
    await screen.findByTestId('seasonality-scan-results');
    expect(requests[0]!.body).toMatchObject({ assetClass: 'fx,crypto' });
    expect(screen.getByLabelText('Asset class')).toHaveDisplayValue('Classes: fx,crypto');
  });

  it('both views’ bodies carry it when set', () => {
    expect(scanBody({ universe: 'sector:Energy', assetClass: 'equity' })).toMatchObject({
      universe: 'sector:Energy',
      assetClass: 'equity',
    });
    expect(scanBody({ universe: 'all', assetClass: '' })).not.toHaveProperty('assetClass');
    expect(upcomingBody({ upcoming: '14', assetClass: 'fx' })).toMatchObject({ upcoming: 14, assetClass: 'fx' });
  });

  it('“Starting soon” has the control too', async () => {
    const { requests } = mockFetch(scanRoutes({ results: [], tested: 0 }));
    renderScreen(<SeasonalityScannerScreen />, { url: '/seasonality/scanner?view=upcoming' });
    await retype('Min days', '5');
    await userEvent.selectOptions(await screen.findByLabelText('Asset class'), 'Currency');
    expect(screen.getByLabelText('Asset class')).toHaveDisplayValue('Currency');
    expect(requests.filter((r) => r.body && 'assetClass' in (r.body as object))).toEqual([]);
  });
});

describe('seasonality scanner: the asset class in Turkish', () => {
  inTurkish();

  it('is labelled in Turkish', async () => {
    mockFetch(scanRoutes({ results, tested: 10 }));
    renderScreen(<SeasonalityScannerScreen />, { url: URL });
    await screen.findByTestId('seasonality-scan-results');
    expect(screen.getByLabelText('Varlık sınıfı')).toHaveDisplayValue('Tüm sınıflar');
    expect(screen.getByRole('option', { name: 'Kripto' })).toBeInTheDocument();
  });
});
