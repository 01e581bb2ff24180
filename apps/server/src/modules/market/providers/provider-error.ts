import type { ProviderId } from './provider.js';

export type FailureKind =
  /** The provider does not know the symbol (404). */
  | 'unknown-symbol'
  /** A valid answer without a bar to store. */
  | 'no-data'
  | 'rate-limited'
  /** A daily or monthly allowance used up. */
  | 'quota'
  /** Key missing or refused. */
  | 'auth'
  /** Outside the plan (history depth, ticker coverage). */
  | 'plan'
  /** A bot wall, login or error page instead of data. */
  | 'blocked'
  /** 5xx, provider down. */
  | 'unavailable'
  | 'timeout'
  | 'network'
  /** Not the documented shape (not JSON, wrong fields, a message instead of data). */
  | 'invalid-response'
  /** Not asked: the provider is paused after a rate limit, quota or auth failure. */
  | 'paused'
  | 'unsupported';

export const PROVIDER_NAMES: Record<ProviderId, string> = { tiingo: 'Tiingo', yahoo: 'Yahoo', eodhd: 'EODHD' };

export interface ProviderErrorOptions {
  /** Worth asking again in this run (network, timeout, 5xx, 429). */
  retryable?: boolean;
  /** Wait at least this long before asking again (Retry-After). */
  retryAfterMs?: number;
  /** Stop asking this provider for this long (a rate limit that lasts, a quota, a bad key). */
  pauseMs?: number;
}

/** A provider's answer that is not data, named by provider and symbol. Never carries a key. */
export class ProviderError extends Error {
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly pauseMs: number | undefined;
  constructor(
    readonly provider: ProviderId,
    readonly symbol: string,
    readonly kind: FailureKind,
    readonly detail: string,
    options: ProviderErrorOptions = {},
  ) {
    super(`${PROVIDER_NAMES[provider]} ${symbol}: ${detail}`);
    this.name = 'ProviderError';
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
    this.pauseMs = options.pauseMs;
  }
}

/** A short, printable excerpt of a response body for a message: no control characters, no key. */
export function excerpt(body: string, secret?: string, max = 120): string {
  // Control characters (C0, DEL, C1) would let a body forge lines in logs and terminals.
  let text = Array.from(body, (c) => {
    const code = c.charCodeAt(0);
    return code < 32 || (code >= 127 && code < 160) ? ' ' : c;
  })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  if (secret) text = text.split(secret).join('***');
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
