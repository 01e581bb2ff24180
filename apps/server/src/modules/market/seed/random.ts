/** mulberry32: a small, fast, seeded 32-bit PRNG; the same seed gives the same stream everywhere. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit hash of a string (FNV-1a), to derive independent per-symbol seeds. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Random {
  private spare: number | null = null;
  constructor(private readonly next: () => number) {}

  static seeded(seed: number): Random {
    return new Random(mulberry32(seed));
  }

  uniform(): number {
    return this.next();
  }

  /** Standard normal (Marsaglia polar method). */
  normal(): number {
    if (this.spare !== null) {
      const s = this.spare;
      this.spare = null;
      return s;
    }
    let u: number, v: number, s: number;
    do {
      u = this.next() * 2 - 1;
      v = this.next() * 2 - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const m = Math.sqrt((-2 * Math.log(s)) / s);
    this.spare = v * m;
    return u * m;
  }

  /** Student-t with `dof` (an integer ≥ 3) degrees of freedom, scaled to unit variance: fat tails. */
  studentT(dof: number): number {
    let chi = 0;
    for (let i = 0; i < dof; i++) {
      const z = this.normal();
      chi += z * z;
    }
    return (this.normal() / Math.sqrt(chi / dof)) * Math.sqrt((dof - 2) / dof);
  }

  int(min: number, maxInclusive: number): number {
    return min + Math.floor(this.next() * (maxInclusive - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
}
