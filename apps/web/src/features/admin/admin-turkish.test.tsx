import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inTurkish, mockFetch, renderScreen } from '../../testing/test-utils';
import { ADA, adminJob, adminProduct, adminSubscription, RESET_MAIL } from '../../testing/admin-fixtures';
import { AdminHomeScreen } from './admin-home-screen';
import { AdminUsersScreen } from './admin-users-screen';
import { AdminProductsScreen } from './admin-products-screen';
import { AdminMailScreen } from './admin-mail-screen';
import { AdminJobsScreen } from './admin-jobs-screen';

const PRO = adminProduct({ amount: 2950, interval: 'year' }, { description: '' });

describe('the admin screens in Turkish', () => {
  inTurkish({ timeZone: 'Europe/Istanbul' });

  it('shows the admin home in Turkish', async () => {
    renderScreen(<AdminHomeScreen />, { url: '/admin' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Yönetim');
    const tabs = screen.getByRole('navigation', { name: 'Yönetim' });
    expect(within(tabs).getByRole('link', { name: 'Piyasa verisi' })).toHaveAttribute('href', '/admin/data');
    expect(screen.getByText('Kullanıcıların abone olabileceği planlar.')).toBeInTheDocument();
  });

  it('shows the users, an account and its subscriptions in Turkish, with tr-TR money and dates', async () => {
    mockFetch([
      { path: '/api/v1/admin/users', body: { users: [ADA] } },
      { path: '/api/v1/admin/users/7', body: ADA },
      { path: '/api/v1/admin/users/7/subscriptions', body: { subscriptions: [adminSubscription()] } },
    ]);
    const user = userEvent.setup();
    renderScreen(<AdminUsersScreen />, { url: '/admin/users' });
    const table = await screen.findByTestId('users');
    expect(within(table).getByRole('button', { name: /Kullanıcı adı/ })).toBeInTheDocument();
    expect(table).toHaveTextContent('Evet');
    expect(table).toHaveTextContent('02.01.2026');
    expect(screen.getByRole('button', { name: 'Ara' })).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'ada' }));
    const detail = await screen.findByTestId('user-detail');
    expect(await within(detail).findByTestId('subscriber-tag')).toHaveTextContent('Abone etiketi: evet');
    expect(within(detail).getByRole('switch', { name: 'Yönetici' })).toBeInTheDocument();
    const subs = await within(detail).findByTestId('user-subscriptions');
    expect(subs).toHaveTextContent('$29,00 / ay');
    expect(within(subs).getByRole('button', { name: 'Solstice Pro iade et (31)' })).toHaveTextContent('İade et…');
  });

  it('shows the products and prices in Turkish', async () => {
    mockFetch([{ path: '/api/v1/admin/products', body: [PRO] }]);
    const user = userEvent.setup();
    renderScreen(<AdminProductsScreen />, { url: '/admin/products' });
    const card = await screen.findByTestId('product-1');
    expect(within(card).getByRole('cell', { name: '$29,50' })).toBeInTheDocument();
    expect(within(card).getByRole('cell', { name: 'yıl' })).toBeInTheDocument();
    expect(within(card).getByRole('cell', { name: 'Satışta' })).toBeInTheDocument();
    expect(within(card).getByText('Açıklama yok.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Fiyat ekle' }));
    expect(within(card).getByText('29 veya 29,50 gibi bir tutar girin.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Solstice Pro sil' })).toHaveTextContent('Sil');
  });

  it('shows the mail outbox in Turkish', async () => {
    mockFetch([{ path: '/api/v1/admin/outbox', body: { messages: [RESET_MAIL] } }]);
    renderScreen(<AdminMailScreen />, { url: '/admin/mail' });
    const table = await screen.findByTestId('outbox');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Giden posta');
    expect(within(table).getByRole('button', { name: /Konu/ })).toBeInTheDocument();
    expect(table).toHaveTextContent('20.11.2026');
    expect(screen.getByLabelText('Alıcı')).toBeInTheDocument();
  });

  it('shows the jobs in Turkish and says how many ran', async () => {
    mockFetch([
      {
        path: '/api/v1/admin/jobs',
        body: { due: [adminJob()], failed: [], recent: [], counts: { pending: 1, due: 1, done: 0, failed: 0 } },
      },
      { method: 'POST', path: '/api/v1/admin/jobs/run', body: { ran: 2 } },
    ]);
    const user = userEvent.setup();
    renderScreen(<AdminJobsScreen />, { url: '/admin/jobs' });
    expect(await screen.findByTestId('job-counts')).toHaveTextContent('bekleyen1');
    expect(screen.getByText('Başarısız iş yok.')).toBeInTheDocument();
    expect(screen.getByTestId('jobs-due')).toHaveTextContent('20.11.2026');
    await user.click(screen.getByRole('button', { name: 'Zamanı gelen işleri şimdi çalıştır' }));
    expect(await screen.findByText('2 iş çalıştı.')).toBeInTheDocument();
  });
});
