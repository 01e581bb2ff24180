import { tradingDaysBetween } from '@solstice/analytics';
import { hash32, Random } from '../../modules/market/seed/random.js';
import type { ProviderBar } from '../../modules/market/providers/provider.js';

/** A bar as traded (raw), or adjusted, with its New York date. */
export type FakeBar = ProviderBar;

export interface FakeSplit {
  date: string;
  /** New shares per old share: 4 for 4-for-1. */
  ratio: number;
}

export interface FakeDividend {
  date: string;
  /** Cash per share on the ex-date, as traded then. */
  cash: number;
}

export interface FakeSymbolSpec {
  /** First session (default 2015-01-02). */
  from?: string;
  /** Price level of the first day (default from the symbol). */
  price?: number;
  kind?: 'stock' | 'etf' | 'index';
  splits?: FakeSplit[];
  dividends?: FakeDividend[];
}

interface FakeSymbol {
  kind: 'stock' | 'etf' | 'index';
  /** As-if-never-split prices: a seeded random walk over the sessions up to HORIZON. */
  economic: FakeBar[];
  splits: FakeSplit[];
  dividends: FakeDividend[];
}

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

/**
 * The market the fake providers serve: per symbol a deterministic daily history on NYSE
 * sessions, with splits and dividends, up to `until` (the fake's "today"; move it to make
 * new bars arrive). Each fake turns it into its provider's own shape (raw, split-adjusted,
 * fully adjusted), so that tests can check every adapter lands on the same adjusted bars.
 */
export class FakeMarket {
  private readonly symbols = new Map<string, FakeSymbol>();

  constructor(public until: string) {}

  add(symbol: string, spec: FakeSymbolSpec = {}): this {
    const rng = Random.seeded(hash32(symbol));
    // Sessions well past `until`: tests move it forward to make new bars arrive.
    const horizon = `${Math.max(2030, Number(this.until.slice(0, 4)) + 2)}-12-31`;
    const sessions = tradingDaysBetween(spec.from ?? '2015-01-02', horizon);
    let level = spec.price ?? 20 + (hash32(symbol) % 180);
    const economic: FakeBar[] = [];
    for (const date of sessions) {
      const open = level * Math.exp(0.004 * rng.normal());
      level = level * Math.exp(0.0003 + 0.015 * rng.normal());
      const high = Math.max(open, level) * (1 + 0.008 * rng.uniform());
      const low = Math.min(open, level) * (1 - 0.008 * rng.uniform());
      economic.push({ date, open, high, low, close: level, volume: Math.round(1e6 * (0.5 + rng.uniform())) });
    }
    this.symbols.set(symbol, {
      kind: spec.kind ?? (symbol.startsWith('^') ? 'index' : 'stock'),
      economic,
      splits: [...(spec.splits ?? [])],
      dividends: [...(spec.dividends ?? [])],
    });
    return this;
  }

  has(symbol: string): boolean {
    return this.symbols.has(symbol);
  }

  list(): string[] {
    return [...this.symbols.keys()];
  }

  kind(symbol: string): 'stock' | 'etf' | 'index' {
    return this.get(symbol).kind;
  }

  /** A split on a session: from then on prices are divided by the ratio (history re-adjusts). */
  split(symbol: string, date: string, ratio: number): this {
    this.get(symbol).splits.push({ date, ratio });
    return this;
  }

  dividend(symbol: string, date: string, cash: number): this {
    this.get(symbol).dividends.push({ date, cash });
    return this;
  }

  /** Splits and dividends up to `until`. */
  actions(symbol: string): { splits: FakeSplit[]; dividends: FakeDividend[] } {
    const s = this.get(symbol);
    return {
      splits: s.splits.filter((x) => x.date <= this.until),
      dividends: s.dividends.filter((x) => x.date <= this.until),
    };
  }

  /** Bars as traded (cents; volume in shares of the day), up to `until`. */
  raw(symbol: string): FakeBar[] {
    const s = this.get(symbol);
    const bars: FakeBar[] = [];
    for (const e of s.economic) {
      if (e.date > this.until) break;
      const factor = s.splits.filter((x) => x.date <= e.date).reduce((f, x) => f * x.ratio, 1);
      const open = round(e.open / factor, 2);
      const close = round(e.close / factor, 2);
      bars.push({
        date: e.date,
        open,
        high: Math.max(round(e.high / factor, 2), open, close),
        low: Math.min(round(e.low / factor, 2), open, close),
        close,
        volume: Math.round(e.volume * factor),
      });
    }
    return bars;
  }

  /**
   * Per raw bar, the price and volume multipliers of backward adjustment (CRSP style,
   * data-providers.md §2.1): events after the bar's date; a dividend D on t multiplies
   * earlier prices by 1 − D / close(t−1), a split n:1 by 1/n (volume by n).
   */
  factors(symbol: string, withDividends: boolean): Array<{ price: number; volume: number }> {
    const bars = this.raw(symbol);
    const { splits, dividends } = this.actions(symbol);
    const out = bars.map(() => ({ price: 1, volume: 1 }));
    let price = 1;
    let volume = 1;
    for (let i = bars.length - 1; i >= 0; i--) {
      out[i] = { price, volume };
      const date = bars[i]!.date;
      for (const s of splits)
        if (s.date === date) {
          price /= s.ratio;
          volume *= s.ratio;
        }
      if (withDividends && i > 0)
        for (const d of dividends) if (d.date === date) price *= 1 - d.cash / bars[i - 1]!.close;
    }
    return out;
  }

  /** Split-adjusted prices and volumes (Yahoo's quote arrays). */
  splitAdjusted(symbol: string): FakeBar[] {
    return this.scaled(symbol, false);
  }

  /** Split- and dividend-adjusted bars: what the store should end up holding. */
  adjusted(symbol: string): FakeBar[] {
    return this.scaled(symbol, true);
  }

  private scaled(symbol: string, withDividends: boolean): FakeBar[] {
    const factors = this.factors(symbol, withDividends);
    return this.raw(symbol).map((b, i) => {
      const f = factors[i]!;
      return {
        date: b.date,
        open: b.open * f.price,
        high: b.high * f.price,
        low: b.low * f.price,
        close: b.close * f.price,
        volume: b.volume * f.volume,
      };
    });
  }

  private get(symbol: string): FakeSymbol {
    const s = this.symbols.get(symbol);
    if (!s) throw new Error(`the fake market has no ${symbol}`);
    return s;
  }
}
