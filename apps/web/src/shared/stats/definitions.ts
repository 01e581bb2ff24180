// The statistics of a seasonal window: names and meanings are in the 'stats' texts (definitions.<key>).
import { i18n } from '../i18n/i18n';

export const STAT_KEYS = [
  'count',
  'winners',
  'losers',
  'winRate',
  'mean',
  'median',
  'stdDev',
  'min',
  'max',
  'avgGain',
  'avgLoss',
  'annualized',
  'sharpe',
  'calendarDays',
  'tradingDays',
  'pValue',
  'withoutBest',
  'recent',
  'return',
  'maxRise',
  'maxDrop',
  'relative',
  'mae',
  'mfe',
  'riskRange',
  'meanMae',
  'medianMae',
  'worstMae',
  'meanMfe',
  'medianMfe',
  'returnToRisk',
  'conditionRemoved',
] as const;

export type StatKey = (typeof STAT_KEYS)[number];

/** A statistic's name in the current language (read at call time: the language can change). */
export function statLabel(stat: StatKey): string {
  return i18n.t(`stats:definitions.${stat}.label`);
}

/** What a statistic means, in the current language. */
export function statMeaning(stat: StatKey): string {
  return i18n.t(`stats:definitions.${stat}.meaning`);
}
