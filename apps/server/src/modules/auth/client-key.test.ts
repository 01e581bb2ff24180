import { describe, expect, it } from 'vitest';
import { clientKey } from './rate-limits.js';

describe('clientKey: whom the per-client limits count', () => {
  it('keeps an IPv4 address (mapped or not) as it is', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 /64 as one client, however its last 64 bits vary', () => {
    const a = clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::1')).toBe(a);
    expect(clientKey('2001:0db8:0001:0002:ffff::')).toBe(a);
    expect(clientKey('2001:db8:1:3::1')).not.toBe(a);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
