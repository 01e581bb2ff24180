const MASK = (1n << 64n) - 1n;
const TWO_64 = 1n << 64n;
const GOLDEN = 0x9e3779b97f4a7c15n;
const MIX1 = 0xbf58476d1ce4e5b9n;
const MIX2 = 0x94d049bb133111ebn;

/** The largest seed: an unsigned 64-bit integer. */
export const MAX_SEED = MASK;

/**
 * splitmix64 (Steele, Lea & Flood 2014; Vigna's splitmix64.c) in unsigned 64-bit arithmetic,
 * as analytics.md "Reality Check" specifies it: the same seed gives the same draws anywhere.
 */
export class SplitMix64 {
  private state: bigint;

  constructor(seed: bigint) {
    if (seed < 0n || seed > MASK) throw new RangeError('seed must be an unsigned 64-bit integer');
    this.state = seed;
  }

  next(): bigint {
    this.state = (this.state + GOLDEN) & MASK;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * MIX1) & MASK;
    z = ((z ^ (z >> 27n)) * MIX2) & MASK;
    return z ^ (z >> 31n);
  }

  /** A uniform index in 0 … n − 1: draws below the largest multiple of n only (no modulo bias). */
  index(n: number): number {
    if (!(Number.isInteger(n) && n >= 1)) throw new RangeError('index: n must be a positive integer');
    const m = BigInt(n);
    const limit = TWO_64 - (TWO_64 % m);
    for (;;) {
      const z = this.next();
      if (z < limit) return Number(z % m);
    }
  }
}

/** A seed given as decimal text: an unsigned 64-bit integer, or null when it is not one. */
export function parseSeed(text: string): bigint | null {
  if (!/^\d{1,20}$/.test(text)) return null;
  const seed = BigInt(text);
  return seed <= MASK ? seed : null;
}
