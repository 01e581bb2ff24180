import type { ProviderBar } from '../providers/provider.js';

/**
 * What still counts as the same price: a cent rounded to two decimals, or a relative 1e-4
 * (Yahoo's four-decimal adjclose times a ratio). A dividend or split moves adjusted prices
 * by far more.
 */
export const ROUNDING = { absolute: 0.005, relative: 1e-4 } as const;

export function differsBeyondRounding(stored: number, fetched: number): boolean {
  return Math.abs(stored - fetched) > Math.max(ROUNDING.absolute, ROUNDING.relative * Math.abs(stored));
}

const PRICES = ['open', 'high', 'low', 'close'] as const;

/**
 * Where the provider's bars contradict the latest stored ones (a split or dividend
 * re-adjusted the history, or another provider's basis), or null when they agree.
 */
export function historyChange(stored: readonly ProviderBar[], fetched: readonly ProviderBar[]): string | null {
  const byDate = new Map(fetched.map((b) => [b.date, b]));
  for (const s of stored) {
    const f = byDate.get(s.date);
    if (!f) return `no bar for the stored ${s.date}`;
    for (const k of PRICES)
      if (differsBeyondRounding(s[k], f[k])) return `${k} on ${s.date}: ${s[k]} stored, ${f[k]} now`;
  }
  return null;
}
