import type { PriceSeries } from '@solstice/analytics';
import { dayNumberFast } from '../dates.js';

class Columns {
  n = 0;
  dates = new Int32Array(256);
  values = [
    new Float64Array(256),
    new Float64Array(256),
    new Float64Array(256),
    new Float64Array(256),
    new Float64Array(256),
  ];

  push(date: string, o: number, h: number, l: number, c: number, v: number): void {
    if (this.n === this.dates.length) this.grow();
    const i = this.n++;
    this.dates[i] = dayNumberFast(date);
    const [a, b, d, e, f] = this.values as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
    a[i] = o;
    b[i] = h;
    d[i] = l;
    e[i] = c;
    f[i] = v;
  }

  private grow(): void {
    const size = this.dates.length * 2;
    const dates = new Int32Array(size);
    dates.set(this.dates);
    this.dates = dates;
    this.values = this.values.map((column) => {
      const next = new Float64Array(size);
      next.set(column);
      return next;
    });
  }

  series(symbol: string): PriceSeries {
    const n = this.n;
    const [open, high, low, close, volume] = this.values.map((c) => c.slice(0, n)) as Float64Array[];
    return {
      symbol,
      dates: this.dates.slice(0, n),
      open: open!,
      high: high!,
      low: low!,
      close: close!,
      volume: volume!,
    };
  }
}

/**
 * The series an import into an empty daily_bars wrote, kept as they are inserted, so that the
 * command line writes the market snapshot without reading every bar back. It holds only while
 * the import is a plain load: every bar an insert, each symbol from one file, nothing updated
 * or deleted; anything else (an update, a replaced demo symbol, a symbol in two files)
 * abandons it and the snapshot is read back through SQL instead. A file's bars count only
 * once its transaction succeeded (commitFile); a rolled-back file's are dropped.
 */
export class SeriesCollector {
  private readonly done = new Map<string, Columns>();
  private pending = new Map<string, Columns>();
  private last: Columns | null = null;
  private lastSymbol = '';
  private valid = true;

  add(symbol: string, date: string, o: number, h: number, l: number, c: number, v: number): void {
    if (!this.valid) return;
    if (this.last === null || symbol !== this.lastSymbol) {
      let columns = this.pending.get(symbol);
      if (!columns) {
        if (this.done.has(symbol)) return this.abandon();
        columns = new Columns();
        this.pending.set(symbol, columns);
      }
      this.last = columns;
      this.lastSymbol = symbol;
    }
    const last = this.last;
    // Bars arrive in date order per symbol (the parser skips anything else); check it anyway.
    if (last.n > 0 && dayNumberFast(date) <= last.dates[last.n - 1]!) return this.abandon();
    last.push(date, o, h, l, c, v);
  }

  abandon(): void {
    this.valid = false;
    this.pending.clear();
    this.done.clear();
    this.last = null;
  }

  commitFile(): void {
    for (const [symbol, columns] of this.pending) this.done.set(symbol, columns);
    this.discardFile();
  }

  discardFile(): void {
    this.pending = new Map();
    this.last = null;
  }

  /** The series in symbol order (as the SQL load gives them), or null when abandoned. */
  result(): Map<string, PriceSeries> | null {
    if (!this.valid) return null;
    const out = new Map<string, PriceSeries>();
    for (const symbol of [...this.done.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
      const columns = this.done.get(symbol)!;
      if (columns.n > 0) out.set(symbol, columns.series(symbol));
    }
    return out;
  }
}
