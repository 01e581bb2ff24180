import { allocateSeries, lowerBound, type PriceSeries } from '@solstice/analytics';
import { daysFromCivil } from '../dates.js';
import { yearOfDay } from './chunk-codec.js';

export type BarChange = 'inserted' | 'updated' | 'same';

/**
 * Bars written into one symbol's stored series, in memory: a bar is inserted when its date is
 * new, updated only when a value differs, and left alone otherwise (how imports and updates
 * count). Remembers the years it touched, whose chunks the writer then rewrites whole.
 */
export class SeriesEdit {
  readonly years = new Set<number>();
  private added = allocateSeries('', 0);
  private addedCount = 0;
  /** Day → index among the added bars, built only once a date arrives out of order. */
  private addedIndex: Map<number, number> | null = null;
  private inOrder = true;
  /** The last year touched, [start, end) as day numbers. */
  private yearStart = 0;
  private yearEnd = 0;

  constructor(private readonly stored: PriceSeries) {}

  get symbol(): string {
    return this.stored.symbol;
  }

  /** Bars in the stored series when the edit began. */
  get storedCount(): number {
    return this.stored.dates.length;
  }

  get changed(): boolean {
    return this.years.size > 0;
  }

  set(day: number, open: number, high: number, low: number, close: number, volume: number): BarChange {
    const s = this.stored;
    const n = s.dates.length;
    if (n > 0 && day <= s.dates[n - 1]!) {
      const i = lowerBound(s.dates, day);
      if (s.dates[i] === day) {
        const change = overwrite(s, i, open, high, low, close, volume);
        if (change === 'updated') this.touch(day);
        return change;
      }
    }
    const j = this.findAdded(day);
    // An added bar's year was touched when it was added.
    if (j >= 0) return overwrite(this.added, j, open, high, low, close, volume);
    this.append(day, open, high, low, close, volume);
    this.touch(day);
    return 'inserted';
  }

  /** The stored series with every bar set, in date order. */
  result(): PriceSeries {
    const s = this.stored;
    const k = this.addedCount;
    if (k === 0) return s;
    const n = s.dates.length;
    const a = this.added;
    const columns = ['dates', 'open', 'high', 'low', 'close', 'volume'] as const;
    if (n === 0 && this.inOrder) {
      // A new symbol (every symbol of a first import): the added columns as they are.
      return {
        symbol: s.symbol,
        dates: a.dates.subarray(0, k),
        open: a.open.subarray(0, k),
        high: a.high.subarray(0, k),
        low: a.low.subarray(0, k),
        close: a.close.subarray(0, k),
        volume: a.volume.subarray(0, k),
      };
    }
    const out = allocateSeries(s.symbol, n + k);
    if (this.inOrder && a.dates[0]! > s.dates[n - 1]!) {
      for (const c of columns) {
        out[c].set(s[c]);
        out[c].set(a[c].subarray(0, k), n);
      }
      return out;
    }
    // Out of order or between stored bars: merge the two sorted runs.
    const order = Array.from({ length: k }, (_, i) => i).sort((x, y) => a.dates[x]! - a.dates[y]!);
    let i = 0;
    let j = 0;
    for (let o = 0; o < n + k; o++) {
      const fromStored = j >= k || (i < n && s.dates[i]! < a.dates[order[j]!]!);
      const src = fromStored ? s : a;
      const at = fromStored ? i++ : order[j++]!;
      for (const c of columns) out[c][o] = src[c][at]!;
    }
    return out;
  }

  private findAdded(day: number): number {
    if (this.addedCount === 0) return -1;
    if (this.inOrder && day > this.added.dates[this.addedCount - 1]!) return -1;
    if (!this.addedIndex) {
      this.addedIndex = new Map();
      for (let i = 0; i < this.addedCount; i++) this.addedIndex.set(this.added.dates[i]!, i);
    }
    return this.addedIndex.get(day) ?? -1;
  }

  private append(day: number, open: number, high: number, low: number, close: number, volume: number): void {
    if (this.addedCount === this.added.dates.length) this.grow();
    const i = this.addedCount++;
    const a = this.added;
    if (i > 0 && day < a.dates[i - 1]!) this.inOrder = false;
    a.dates[i] = day;
    a.open[i] = open;
    a.high[i] = high;
    a.low[i] = low;
    a.close[i] = close;
    a.volume[i] = volume;
    this.addedIndex?.set(day, i);
  }

  /** Makes room for `n` more new bars at once (the bars of a parsed file), instead of growing by doubling. */
  reserve(n: number): void {
    if (this.addedCount + n > this.added.dates.length) this.grow(this.addedCount + n);
  }

  private grow(size = Math.max(256, this.added.dates.length * 2)): void {
    const next = allocateSeries('', size);
    const a = this.added;
    for (const c of ['dates', 'open', 'high', 'low', 'close', 'volume'] as const) {
      next[c].set(a[c].subarray(0, this.addedCount));
    }
    this.added = next;
  }

  private touch(day: number): void {
    if (day >= this.yearStart && day < this.yearEnd) return;
    const year = yearOfDay(day);
    this.years.add(year);
    this.yearStart = daysFromCivil(year, 1, 1);
    this.yearEnd = daysFromCivil(year + 1, 1, 1);
  }
}

/** Sets bar `i` of `s` to these values: 'same' when it already had them, else 'updated'. */
function overwrite(
  s: PriceSeries,
  i: number,
  open: number,
  high: number,
  low: number,
  close: number,
  volume: number,
): BarChange {
  if (s.open[i] === open && s.high[i] === high && s.low[i] === low && s.close[i] === close && s.volume[i] === volume) {
    return 'same';
  }
  s.open[i] = open;
  s.high[i] = high;
  s.low[i] = low;
  s.close[i] = close;
  s.volume[i] = volume;
  return 'updated';
}
