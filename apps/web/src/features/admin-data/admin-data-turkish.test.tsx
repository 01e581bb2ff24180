import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inTurkish, mockFetch, renderScreen } from '../../testing/test-utils';
import { adminData, BRAVO, dataRun } from '../../testing/admin-fixtures';
import { AdminDataScreen } from './admin-data-screen';

const DATA = adminData({
  freshness: { asOf: '2026-11-20', lastSession: '2026-11-23', tradingDaysBehind: 1 },
  providers: adminData().providers.slice(0, 2),
  runs: [dataRun({ providers: ['tiingo'], byProvider: { tiingo: 2 } })],
  failing: [{ symbol: 'CCC', reason: null }],
  instruments: [BRAVO],
});

describe('the admin data page in Turkish', () => {
  inTurkish({ timeZone: 'Europe/Istanbul' });

  it('shows the status, runs, failing symbols and instruments in Turkish with tr-TR dates', async () => {
    mockFetch([{ path: '/api/v1/admin/data', body: DATA }]);
    renderScreen(<AdminDataScreen />, { url: '/admin/data' });
    const status = await screen.findByTestId('data-status');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Veri güncellemeleri');
    expect(within(status).getByTestId('data-behind')).toHaveTextContent('1 işlem günü');
    expect(status).toHaveTextContent('NYSE seanslarında 18:30 America/New_York');
    expect(within(status).getByTestId('last-run')).toHaveTextContent('Kısmi');
    expect(within(status).getByTestId('last-run')).toHaveTextContent('seans 20.11.2026');
    expect(within(status).getByTestId('providers')).toHaveTextContent('eodhd: kapalı (EODHD_API_KEY is not set)');
    expect(screen.getByTestId('data-runs')).toHaveTextContent('Eklenen bar');
    expect(screen.getByTestId('data-failing')).toHaveTextContent('bilinmiyor');
    const instruments = screen.getByTestId('data-instruments');
    expect(instruments).toHaveTextContent('Gerçekİzleniyor, güncel02.01.2015');
    expect(screen.getByRole('button', { name: 'Güncellemeyi şimdi çalıştır' })).toBeInTheDocument();
  });

  it('words the ticker form’s errors and the remove dialog in Turkish', async () => {
    mockFetch([{ path: '/api/v1/admin/data', body: DATA }]);
    renderScreen(<AdminDataScreen />, { url: '/admin/data' });
    const form = await screen.findByRole('form', { name: 'Sembol ekle' });
    await userEvent.click(within(form).getByRole('button', { name: 'Sembol ekle' }));
    expect(within(form).getByRole('status')).toHaveTextContent('Bir sembol girin');
    await userEvent.click(screen.getByRole('button', { name: 'BBB kaldır' }));
    const dialog = await screen.findByRole('dialog', { name: 'BBB kaldırılsın mı?' });
    expect(dialog).toHaveTextContent('2990 barı kalır');
    expect(within(dialog).getByRole('button', { name: 'İptal' })).toBeInTheDocument();
  });
});
