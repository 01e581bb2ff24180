import { dayNumber, easterSunday, isoDate, tradingDaysBetween } from '@solstice/analytics';
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

/**
 * What a symbol is, which decides its dates: NYSE sessions (stock, etf, index, mutual fund),
 * every day (crypto), Monday–Friday with the NYSE holidays (fx), Monday–Friday without
 * Jan 1, Good Friday and Dec 25 (future, COMEX-like).
 */
export type FakeKind = 'stock' | 'etf' | 'index' | 'future' | 'fx' | 'crypto' | 'mutualfund';

export interface FakeSymbolSpec {
  /** First session (default 2015-01-02). */
  from?: string;
  /** Price level of the first day (default from the symbol). */
  price?: number;
  kind?: FakeKind;
  /** False: every volume is 0 (a Cboe index); fx never has volume. */
  volume?: boolean;
  /** Decimals of the prices (default 2; 5 for fx). */
  decimals?: number;
  /** Contract rolls of a future: on these dates the open jumps by `gap` (0.03 = 3 %) over the last close. */
  rolls?: Array<{ date: string; gap: number }>;
  splits?: FakeSplit[];
  dividends?: FakeDividend[];
}

interface FakeSymbol {
  kind: FakeKind;
  decimals: number;
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
    const kind = spec.kind ?? (symbol.startsWith('^') ? 'index' : 'stock');
    const sessions = datesOf(kind, spec.from ?? '2015-01-02', horizon);
    const rolls = new Map((spec.rolls ?? []).map((r) => [r.date, r.gap]));
    const noVolume = spec.volume === false || kind === 'fx';
    let level = spec.price ?? 20 + (hash32(symbol) % 180);
    const economic: FakeBar[] = [];
    for (const date of sessions) {
      const roll = rolls.get(date);
      // a roll moves the whole series to the next contract's level; an ordinary night barely moves it
      const open = roll === undefined ? level * Math.exp(0.004 * rng.normal()) : level * (1 + roll);
      if (roll !== undefined) level = open;
      level = level * Math.exp(0.0003 + 0.015 * rng.normal());
      const high = Math.max(open, level) * (1 + 0.008 * rng.uniform());
      const low = Math.min(open, level) * (1 - 0.008 * rng.uniform());
      const volume = Math.round(1e6 * (0.5 + rng.uniform()));
      economic.push({ date, open, high, low, close: level, volume: noVolume ? 0 : volume });
    }
    this.symbols.set(symbol, {
      kind,
      decimals: spec.decimals ?? (kind === 'fx' ? 5 : 2),
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

  kind(symbol: string): FakeKind {
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
      const places = s.decimals;
      const open = round(e.open / factor, places);
      const close = round(e.close / factor, places);
      bars.push({
        date: e.date,
        open,
        high: Math.max(round(e.high / factor, places), open, close),
        low: Math.min(round(e.low / factor, places), open, close),
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

/** The dates a symbol of this kind has bars on, from one date to another. */
function datesOf(kind: FakeKind, from: string, to: string): string[] {
  if (kind !== 'crypto' && kind !== 'fx' && kind !== 'future') return tradingDaysBetween(from, to);
  const dates: string[] = [];
  for (let day = dayNumber(from), end = dayNumber(to); day <= end; day++) {
    const date = isoDate(day);
    const weekday = new Date(day * 86_400_000).getUTCDay();
    if (kind !== 'crypto' && (weekday === 0 || weekday === 6)) continue;
    if (kind === 'future' && (/-(01-01|12-25)$/.test(date) || date === goodFriday(Number(date.slice(0, 4))))) continue;
    dates.push(date);
  }
  return dates;
}

function goodFriday(year: number): string {
  return isoDate(easterSunday(year) - 2);
}
