import type { WindowStats } from '@solstice/contracts';

export const MIN_YEARS = 10;
export const MAX_P_VALUE = 0.05;

/** Plain reasons why a seasonal pattern is weak; empty when it passes every check. */
export function weaknesses(stats: Pick<WindowStats, 'count' | 'pValue' | 'withoutBest'>): string[] {
  const out: string[] = [];
  if (stats.count < MIN_YEARS) out.push(`only ${stats.count} years of history (fewer than ${MIN_YEARS})`);
  if (stats.pValue !== null && stats.pValue > MAX_P_VALUE)
    out.push(`the win rate could well be chance (p-value ${stats.pValue.toFixed(3)} is above ${MAX_P_VALUE})`);
  if (stats.withoutBest !== null && stats.withoutBest <= 0)
    out.push('without its best year the average return is not positive');
  return out;
}
