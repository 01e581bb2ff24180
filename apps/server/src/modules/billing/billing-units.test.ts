import { describe, expect, it } from 'vitest';
import { luhnValid, payRequestSchema } from '@solstice/contracts';
import { addInterval } from './billing-period.js';
import { expiryInPast, testCardOutcome } from './test-cards.js';

describe('test-mode cards', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('normalises spaces and dashes and rejects malformed input', () => {
    const ok = payRequestSchema.parse({ cardNumber: '4242-4242 4242 4242', expiry: '04/31', cvc: '1234' });
    expect(ok.cardNumber).toBe('4242424242424242');
    for (const bad of [
      { cardNumber: '4242 4242 4242 424x', expiry: '04/31', cvc: '123' },
      { cardNumber: '42424242424', expiry: '04/31', cvc: '123' },
      { cardNumber: '4242424242424242', expiry: '00/31', cvc: '123' },
      { cardNumber: '4242424242424242', expiry: '4/31', cvc: '123' },
      { cardNumber: '4242424242424242', expiry: '04/31', cvc: '12345' },
      { cardNumber: '4242424242424242', expiry: '04/31', cvc: '123', extra: 1 },
    ]) {
      expect(payRequestSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('knows the decline cards and the renewal-decline card', () => {
    expect(testCardOutcome('4242424242424242')).toMatchObject({ pays: true, renews: true });
    expect(testCardOutcome('4000000000000002')).toEqual({
      pays: false,
      renews: false,
      message: 'Your card was declined. Try another card or contact your bank.',
    });
    expect(testCardOutcome('4000000000009995').message).toBe('Your card has insufficient funds. Try another card.');
    expect(testCardOutcome('4000000000000341')).toMatchObject({ pays: true, renews: false });
    expect(testCardOutcome('5555555555554444')).toMatchObject({ pays: true, renews: true });
  });

  it('treats an expiry month as valid until its end', () => {
    const now = Date.UTC(2026, 4, 31, 23, 0);
    expect(expiryInPast('05/26', now)).toBe(false);
    expect(expiryInPast('04/26', now)).toBe(true);
    expect(expiryInPast('01/27', now)).toBe(false);
  });
});

describe('billing periods', () => {
  it('adds a calendar month or year, clamping to the last day', () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(iso(addInterval(Date.UTC(2026, 0, 31, 8), 'month'))).toBe('2026-02-28T08:00:00.000Z');
    expect(iso(addInterval(Date.UTC(2026, 11, 15), 'month'))).toBe('2027-01-15T00:00:00.000Z');
    expect(iso(addInterval(Date.UTC(2028, 1, 29), 'year'))).toBe('2029-02-28T00:00:00.000Z');
  });
});
