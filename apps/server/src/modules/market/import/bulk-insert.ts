import type SQLite from 'better-sqlite3';

/** Rows per multi-row INSERT: 7 × 64 = 448 bound values, well under SQLite's limit of 32,766. */
export const INSERT_ROWS = 64;

const COLUMNS = 'INSERT INTO daily_bars (symbol, date, open, high, low, close, volume) VALUES ';

/**
 * New daily bars, buffered and written INSERT_ROWS at a time with one multi-row INSERT:
 * one call into SQLite (one statement step, one reset) per 64 rows instead of per row,
 * about a third less time per inserted bar. When the 64 rows share a symbol (a file is one
 * symbol's history) the symbol is bound once, as a named parameter every row reuses: binding
 * a string copies it, and one symbol bound instead of 64 makes the insert about an eighth
 * faster. The values go into reused arrays, so a row costs no allocation here. flush()
 * writes what is left with the one-row statement; the caller flushes before its
 * transaction ends.
 */
export class BarInsertBuffer {
  private readonly many: SQLite.Statement;
  private readonly manyOfOne: SQLite.Statement;
  private readonly one: SQLite.Statement;
  /** date, open, high, low, close, volume of each buffered row. */
  private readonly values = new Array<string | number>(INSERT_ROWS * 6);
  private readonly symbols = new Array<string>(INSERT_ROWS);
  private readonly mixed = new Array<string | number>(INSERT_ROWS * 7);
  private rows = 0;
  private sameSymbol = true;

  constructor(sqlite: SQLite.Database) {
    this.many = sqlite.prepare(COLUMNS + Array<string>(INSERT_ROWS).fill('(?, ?, ?, ?, ?, ?, ?)').join(', '));
    this.manyOfOne = sqlite.prepare(
      COLUMNS + Array<string>(INSERT_ROWS).fill('(@symbol, ?, ?, ?, ?, ?, ?)').join(', '),
    );
    this.one = sqlite.prepare(`${COLUMNS}(?, ?, ?, ?, ?, ?, ?)`);
  }

  add(symbol: string, date: string, o: number, h: number, l: number, c: number, v: number): void {
    const row = this.rows;
    const at = row * 6;
    const values = this.values;
    if (row > 0 && symbol !== this.symbols[0]) this.sameSymbol = false;
    this.symbols[row] = symbol;
    values[at] = date;
    values[at + 1] = o;
    values[at + 2] = h;
    values[at + 3] = l;
    values[at + 4] = c;
    values[at + 5] = v;
    if (++this.rows === INSERT_ROWS) {
      if (this.sameSymbol) this.manyOfOne.run(values, { symbol });
      else this.many.run(this.withSymbols());
      this.rows = 0;
      this.sameSymbol = true;
    }
  }

  /** The buffered rows as the seven columns of the table. */
  private withSymbols(): Array<string | number> {
    const out = this.mixed;
    for (let r = 0; r < INSERT_ROWS; r++) {
      out[r * 7] = this.symbols[r]!;
      for (let k = 0; k < 6; k++) out[r * 7 + 1 + k] = this.values[r * 6 + k]!;
    }
    return out;
  }

  flush(): void {
    for (let r = 0; r < this.rows; r++) this.one.run(this.symbols[r], this.values.slice(r * 6, r * 6 + 6));
    this.rows = 0;
    this.sameSymbol = true;
  }

  /** Forgets buffered rows (their transaction rolled back). */
  clear(): void {
    this.rows = 0;
    this.sameSymbol = true;
  }
}
