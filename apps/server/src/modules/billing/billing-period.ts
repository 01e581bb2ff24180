import { DAY_MS } from '../jobs/clock.js';
import type { PaymentProviderName } from './billing.tables.js';

export const PERIOD_END_JOB = 'subscription.period_end';

/** Stripe renews on its own and tells us by webhook; we only end a subscription it left unpaid this long. */
export const STRIPE_GRACE_MS = 3 * DAY_MS;

/** When the period-end job of a subscription runs. */
export function periodEndDueAt(provider: PaymentProviderName, periodEnd: number): number {
  return provider === 'stripe' ? periodEnd + STRIPE_GRACE_MS : periodEnd;
}

/** The end of a billing period: the same day of the next month (clamped to its last day) or year. */
export function addInterval(start: number, interval: 'month' | 'year'): number {
  const d = new Date(start);
  const months = interval === 'month' ? 1 : 12;
  const targetMonth = d.getUTCMonth() + months;
  const result = new Date(d);
  result.setUTCDate(1);
  result.setUTCMonth(targetMonth);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return result.getTime();
}
