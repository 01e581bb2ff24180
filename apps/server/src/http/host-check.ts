import { isIP } from 'node:net';
import type { Settings } from '../config/settings.js';

const LOOPBACK_NAMES = new Set(['localhost']);

/**
 * The Host names this server answers (DNS rebinding: a hostile name that resolves to us
 * must not reach the app). PUBLIC_URL's host, ALLOWED_HOSTS, loopback names and IP
 * addresses: an address literal cannot be rebound, and load balancers probe by address.
 */
export function hostAllowList(settings: Pick<Settings, 'PUBLIC_URL' | 'ALLOWED_HOSTS'>): (host: string) => boolean {
  const names = new Set(LOOPBACK_NAMES);
  if (settings.PUBLIC_URL) names.add(new URL(settings.PUBLIC_URL).hostname.toLowerCase());
  for (const entry of (settings.ALLOWED_HOSTS ?? '').split(',')) {
    const name = entry.trim().toLowerCase().replace(/:\d+$/, '');
    if (name) names.add(name);
  }
  return (host) => {
    const name = hostnameOf(host);
    if (name === null) return false;
    return names.has(name) || isIP(name.replace(/^\[|\]$/g, '')) !== 0 || name.endsWith('.localhost');
  };
}

/** The name part of a Host header ("[::1]:3000" → "[::1]"), lower-cased; null when malformed. */
function hostnameOf(host: string): string | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.exec(host.trim());
  return match?.[1] ? match[1].toLowerCase().replace(/\.$/, '') : null;
}
