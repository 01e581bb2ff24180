import { normalCdf, normalUpperQuantile } from './normal.js';

/** Euler–Mascheroni γ. */
const EULER_GAMMA = 0.5772156649015329;

/** The observations of one Sharpe ratio: per trade, not annualized, with the moments the PSR needs. */
export interface SharpeMoments {
  observations: number;
  /** mean / sample standard deviation (n − 1); null when n < 2 or it is 0. */
  sharpe: number | null;
  /** m3 / m2^(3/2) with m_k = (1/n) Σ (x − mean)^k; null when m2 is 0 or there is no value. */
  skewness: number | null;
  /** m4 / m2² (3 for a normal distribution); null as skewness. */
  kurtosis: number | null;
}

/** analytics.md "Deflated Sharpe Ratio": SR, γ3 and γ4 of the yearly returns x_1 … x_n. */
export function sharpeMoments(x: ArrayLike<number>): SharpeMoments {
  const n = x.length;
  if (n === 0) return { observations: 0, sharpe: null, skewness: null, kurtosis: null };
  let sum = 0;
  for (let i = 0; i < n; i++) sum += x[i]!;
  const mean = sum / n;
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (let i = 0; i < n; i++) {
    const d = x[i]! - mean;
    const d2 = d * d;
    m2 += d2;
    m3 += d2 * d;
    m4 += d2 * d2;
  }
  const ss = m2;
  m2 /= n;
  m3 /= n;
  m4 /= n;
  const s = n >= 2 ? Math.sqrt(ss / (n - 1)) : 0;
  return {
    observations: n,
    sharpe: s > 0 ? mean / s : null,
    skewness: m2 > 0 ? m3 / Math.pow(m2, 1.5) : null,
    kurtosis: m2 > 0 ? m4 / (m2 * m2) : null,
  };
}

/** Sample variance (n − 1) of the first n values (all by default); null when n < 2. */
export function sampleVariance(values: ArrayLike<number>, n = values.length): number | null {
  if (n < 2) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i]!;
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (values[i]! - mean) ** 2;
  return ss / (n - 1);
}

/**
 * SR0, the Sharpe ratio the best of N trials is expected to reach by luck, given the variance V
 * of the trials' Sharpe ratios: √V ((1 − γ) Φ⁻¹(1 − 1/N) + γ Φ⁻¹(1 − 1/(N e))); 0 when N = 1.
 */
export function expectedMaxSharpe(trials: number, variance: number | null): number | null {
  if (trials === 1) return 0;
  if (variance === null || !(trials >= 1)) return null;
  return (
    Math.sqrt(variance) *
    ((1 - EULER_GAMMA) * normalUpperQuantile(1 / trials) + EULER_GAMMA * normalUpperQuantile(1 / (trials * Math.E)))
  );
}

/**
 * The probabilistic Sharpe ratio PSR(SR*) = Φ((SR − SR*) √(n − 1) / √(1 − γ3 SR + (γ4 − 1)/4 SR²));
 * null when SR is null or the quantity under the root is ≤ 0.
 */
export function probabilisticSharpe(m: SharpeMoments, benchmark: number): number | null {
  const { sharpe, skewness, kurtosis, observations: n } = m;
  if (sharpe === null || skewness === null || kurtosis === null) return null;
  const under = 1 - skewness * sharpe + ((kurtosis - 1) / 4) * sharpe * sharpe;
  if (!(under > 0)) return null;
  return normalCdf(((sharpe - benchmark) * Math.sqrt(n - 1)) / Math.sqrt(under));
}

export interface DeflatedSharpe extends SharpeMoments {
  trials: number;
  sharpeVariance: number | null;
  expectedMaxSharpe: number | null;
  psr: number | null;
  dsr: number | null;
}

/**
 * The Deflated Sharpe Ratio (Bailey & López de Prado 2014) of one window's returns, selected
 * among `trials` whose Sharpe ratios are `trialSharpes` (the non-null ones).
 */
export function deflatedSharpe(
  returns: ArrayLike<number>,
  trials: number,
  trialSharpes: ArrayLike<number>,
): DeflatedSharpe {
  const m = sharpeMoments(returns);
  const sharpeVariance = sampleVariance(trialSharpes);
  const sr0 = expectedMaxSharpe(trials, sharpeVariance);
  // In analytics.md's order: the moments, then the trials and what they deflate by.
  return {
    sharpe: m.sharpe,
    skewness: m.skewness,
    kurtosis: m.kurtosis,
    observations: m.observations,
    trials,
    sharpeVariance,
    expectedMaxSharpe: sr0,
    psr: probabilisticSharpe(m, 0),
    dsr: sr0 === null ? null : probabilisticSharpe(m, sr0),
  };
}
