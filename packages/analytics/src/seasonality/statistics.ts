import { binomialUpperTail } from '../stats/binomial.js';
import { maxOf, mean, median, minOf, sampleStdDev } from '../stats/descriptive.js';

export type Direction = 'long' | 'short';

/** The statistics of a seasonal window over its yearly returns (analytics.md, "Statistics"). */
export interface WindowStats {
  count: number;
  winners: number;
  losers: number;
  winRate: number;
  mean: number;
  median: number;
  stdDev: number;
  min: number;
  max: number;
  avgGain: number | null;
  avgLoss: number | null;
  annualized: number | null;
  sharpe: number | null;
  calendarDays: number;
  pValue: number | null;
  withoutBest: number | null;
  recent: number;
}

/**
 * Statistics of yearly returns given in year order (already signed for the direction).
 * `baseRate` is the chance of a win the binomial test assumes; null leaves pValue null.
 * `knownPValue`: that test's pValue when the caller has it already (the scanner's tally).
 * Null when there is no year at all.
 */
export function windowStatistics(
  returns: ArrayLike<number>,
  calendarDays: number,
  baseRate: number | null,
  knownPValue?: number | null,
): WindowStats | null {
  const n = returns.length;
  if (n === 0) return null;
  let winners = 0;
  let losers = 0;
  let gain = 0;
  let loss = 0;
  for (let i = 0; i < n; i++) {
    const r = returns[i]!;
    if (r > 0) {
      winners++;
      gain += r;
    } else if (r < 0) {
      losers++;
      loss += r;
    }
  }
  const m = mean(returns);
  const stdDev = sampleStdDev(returns);
  const periodsPerYear = calendarDays > 0 ? 365 / calendarDays : null;
  const recentCount = Math.min(5, n);
  let recentWins = 0;
  for (let i = n - recentCount; i < n; i++) if (returns[i]! > 0) recentWins++;
  let withoutBest: number | null = null;
  if (n >= 2) {
    // Leave out one occurrence of the best year; the rest summed in year order.
    const best = maxOf(returns);
    let skipped = false;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      if (!skipped && returns[i] === best) skipped = true;
      else sum += returns[i]!;
    }
    withoutBest = sum / (n - 1);
  }
  return {
    count: n,
    winners,
    losers,
    winRate: winners / n,
    mean: m,
    median: median(returns),
    stdDev,
    min: minOf(returns),
    max: maxOf(returns),
    avgGain: winners > 0 ? gain / winners : null,
    avgLoss: losers > 0 ? loss / losers : null,
    // A short window can lose more than 100%; a negative base has no real fractional power.
    annualized: periodsPerYear !== null && 1 + m >= 0 ? Math.pow(1 + m, periodsPerYear) - 1 : null,
    sharpe: periodsPerYear !== null && stdDev !== 0 ? (m / stdDev) * Math.sqrt(periodsPerYear) : null,
    calendarDays,
    pValue:
      knownPValue !== undefined ? knownPValue : baseRate === null ? null : binomialUpperTail(winners, n, baseRate),
    withoutBest,
    recent: recentWins / recentCount,
  };
}
