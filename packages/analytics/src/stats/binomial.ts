/**
 * P(X ≥ k) for X ~ Binomial(n, p): the one-sided p-value of seeing at least k successes.
 * Sums the probability mass function from k to n, each term built in log space so that
 * large n neither overflows the coefficient nor underflows the powers.
 */
export function binomialUpperTail(k: number, n: number, p: number): number {
  if (!Number.isInteger(k) || !Number.isInteger(n) || n < 0) throw new RangeError('k and n must be integers, n ≥ 0');
  if (!(p >= 0 && p <= 1)) throw new RangeError('p must lie in [0, 1]');
  if (k <= 0) return 1;
  if (k > n) return 0;
  if (p === 0) return 0;
  if (p === 1) return 1;
  const logP = Math.log(p);
  const logQ = Math.log1p(-p);
  let total = 0;
  for (let i = k; i <= n; i++) total += Math.exp(logChoose(n, i) + i * logP + (n - i) * logQ);
  return Math.min(1, total);
}

/** Probability mass P(X = k) for X ~ Binomial(n, p). */
export function binomialPmf(k: number, n: number, p: number): number {
  if (k < 0 || k > n) return 0;
  if (p === 0) return k === 0 ? 1 : 0;
  if (p === 1) return k === n ? 1 : 0;
  return Math.exp(logChoose(n, k) + k * Math.log(p) + (n - k) * Math.log1p(-p));
}

const logFactorials: number[] = [0];

function logFactorial(n: number): number {
  for (let i = logFactorials.length; i <= n; i++) logFactorials.push(logFactorials[i - 1]! + Math.log(i));
  return logFactorials[n]!;
}

function logChoose(n: number, k: number): number {
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}
