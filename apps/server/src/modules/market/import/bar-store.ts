import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { BarInsertBuffer } from './bulk-insert.js';
import type { BarTuple, InstrumentRow } from './parse.js';
import type { SeriesCollector } from './series-collector.js';
import type { InstrumentInfo } from '../market-cache.js';

export interface WriteCounts {
  inserted: number;
  updated: number;
}

/** An instrument row as the writers store it (imports and the demo seed). */
export interface InstrumentRecord extends Omit<InstrumentInfo, 'currency' | 'marketCap'> {
  marketCap: number | null | undefined;
}

export function recordFromRow(row: InstrumentRow): InstrumentRecord {
  return { ...row, exchange: null, synthetic: false };
}

/** A new symbol met in a daily file without an instruments row: a stock (an index when it starts with ^). */
export function placeholderInstrument(symbol: string): InstrumentRecord {
  return {
    symbol,
    name: symbol,
    type: symbol.startsWith('^') ? 'index' : 'stock',
    exchange: null,
    sector: null,
    industry: null,
    marketCap: undefined,
    synthetic: false,
  };
}

// The demo flag describes an instrument's bars, not its name: an instruments.csv row must not
// clear it, or the demo bars stay behind the real ones that follow (only replacing the bars
// clears it, in the importer).
const INSTRUMENT_UPSERT = (distinct: string) => `
INSERT INTO instruments (symbol, name, type, exchange, sector, industry, currency, market_cap, synthetic, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, 'USD', $7, $8, $9)
ON CONFLICT (symbol) DO UPDATE SET
  name = excluded.name, type = excluded.type, exchange = COALESCE(excluded.exchange, instruments.exchange),
  sector = excluded.sector, industry = excluded.industry,
  market_cap = CASE WHEN $10 = 1 THEN excluded.market_cap ELSE instruments.market_cap END,
  synthetic = CASE WHEN excluded.synthetic = 1 THEN 1 ELSE instruments.synthetic END, updated_at = excluded.updated_at
WHERE instruments.name ${distinct} excluded.name OR instruments.type ${distinct} excluded.type
   OR instruments.sector ${distinct} excluded.sector OR instruments.industry ${distinct} excluded.industry
   OR ($10 = 1 AND instruments.market_cap ${distinct} excluded.market_cap)
   OR (excluded.synthetic = 1 AND instruments.synthetic = 0)
   OR (excluded.exchange IS NOT NULL AND instruments.exchange ${distinct} excluded.exchange)`;

const instrumentParams = (r: InstrumentRecord, now: number) => [
  r.symbol,
  r.name,
  r.type,
  r.exchange,
  r.sector,
  r.industry,
  r.marketCap ?? null,
  r.synthetic ? 1 : 0,
  now,
  r.marketCap === undefined ? 0 : 1,
];

interface Existing {
  index: Map<string, number>;
  values: Float64Array;
}

/**
 * The bulk write path on SQLite: prepared better-sqlite3 statements, run inside the
 * caller's transaction. A symbol's stored bars are read once (one index range scan) and
 * compared in memory, so a bar is inserted when new, updated only when a value differs,
 * and left alone otherwise; that is also how inserts and updates are counted.
 */
export class SqliteBarWriter {
  private readonly insert: BarInsertBuffer;
  private readonly update: SQLite.Statement;
  private readonly stored: SQLite.Statement;
  private readonly instrumentUpsert: SQLite.Statement;
  private readonly instrumentInsertIfMissing: SQLite.Statement;
  private readonly syntheticOf: SQLite.Statement;
  private readonly dropBars: SQLite.Statement;
  private readonly clearSynthetic: SQLite.Statement;
  private readonly existing = new Map<string, Existing>();
  private counts: WriteCounts = { inserted: 0, updated: 0 };
  /** Keeps what is inserted, for the market snapshot (an import into an empty table). */
  collector: SeriesCollector | null = null;

  constructor(sqlite: SQLite.Database) {
    this.insert = new BarInsertBuffer(sqlite);
    this.update = sqlite.prepare(
      'UPDATE daily_bars SET open = ?, high = ?, low = ?, close = ?, volume = ? WHERE symbol = ? AND date = ?',
    );
    this.stored = sqlite
      .prepare('SELECT date, open, high, low, close, volume FROM daily_bars WHERE symbol = ?')
      .raw(true);
    this.instrumentUpsert = sqlite.prepare(INSTRUMENT_UPSERT('IS NOT').replace(/\$(\d+)/g, '@p$1'));
    this.instrumentInsertIfMissing = sqlite.prepare(
      `INSERT INTO instruments (symbol, name, type, currency, synthetic, updated_at) VALUES (?, ?, ?, 'USD', 0, ?)
       ON CONFLICT (symbol) DO NOTHING`,
    );
    this.syntheticOf = sqlite.prepare('SELECT synthetic FROM instruments WHERE symbol = ?').pluck();
    this.dropBars = sqlite.prepare('DELETE FROM daily_bars WHERE symbol = ?');
    this.clearSynthetic = sqlite.prepare('UPDATE instruments SET synthetic = 0, updated_at = ? WHERE symbol = ?');
  }

  /** Upserts an instrument; true when a row was inserted or changed. */
  instrument(record: InstrumentRecord, now: number): boolean {
    const named = Object.fromEntries(instrumentParams(record, now).map((v, i) => [`p${i + 1}`, v]));
    return this.instrumentUpsert.run(named).changes > 0;
  }

  /** Makes sure a symbol has an instruments row; returns whether it is flagged synthetic. */
  ensureInstrument(symbol: string, now: number): boolean {
    const p = placeholderInstrument(symbol);
    this.instrumentInsertIfMissing.run(p.symbol, p.name, p.type, now);
    return this.syntheticOf.get(symbol) === 1;
  }

