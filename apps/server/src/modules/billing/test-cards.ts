/**
 * The built-in test mode's cards, numbered like Stripe's test cards so that a tester needs to
 * learn one list. Any other valid (Luhn) number pays.
 */
export interface TestCardOutcome {
  /** Whether the first payment goes through. */
  pays: boolean;
  /** Whether later renewals go through (the card "on file"). */
  renews: boolean;
  message: string;
}

const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined. Try another card or contact your bank.',
  '4000000000009995': 'Your card has insufficient funds. Try another card.',
  '4000000000000069': 'Your card has expired. Try another card.',
  '4000000000000127': "Your card's security code is incorrect. Check it and try again.",
};

/** Pays now, declines every renewal: the way to test a failed renewal. */
export const RENEWAL_DECLINE_CARD = '4000000000000341';

export function testCardOutcome(cardNumber: string): TestCardOutcome {
  const decline = DECLINES[cardNumber];
  if (decline) return { pays: false, renews: false, message: decline };
  if (cardNumber === RENEWAL_DECLINE_CARD) {
    return { pays: true, renews: false, message: 'Payment received (test mode). This card will decline renewals.' };
  }
  return { pays: true, renews: true, message: 'Payment received (test mode). Your subscription is active.' };
}

/** MM/YY is still valid in the month it names. */
export function expiryInPast(expiry: string, now: number): boolean {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!m) return true;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  const d = new Date(now);
  const current = d.getUTCFullYear() * 12 + d.getUTCMonth();
  return year * 12 + (month - 1) < current;
}
