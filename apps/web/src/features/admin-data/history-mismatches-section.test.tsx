import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inTurkish, mockFetch, renderScreen } from '../../testing/test-utils';
import { adminData } from '../../testing/admin-fixtures';
import { AdminDataScreen } from './admin-data-screen';

const WTW = {
  symbol: 'WTW',
  provider: 'yahoo',
  date: '2026-01-05',
  storedClose: 61.2345,
  providerClose: 251.5,
  reason: 'q = provider/stored close moves by 1.23456 on a day without a reported event',
  detectedAt: Date.UTC(2026, 10, 23, 23, 30),
};

describe('the data page’s histories that do not join', () => {
  it('lists each with the date q breaks and both closes; an admin replaces one after confirming', async () => {
    let mismatches = [WTW];
    const { requests } = mockFetch([
      { path: '/api/v1/admin/data', respond: () => ({ body: adminData({ historyMismatches: mismatches }) }) },
      {
        method: 'POST',
        path: '/api/v1/admin/instruments/WTW/replace-history',
        respond: () => {
          mismatches = [];
          return {
            body: {
              symbol: 'WTW',
              provider: 'yahoo',
              first: '2026-01-02',
              last: '2026-11-23',
              inserted: 226,
              removed: 3,
            },
          };
        },
      },
    ]);
    renderScreen(<AdminDataScreen />, { url: '/admin/data' });
    const table = await screen.findByTestId('data-history-mismatches');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('WTW');
    expect(row).toHaveTextContent('01/05/2026');
    expect(row).toHaveTextContent('61.2345');
    expect(row).toHaveTextContent('251.5000');
    expect(row).toHaveTextContent('on a day without a reported event');

    await userEvent.click(within(row).getByRole('button', { name: 'Replace the history of WTW' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the history of WTW?' });
    expect(dialog).toHaveTextContent('kept until the next backup');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace history' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([
      '/api/v1/admin/instruments/WTW/replace-history',
    ]);
    expect(await screen.findByTestId('no-history-mismatches')).toHaveTextContent(
      'Every provider history joins the stored one.',
    );
  });
});

describe('the histories that do not join, in Turkish', () => {
  inTurkish({ timeZone: 'Europe/Istanbul' });

  it('words the section and its dialog in Turkish', async () => {
    mockFetch([{ path: '/api/v1/admin/data', body: adminData({ historyMismatches: [WTW] }) }]);
    renderScreen(<AdminDataScreen />, { url: '/admin/data' });
    const table = await screen.findByTestId('data-history-mismatches');
    expect(table).toHaveTextContent('05.01.2026');
    expect(screen.getByRole('heading', { name: 'Birleşmeyen geçmişler' })).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'WTW geçmişini değiştir' }));
    const dialog = await screen.findByRole('dialog', { name: 'WTW geçmişi değiştirilsin mi?' });
    expect(within(dialog).getByRole('button', { name: 'Geçmişi değiştir' })).toBeInTheDocument();
  });
});
