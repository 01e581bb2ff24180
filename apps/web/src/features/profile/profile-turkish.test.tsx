import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inTurkish, mockFetch, renderScreen } from '../../testing/test-utils';
import { activeSubscription, adaMe, alertMailOn, subscriptionRoute } from '../../testing/account-fixtures';
import { ProfileScreen } from './profile-screen';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

describe('profile screen in Turkish', () => {
  inTurkish({ timeZone: 'Europe/Istanbul' });

  it('shows the account, the subscription and the password form in Turkish, with tr-TR money and dates', async () => {
    const price = { id: 2, amount: 2950, currency: 'usd', interval: 'month' };
    mockFetch([adaMe, alertMailOn, subscriptionRoute(activeSubscription({ price }))]);
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
