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

/** How a seasonal window went against and for the holder (analytics.md, "Risk inside a window"). */
export interface WindowRisk {
  meanMae: number;
  medianMae: number;
  /** The lowest MAE of the years. */
  worstMae: number;
  /** The earliest start year whose MAE is worstMae. */
  worstMaeYear: number;
  meanMfe: number;
  medianMfe: number;
  /** mean / |meanMae|; null when meanMae is 0 (no close went against the trade in any year). */
  returnToRisk: number | null;
}

/** The statistics of a window as reported: its returns' and its risk's. */
export type WindowRiskStats = WindowStats & WindowRisk;

/**
 * The risk statistics of a window from its years' MAE and MFE (already signed for the
 * direction) and start years, all in year order, and the mean of its returns. Null when
 * there is no year.
 */
export function riskStatistics(
  mae: ArrayLike<number>,
  mfe: ArrayLike<number>,
  years: ArrayLike<number>,
  meanReturn: number,
): WindowRisk | null {
  const n = mae.length;
  if (n === 0) return null;
  let worst = 0;
  for (let i = 1; i < n; i++) if (mae[i]! < mae[worst]!) worst = i;
  const meanMae = mean(mae);
  return {
    meanMae,
    medianMae: median(mae),
    worstMae: mae[worst]!,
    worstMaeYear: years[worst]!,
    meanMfe: mean(mfe),
    medianMfe: median(mfe),
    returnToRisk: riskReturn(meanReturn, meanMae),
  };
}

/**
 * A window's statistics and its risk in one object, written out: a spread of the two made an
 * object of 24 keys the slow way (11 µs a window, most of a scan's detailing).
 */
export function withRisk(s: WindowStats, r: WindowRisk): WindowRiskStats {
  return {
    count: s.count,
    winners: s.winners,
    losers: s.losers,
    winRate: s.winRate,
    mean: s.mean,
    median: s.median,
    stdDev: s.stdDev,
    min: s.min,
    max: s.max,
    avgGain: s.avgGain,
    avgLoss: s.avgLoss,
    annualized: s.annualized,
    sharpe: s.sharpe,
    calendarDays: s.calendarDays,
    pValue: s.pValue,
    withoutBest: s.withoutBest,
    recent: s.recent,
    meanMae: r.meanMae,
    medianMae: r.medianMae,
    worstMae: r.worstMae,
    worstMaeYear: r.worstMaeYear,
    meanMfe: r.meanMfe,
    medianMfe: r.medianMfe,
    returnToRisk: r.returnToRisk,
  };
}

/** returnToRisk from a window's mean return and mean MAE (≤ 0): null when the MAE is 0. */
export function riskReturn(meanReturn: number, meanMae: number): number | null {
  return meanMae < 0 ? meanReturn / Math.abs(meanMae) : null;
}

/** What best trades and the seasonality scanner rank by (analytics.md, "Rank"). */
export type WindowRank = 'winRate' | 'returnToRisk';

/**
 * The first key of the returnToRisk ranking, descending: returnToRisk, and +Infinity for a
 * window whose closes never went against the trade (null), which ranks first.
 */
export function riskRankKey(returnToRisk: number | null): number {
  return returnToRisk === null ? Infinity : returnToRisk;
}
