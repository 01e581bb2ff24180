import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { FreshnessInfo } from '@solstice/contracts';
import { mockApi } from '../../../test/mock-api';
import { switchLanguage } from '../../shared/i18n/i18n';
import { resetAppStore, useAppStore } from '../../shared/store/app-store';
import { useUiStore } from '../../shared/store/ui-store';
import { AppLayout } from './app-layout';

const behind: FreshnessInfo = { asOf: '2026-11-17', lastSession: '2026-11-20', tradingDaysBehind: 3 };

let api: ReturnType<typeof mockApi> | undefined;
beforeEach(async () => {
  resetAppStore();
  useAppStore.getState().setTutorialSeen(true);
  useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' }, roles: ['member'] });
  useAppStore.getState().setDisplay({ locale: 'tr-TR' });
  useUiStore.setState({ mobileNavOpen: false });
  await switchLanguage('tr');
});
afterEach(async () => {
  api?.restore();
  api = undefined;
  await switchLanguage('en');
});

describe('the signed-in frame in Turkish', () => {
  it('names the menu, the page, the account menu, the footer and the stale-data warning in Turkish', async () => {
    api = mockApi({ 'GET /api/v1/market/freshness': () => ({ status: 200, body: behind }) });
    const router = createMemoryRouter(
      [
        {
          element: <AppLayout />,
          children: [
            { path: '/dashboard', element: <h1>Dash</h1>, handle: { title: 'Dashboard', titleKey: 'dashboard' } },
          ],
        },
      ],
      { initialEntries: ['/dashboard'] },
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar).toHaveAccessibleName('Ana menü');
    const menu = [
      'Gösterge paneli',
      'Piyasa',
      'Isı haritaları',
      'Hisse tarayıcı',
      'Mevsimsellik',
      'Alarmlar',
      'Abone ol',
    ];
    for (const name of menu) expect(screen.getAllByRole('link', { name }).length).toBeGreaterThan(0);
    expect(screen.getByTestId('sub-bar')).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Yardım' })).toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveAttribute('placeholder', 'Sembol veya şirket ara  ( / )');
    expect(screen.getByTestId('footer')).toHaveTextContent('Yatırım tavsiyesi değildir.');
    const banner = await screen.findByTestId('stale-data-banner');
    expect(banner).toHaveTextContent('Piyasa verisi 3 işlem günü geride.');
    // tr-TR dates: day.month.year
    expect(banner).toHaveTextContent('En son bar 17.11.2026 tarihli; tamamlanan son seans 20.11.2026.');
  });
});
