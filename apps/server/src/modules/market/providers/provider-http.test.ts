import { describe, expect, it } from 'vitest';
import { YAHOO_POLICY } from './yahoo.js';
import { backoffDelay, messageOf, parseRetryAfter } from './provider-http.js';
import { excerpt } from './provider-error.js';

describe('provider HTTP rules', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    expect(parseRetryAfter('60', now)).toBe(60_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });

  it('backs off exponentially up to a ceiling, half of each step random', () => {
    const policy = { ...YAHOO_POLICY, backoffMs: 1000, maxBackoffMs: 5000 };
    expect([1, 2, 3, 4].map((a) => backoffDelay(a, policy, () => 0))).toEqual([500, 1000, 2000, 2500]);
    expect([1, 2, 3, 4].map((a) => backoffDelay(a, policy, () => 1))).toEqual([1000, 2000, 4000, 5000]);
  });

  it('finds the text of a message-only JSON answer', () => {
    expect(messageOf({ Note: 'Our standard API call frequency is 5 calls per minute' })).toBe(
      'Our standard API call frequency is 5 calls per minute',
    );
    expect(messageOf({ 'Error Message': 'Invalid API call.' })).toBe('Invalid API call.');
    expect(messageOf({ status: 401, error: 'Unauthorized', message: 'Invalid API token' })).toBe('Unauthorized');
    expect(messageOf({ error: { code: 'x', description: 'y' } })).toBe('x');
    expect(messageOf([{ date: '2026-11-20' }])).toBeNull();
    expect(messageOf({ chart: { result: null } })).toBeNull();
  });

  it('quotes bodies without control characters, cut short, the key redacted', () => {
    expect(excerpt('a\u0000b\n\tc  d', undefined)).toBe('a b c d');
    expect(excerpt('token abc123 refused', 'abc123')).toBe('token *** refused');
    expect(excerpt('x'.repeat(200))).toBe(`${'x'.repeat(120)}…`);
  });
});
