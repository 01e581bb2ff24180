import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inTurkish, mockFetch, renderScreen } from '../../testing/test-utils';
import {
  noSubscription,
  productsRoute,
  subscribedWithoutPrice,
  subscriptionRoute,
  testPayments,
} from '../../testing/account-fixtures';
import { SubscribeScreen } from './subscribe-screen';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

describe('subscribe screen in Turkish', () => {
  inTurkish({ timeZone: 'Europe/Istanbul' });

  it('lists the plans and words the checkout and its card errors in Turkish, with tr-TR prices', async () => {
    mockFetch([
      productsRoute(2950),
      testPayments,
      subscriptionRoute(noSubscription),
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
    mockFetch([productsRoute(2950), testPayments, subscriptionRoute(subscribedWithoutPrice)]);
    renderScreen(<SubscribeScreen />, { url: '/subscribe' });
    const already = await screen.findByTestId('already-subscribed');
    expect(already).toHaveTextContent('Solstice Pro abonesisiniz; 21.12.2026 tarihinde yenilenir.');
    expect(within(already).getByRole('link', { name: 'profilinizden' })).toHaveAttribute('href', '/profile');
  });
});
