import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  currentLocation,
  mockFetch,
  renderScreen,
  retype,
  serverError,
  type MockRoute,
} from '../../testing/test-utils';
import { useAppStore } from '../../shared/shell';
import {
  productsRoute,
  subscribedWithoutPrice,
  subscriptionRoute,
  noSubscription,
  testPayments,
} from '../../testing/account-fixtures';
import { SubscribeScreen } from './subscribe-screen';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const products = productsRoute();
const config = testPayments;
const none = subscriptionRoute(noSubscription);
const checkout: MockRoute = {
  method: 'POST',
  path: '/api/v1/checkout',
  body: { sessionId: 'cs_test_12345678', url: '/subscribe?session=cs_test_12345678', provider: 'test' },
};
const pay: MockRoute = {
  method: 'POST',
  path: '/api/v1/checkout/cs_test_12345678/pay',
  respond: ({ body }) =>
    (body as { cardNumber: string }).cardNumber.startsWith('4000')
      ? { body: { status: 'declined', message: 'Your card was declined.' } }
      : { body: { status: 'paid', message: 'Thank you, your subscription is active.' } },
};

async function fillCard(number: string) {
  await retype('Card number', number);
  await retype('Expiry (MM/YY)', '12/30');
  await retype('CVC', '123');
  await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
}

describe('subscribe screen', () => {
  it('lists the plans, checks out in test mode, is declined, then pays', async () => {
    const { requests } = mockFetch([products, config, none, checkout, pay]);
    renderScreen(<SubscribeScreen />, { url: '/subscribe' });
    expect(await screen.findByTestId('test-mode')).toHaveTextContent('Test mode');
    expect(screen.getByTestId('plans')).toHaveTextContent('$29.00 per month');
    await userEvent.click(screen.getAllByRole('button', { name: 'Choose Solstice Pro' })[0]!);
    await waitFor(() => expect(currentLocation()).toBe('/subscribe?priceId=11&sessionId=cs_test_12345678'));
    expect(requests.find((r) => r.url.pathname === '/api/v1/checkout')!.body).toEqual({ priceId: 11 });
    expect(await screen.findByTestId('checkout')).toHaveTextContent('Test mode');
    await userEvent.type(screen.getByLabelText('Card number'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByLabelText('Card number')).toHaveClass('is-invalid');
    expect(screen.getByText('expected an expiry date as MM/YY')).toBeInTheDocument();
    await fillCard('4000 0000 0000 0002');
    expect(await screen.findByTestId('payment-declined')).toHaveTextContent('Your card was declined.');
    expect(useAppStore.getState().subscriber).toBe(false);
    await fillCard('4242 4242 4242 4242');
    const result = await screen.findByTestId('payment-result');
    expect(result).toHaveTextContent('Thank you, your subscription is active.');
    expect(result).toHaveTextContent('Start with the seasonality scanner, the stock scanner or your dashboard.');
    expect(within(result).getByRole('link', { name: 'stock scanner' })).toHaveAttribute('href', '/scanner');
    expect(useAppStore.getState().subscriber).toBe(true);
    expect(requests.filter((r) => r.url.pathname.endsWith('/pay')).map((r) => r.body)).toEqual([
      { cardNumber: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' },
      { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
    ]);
  });

  it('tells a subscriber they are subscribed', async () => {
    mockFetch([products, config, subscriptionRoute(subscribedWithoutPrice)]);
    renderScreen(<SubscribeScreen />, { url: '/subscribe' });
    const already = await screen.findByTestId('already-subscribed');
    expect(already).toHaveTextContent(
      'You are subscribed to Solstice Pro; it renews on 12/21/2026. Manage it in your profile.',
    );
    expect(within(already).getByRole('link', { name: 'profile' })).toHaveAttribute('href', '/profile');
  });

  it('says so when the server takes no payments, and offers no plan to buy', async () => {
    mockFetch([
      products,
      { path: '/api/v1/payments/config', body: { provider: 'none', label: 'Payments are not configured' } },
      none,
    ]);
    renderScreen(<SubscribeScreen />, { url: '/subscribe' });
    expect(await screen.findByTestId('payments-off')).toHaveTextContent('Payments are not configured on this server');
    expect(screen.queryByTestId('test-mode')).not.toBeInTheDocument();
    for (const button of screen.getAllByRole('button', { name: 'Choose Solstice Pro' })) expect(button).toBeDisabled();
  });

  it('has error and empty states for the plans', async () => {
    mockFetch([{ path: '/api/v1/products', ...serverError('no products') }, config, none]);
    const a = renderScreen(<SubscribeScreen />, { url: '/subscribe' });
    expect(await screen.findByTestId('error-state')).toHaveTextContent('no products');
    a.unmount();
    mockFetch([{ path: '/api/v1/products', body: [] }, config, none]);
    renderScreen(<SubscribeScreen />, { url: '/subscribe' });
    expect(await screen.findByTestId('empty-state')).toBeInTheDocument();
  });
});
