/* eslint-disable no-loss-of-precision -- the coefficients as published, to more digits than a double holds */
/*
 * The standard normal distribution to about 1e-15 relative, tails included: Φ by W. J. Cody's
 * rational approximations of erfc (Math. Comp. 1969; netlib specfun CALERF) and Φ⁻¹ by
 * Wichura's AS241 (PPND16). analytics.md asks for both without computing a tail as 1 − Φ.
 */

const A = [3.1611237438705656, 113.864154151050156, 377.485237685302021, 3209.37758913846947, 0.185777706184603153];
const B = [23.6012909523441209, 244.024637934444173, 1282.61652607737228, 2844.23683343917062];
const C = [
  0.564188496988670089, 8.88314979438837594, 66.1191906371416295, 298.635138197400131, 881.95222124176909,
  1712.04761263407058, 2051.07837782607147, 1230.33935479799725, 2.15311535474403846e-8,
];
const D = [
  15.7449261107098347, 117.693950891312499, 537.181101862009858, 1621.38957456669019, 3290.79923573345963,
  4362.61909014324716, 3439.36767414372164, 1230.33935480374942,
];
const P = [
  0.305326634961232344, 0.360344899949804439, 0.125781726111229246, 0.0160837851487422766, 6.58749161529837803e-4,
  0.0163153871373020978,
];
const Q = [
  2.56852019228982242, 1.87295284992346047, 0.527905102951428412, 0.0605183413124413191, 0.00233520497626869185,
];
const SQRPI = 0.56418958354775628695;
const XBIG = 26.543;

/** exp(−y²) without losing the low bits of y² (Cody's split of y at a multiple of 1/16). */
function expMinusSquare(y: number): number {
  const ysq = Math.trunc(y * 16) / 16;
  const del = (y - ysq) * (y + ysq);
  return Math.exp(-ysq * ysq) * Math.exp(-del);
}

/** The complementary error function erfc(x). */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const y = Math.abs(x);
  let result: number;
  if (y <= 0.46875) {
    const ysq = y > 1.11e-16 ? y * y : 0;
    let num = A[4]! * ysq;
    let den = ysq;
    for (let i = 0; i < 3; i++) {
      num = (num + A[i]!) * ysq;
      den = (den + B[i]!) * ysq;
    }
    return 1 - (x * (num + A[3]!)) / (den + B[3]!);
  } else if (y <= 4) {
    let num = C[8]! * y;
    let den = y;
    for (let i = 0; i < 7; i++) {
      num = (num + C[i]!) * y;
      den = (den + D[i]!) * y;
    }
    result = expMinusSquare(y) * ((num + C[7]!) / (den + D[7]!));
  } else if (y >= XBIG) {
    result = 0;
  } else {
    const ysq = 1 / (y * y);
    let num = P[5]! * ysq;
    let den = ysq;
    for (let i = 0; i < 4; i++) {
      num = (num + P[i]!) * ysq;
      den = (den + Q[i]!) * ysq;
    }
    result = (ysq * (num + P[4]!)) / (den + Q[4]!);
    result = (expMinusSquare(y) * (SQRPI - result)) / y;
  }
  return x < 0 ? 2 - result : result;
}

/** Φ(z) = ½·erfc(−z/√2). */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

const A16 = [
  3.387132872796366608, 133.14166789178437745, 1971.5909503065514427, 13731.693765509461125, 45921.953931549871457,
  67265.770927008700853, 33430.575583588128105, 2509.0809287301226727,
];
const B16 = [
  1, 42.313330701600911252, 687.1870074920579083, 5394.1960214247511077, 21213.794301586595867, 39307.89580009271061,
  28729.085735721942674, 5226.495278852854561,
];
const C16 = [
  1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055, 3.64784832476320460504, 1.27045825245236838258,
  0.24178072517745061177, 0.0227238449892691845833, 7.7454501427834140764e-4,
];
const D16 = [
  1, 2.05319162663775882187, 1.6763848301838038494, 0.68976733498510000455, 0.14810397642748007459,
  0.0151986665636164571966, 5.475938084995344946e-4, 1.05075007164441684324e-9,
];
const E16 = [
  6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358, 0.29656057182850489123, 0.026532189526576123093,
  0.0012426609473880784386, 2.71155556874348757815e-5, 2.01033439929228813265e-7,
];
const F16 = [
  1, 0.59983220655588793769, 0.13692988092273580531, 0.0148753612908506148525, 7.868691311456132591e-4,
  1.8463183175100546818e-5, 1.4215117583164458887e-7, 2.04426310338993978564e-15,
];

function ratio(num: readonly number[], den: readonly number[], r: number): number {
  let n = num[7]!;
  let d = den[7]!;
  for (let i = 6; i >= 0; i--) {
    n = n * r + num[i]!;
    d = d * r + den[i]!;
  }
  return n / d;
}

/**
 * Φ⁻¹ given the lower tail p and the upper tail 1 − p both exactly (the caller has the small one
 * without rounding): AS241 reads only the smaller of the two in the tails.
 */
function quantile(p: number, upper: number): number {
  if (!(p > 0 && upper > 0)) return p <= 0 ? -Infinity : Infinity;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) return q * ratio(A16, B16, 0.180625 - q * q);
  const r = Math.sqrt(-Math.log(q < 0 ? p : upper));
  const z = r <= 5 ? ratio(C16, D16, r - 1.6) : ratio(E16, F16, r - 5);
  return q < 0 ? -z : z;
}

/** Φ⁻¹(p), the z with Φ(z) = p. */
export function normalQuantile(p: number): number {
  return quantile(p, 1 - p);
}

/** Φ⁻¹(1 − q) for a small upper tail q, which 1 − q would round: −Φ⁻¹(q). */
export function normalUpperQuantile(q: number): number {
  return -quantile(q, 1 - q);
}
