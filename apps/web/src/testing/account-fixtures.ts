// The account's answers as the server gives them: the signed-in user, the plans, the payments
// set-up and the subscription (the subscribe, profile and landing tests).
import type { MockRoute } from './test-utils';

/** Solstice Pro as GET /api/v1/products lists it: a monthly price (cents) and a yearly one of $290. */
export function proProduct({ month = 2900, description = 'All tools' }: { month?: number; description?: string } = {}) {
  return {
    id: 1,
    name: 'Solstice Pro',
    description,
    prices: [
      { id: 11, amount: month, currency: 'usd', interval: 'month' },
      { id: 12, amount: 29000, currency: 'usd', interval: 'year' },
    ],
  };
}

/** GET /api/v1/products: Solstice Pro at `month` cents a month. */
export const productsRoute = (month?: number): MockRoute => ({
  path: '/api/v1/products',
  body: [proProduct({ month })],
});

/** GET /api/v1/payments/config: the test provider (no real payment). */
export const testPayments: MockRoute = {
  path: '/api/v1/payments/config',
  body: { provider: 'test', label: 'Test mode' },
};

type Subscription = {
  status: string;
  product: { id: number; name: string; description: string } | null;
  price: { id: number; amount: number; currency: string; interval: string } | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  subscriber: boolean;
};

/** An active monthly Solstice Pro subscription ($29) that renews on 2026-12-21, with overrides. */
export function activeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    status: 'active',
    product: { id: 1, name: 'Solstice Pro', description: 'All tools' },
    price: { id: 2, amount: 2900, currency: 'usd', interval: 'month' },
    currentPeriodEnd: '2026-12-21T09:00:00.000Z',
    cancelAtPeriodEnd: false,
    subscriber: true,
    ...overrides,
  };
}

/** No subscription at all. */
export const noSubscription: Subscription = activeSubscription({
  status: 'none',
  product: null,
  price: null,
  currentPeriodEnd: null,
  subscriber: false,
});

/** Subscribed to Solstice Pro with no price on record (renewing on 2026-12-21). */
export const subscribedWithoutPrice = activeSubscription({
  product: { id: 1, name: 'Solstice Pro', description: '' },
  price: null,
});

/** GET /api/v1/subscription answering `body`. */
export const subscriptionRoute = (body: Subscription): MockRoute => ({ path: '/api/v1/subscription', body });

/** GET /api/me: ada, a subscriber since 2026-01-02, in tr-TR and Istanbul. */
export const adaMe: MockRoute = {
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

/** GET /api/v1/me/alert-mail: the daily alert mail is on. */
export const alertMailOn: MockRoute = { path: '/api/v1/me/alert-mail', body: { alertMail: true } };