  /** Real data replaces demo data: drops a synthetic symbol's bars and clears its flag. */
  replaceSynthetic(symbol: string, now: number): void {
    this.collector?.abandon();
    this.dropBars.run(symbol);
    this.clearSynthetic.run(now, symbol);
    this.existing.delete(symbol);
  }

  private storedBars(symbol: string): Existing {
    let e = this.existing.get(symbol);
    if (e) return e;
    const rows = this.stored.all(symbol) as Array<[string, number, number, number, number, number]>;
    e = { index: new Map(), values: new Float64Array(rows.length * 5) };
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      e.index.set(r[0], i);
      e.values.set([r[1], r[2], r[3], r[4], r[5]], i * 5);
    }
    this.existing.set(symbol, e);
    return e;
  }

  bars(rows: readonly BarTuple[]): void {
    let e: Existing | null = null;
    let eSymbol = '';
    for (const r of rows) {
      if (e === null || r[0] !== eSymbol) {
        e = this.storedBars(r[0]);
        eSymbol = r[0];
      }
      const i = e.index.get(r[1]);
      if (i === undefined) {
        this.insert.add(r[0], r[1], r[2], r[3], r[4], r[5], r[6]);
        this.collector?.add(r[0], r[1], r[2], r[3], r[4], r[5], r[6]);
        this.counts.inserted++;
        continue;
      }
      const v = e.values;
      const o = i * 5;
      if (v[o] !== r[2] || v[o + 1] !== r[3] || v[o + 2] !== r[4] || v[o + 3] !== r[5] || v[o + 4] !== r[6]) {
        this.collector?.abandon();
        this.update.run(r[2], r[3], r[4], r[5], r[6], r[0], r[1]);
        this.counts.updated++;
      }
    }
    // Written before the caller's next step: the bars of a batch are in the table when bars() returns.
    this.insert.flush();
  }

  /** Forgets what a file whose transaction rolled back did. */
  reset(): void {
    this.insert.clear();
    this.existing.clear();
    this.counts = { inserted: 0, updated: 0 };
  }

  /** Inserted and updated bars since the last call; also forgets the stored bars read. */
  takeCounts(): WriteCounts {
    const c = this.counts;
    this.reset();
    return c;
  }
}

const BAR_UPSERT_PG = `
WITH r AS (
  INSERT INTO daily_bars (symbol, date, open, high, low, close, volume)
  SELECT * FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[])
  ON CONFLICT (symbol, date) DO UPDATE SET
    open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume
  WHERE (daily_bars.open, daily_bars.high, daily_bars.low, daily_bars.close, daily_bars.volume)
        IS DISTINCT FROM (excluded.open, excluded.high, excluded.low, excluded.close, excluded.volume)
  RETURNING (xmax = 0) AS inserted
)
SELECT count(*) FILTER (WHERE inserted) AS inserted, count(*) FILTER (WHERE NOT inserted) AS updated FROM r`;

/**
 * The bulk write path on PostgreSQL, on one client inside the caller's transaction: each
 * batch is one statement over unnest()ed column arrays; RETURNING (xmax = 0) tells inserts
 * from updates, and rows whose values did not change are not touched at all.
 */
export class PgBarWriter {
  private counts: WriteCounts = { inserted: 0, updated: 0 };
  constructor(private readonly client: pg.PoolClient) {}

  async instrument(record: InstrumentRecord, now: number): Promise<boolean> {
    const r = await this.client.query(INSTRUMENT_UPSERT('IS DISTINCT FROM'), instrumentParams(record, now));
    return (r.rowCount ?? 0) > 0;
  }

  async ensureInstrument(symbol: string, now: number): Promise<boolean> {
    const p = placeholderInstrument(symbol);
    await this.client.query(
      `INSERT INTO instruments (symbol, name, type, currency, synthetic, updated_at) VALUES ($1, $2, $3, 'USD', 0, $4)
       ON CONFLICT (symbol) DO NOTHING`,
      [p.symbol, p.name, p.type, now],
    );
    const r = await this.client.query<{ synthetic: number }>('SELECT synthetic FROM instruments WHERE symbol = $1', [
      symbol,
    ]);
    return r.rows[0]?.synthetic === 1;
  }

  async replaceSynthetic(symbol: string, now: number): Promise<void> {
    await this.client.query('DELETE FROM daily_bars WHERE symbol = $1', [symbol]);
    await this.client.query('UPDATE instruments SET synthetic = 0, updated_at = $1 WHERE symbol = $2', [now, symbol]);
  }

  async bars(rows: readonly BarTuple[]): Promise<void> {
    const n = rows.length;
    const cols: [string[], string[], number[], number[], number[], number[], number[]] = [
      new Array<string>(n),
      new Array<string>(n),
      new Array<number>(n),
      new Array<number>(n),
      new Array<number>(n),
      new Array<number>(n),
      new Array<number>(n),
    ];
    for (let i = 0; i < n; i++) {
      const r = rows[i]!;
      for (let c = 0; c < 7; c++) (cols[c] as Array<string | number>)[i] = r[c]!;
    }
    const result = await this.client.query<{ inserted: number; updated: number }>(BAR_UPSERT_PG, cols);
    this.counts.inserted += Number(result.rows[0]!.inserted);
    this.counts.updated += Number(result.rows[0]!.updated);
  }

  takeCounts(): WriteCounts {
    const c = this.counts;
    this.counts = { inserted: 0, updated: 0 };
    return c;
  }
}
