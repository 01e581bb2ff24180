import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchLanguage } from '../../i18n/i18n';
import { mockFetch, renderScreen, type MockRoute } from '../../testing/test-utils';
import { resetAppStore, useAppStore } from '../../store/app-store';
import { SubscribeScreen } from './subscribe-screen';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const products: MockRoute = {
  path: '/api/v1/products',
  body: [
    {
      id: 1,
      name: 'Solstice Pro',
      description: 'All tools',
      prices: [
        { id: 11, amount: 2950, currency: 'usd', interval: 'month' },
        { id: 12, amount: 29000, currency: 'usd', interval: 'year' },
      ],
    },
  ],
};
const config: MockRoute = { path: '/api/v1/payments/config', body: { provider: 'test', label: 'Test mode' } };
const none: MockRoute = {
  path: '/api/v1/subscription',
  body: {
    status: 'none',
    product: null,
    price: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    subscriber: false,
  },
};

describe('subscribe screen in Turkish', () => {
  beforeEach(async () => {
    await switchLanguage('tr');
    useAppStore.getState().setDisplay({ locale: 'tr-TR', timeZone: 'Europe/Istanbul' });
  });
  afterEach(async () => {
    await switchLanguage('en');
    resetAppStore();
  });

  it('lists the plans and words the checkout and its card errors in Turkish, with tr-TR prices', async () => {
    mockFetch([
      products,
      config,
      none,
      {
        method: 'POST',
        path: '/api/v1/checkout',
        body: { sessionId: 'cs_test_12345678', url: '/subscribe', provider: 'test' },
      },
    ]);
    renderScreen(<SubscribeScreen />, { url: '/subscribe' });
    expect(await screen.findByTestId('test-mode')).toHaveTextContent('Test modu');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Abone ol');
    const plans = screen.getByTestId('plans');
    expect(plans).toHaveTextContent('$29,50 / ay');
    expect(within(plans).getByRole('region', { name: 'Solstice Pro yıllık' })).toHaveTextContent('$290,00 / yıl');
    await userEvent.click(within(plans).getAllByRole('button', { name: 'Solstice Pro seç' })[0]!);
    const checkout = await screen.findByTestId('checkout');
    expect(checkout).toHaveTextContent('Solstice Pro: ayda $29,50');
    expect(checkout).toHaveTextContent('Gerçek ödeme alınmaz.');
    await userEvent.type(screen.getByLabelText('Kart numarası'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Öde' }));
    expect(screen.getByLabelText('Kart numarası')).toHaveClass('is-invalid');
    expect(screen.getByText('Son kullanma tarihini AA/YY biçiminde girin')).toBeInTheDocument();
    expect(screen.getByText('Güvenlik kodu 3 veya 4 hanelidir')).toBeInTheDocument();
    expect(screen.getByLabelText('Son kullanma (AA/YY)')).toHaveAttribute('placeholder', 'AA/YY');
    expect(screen.getByRole('button', { name: 'Planlara dön' })).toBeInTheDocument();
  });

  it('tells a subscriber in Turkish when the subscription renews', async () => {
    mockFetch([
      products,
      config,
      {
        path: '/api/v1/subscription',
        body: {
          status: 'active',
          product: { id: 1, name: 'Solstice Pro', description: '' },
          price: null,
          currentPeriodEnd: '2026-12-21T09:00:00.000Z',
          cancelAtPeriodEnd: false,
          subscriber: true,
        },
      },
    ]);
    renderScreen(<SubscribeScreen />, { url: '/subscribe' });
    const already = await screen.findByTestId('already-subscribed');
    expect(already).toHaveTextContent('Solstice Pro abonesisiniz; 21.12.2026 tarihinde yenilenir.');
    expect(within(already).getByRole('link', { name: 'profilinizden' })).toHaveAttribute('href', '/profile');
  });
});
