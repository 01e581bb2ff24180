import type { WindowStats } from '@solstice/contracts';
import { i18n } from '../i18n/i18n';

export const MIN_YEARS = 10;
export const MAX_P_VALUE = 0.05;
/** Above this qValue a result is marked "could be chance" (analytics.md, "Multiple testing"). */
export const MAX_Q_VALUE = 0.1;

/** Plain reasons why a seasonal pattern is weak; empty when it passes every check. */
export function weaknesses(
  stats: Pick<WindowStats, 'count' | 'pValue' | 'withoutBest'> & { qValue?: number | null },
  /** Formats the numbers in the reader's locale (plain digits without it). */
  number: (value: number, digits: number) => string = (v, d) => v.toFixed(d),
): string[] {
  const out: string[] = [];
  if (stats.count < MIN_YEARS) out.push(i18n.t('stats:weakness.fewYears', { count: stats.count, min: MIN_YEARS }));
  if (stats.pValue !== null && stats.pValue > MAX_P_VALUE)
    out.push(i18n.t('stats:weakness.chance', { pValue: number(stats.pValue, 3), max: number(MAX_P_VALUE, 2) }));
  // A window picked as the best of many: its own pValue overstates it (only searches give a qValue).
  if (typeof stats.qValue === 'number' && stats.qValue > MAX_Q_VALUE)
    out.push(i18n.t('stats:weakness.searched', { qValue: number(stats.qValue, 3), max: number(MAX_Q_VALUE, 2) }));
  if (stats.withoutBest !== null && stats.withoutBest <= 0) out.push(i18n.t('stats:weakness.withoutBest'));
  return out;
}
