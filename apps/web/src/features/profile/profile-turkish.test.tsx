import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchLanguage } from '../../i18n/i18n';
import { mockFetch, renderScreen, type MockRoute } from '../../testing/test-utils';
import { resetAppStore, useAppStore } from '../../store/app-store';
import { ProfileScreen } from './profile-screen';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const me: MockRoute = {
  path: '/api/me',
  body: {
    data: {
      id: 1,
      email: 'ada@example.com',
      username: 'ada',
      locale: 'tr-TR',
      timeZone: 'Europe/Istanbul',
      layout: {},
      tutorialSeen: true,
      createdAt: Date.UTC(2026, 0, 2, 12),
    },
    roles: ['member'],
    subscriber: true,
  },
};

describe('profile screen in Turkish', () => {
  beforeEach(async () => {
    await switchLanguage('tr');
    useAppStore.getState().setDisplay({ locale: 'tr-TR', timeZone: 'Europe/Istanbul' });
  });
  afterEach(async () => {
    await switchLanguage('en');
    resetAppStore();
  });

  it('shows the account, the subscription and the password form in Turkish, with tr-TR money and dates', async () => {
    mockFetch([
      me,
      { path: '/api/v1/me/alert-mail', body: { alertMail: true } },
      {
        path: '/api/v1/subscription',
        body: {
          status: 'active',
          product: { id: 1, name: 'Solstice Pro', description: 'All tools' },
          price: { id: 2, amount: 2950, currency: 'usd', interval: 'month' },
          currentPeriodEnd: '2026-12-21T09:00:00.000Z',
          cancelAtPeriodEnd: false,
          subscriber: true,
        },
      },
    ]);
    renderScreen(<ProfileScreen />, { url: '/profile' });
    const account = await screen.findByTestId('account');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Profil');
    expect(account).toHaveTextContent('Üyelik tarihi02.01.2026');
    const status = await screen.findByTestId('subscription-status');
    expect(status).toHaveTextContent('Etkin');
    expect(status).toHaveTextContent('Solstice Pro · ayda $29,50');
    expect(within(status).getByText('Yenilenme tarihi')).toBeInTheDocument();
    expect(screen.getByTestId('renewal-date')).toHaveTextContent('21.12.2026');
    expect(screen.getByRole('button', { name: 'Dönem sonunda iptal et' })).toBeInTheDocument();

    const next = screen.getByLabelText('Yeni parola (10 ile 128 karakter arası)');
    await userEvent.type(next, 'ADA@example.com');
    await userEvent.type(screen.getByLabelText('Yeni parola (tekrar)'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Parolayı değiştir' }));
    expect(screen.getByLabelText('Mevcut parola')).toHaveAccessibleDescription('Mevcut parolanızı girin.');
    expect(next).toHaveAccessibleDescription('Parola, e-posta adresiniz veya kullanıcı adınız olamaz.');
    expect(screen.getByText('İki yeni parola birbirinden farklı.')).toBeInTheDocument();
  });
});
