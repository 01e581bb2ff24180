import type { Generated } from 'kysely';

export type PlanInterval = 'month' | 'year';
export type PaymentProviderName = 'test' | 'stripe';
export type SubscriptionStatus = 'active' | 'past_due' | 'ended';

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: string;
  active: number;
  created_at: number;
  updated_at: number;
}

export interface PricesTable {
  id: Generated<number>;
  product_id: number;
  /** Cents. */
  amount: number;
  currency: string;
  interval: PlanInterval;
  active: number;
  stripe_price_id: string | null;
  created_at: number;
}

export interface CheckoutSessionsTable {
  id: string;
  user_id: number;
  price_id: number;
  provider: PaymentProviderName;
  status: 'open' | 'paid' | 'expired';
  /** Stripe's Checkout Session id. */
  external_id: string | null;
  subscription_id: number | null;
  created_at: number;
  completed_at: number | null;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  price_id: number;
  provider: PaymentProviderName;
  status: SubscriptionStatus;
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: number;
  card_last4: string | null;
  /** Test mode: whether the card on file pays renewals (0 for the decline test cards). */
  card_renews: number;
  /** Stripe's subscription id. */
  external_id: string | null;
  end_reason: string | null;
  ended_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  subscription_id: number | null;
  checkout_session_id: string | null;
  amount: number;
  currency: string;
  status: 'paid' | 'declined' | 'refunded';
  card_last4: string | null;
  message: string;
  created_at: number;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  processed_at: number;
}

export interface BillingTables {
  products: ProductsTable;
  prices: PricesTable;
  checkout_sessions: CheckoutSessionsTable;
  subscriptions: SubscriptionsTable;
  payments: PaymentsTable;
  stripe_events: StripeEventsTable;
}

// The module's tables, declared into the one Database type the repositories query (db/schema.ts).
declare module '../../db/schema.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends BillingTables {}
}
