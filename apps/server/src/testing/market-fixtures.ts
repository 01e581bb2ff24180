import type { LightMyRequestResponse } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { PriceSeries } from '@solstice/analytics';
import { beforeAll } from 'vitest';
import type { Database, InstrumentsTable } from '../db/schema.js';
import { readBarRows, writeBarRows, type DailyBar } from '../modules/market/bars/stored-series.js';
import type { DialectName } from '../db/database.js';
import { signedInUser, type SignedIn } from './auth-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';
import { useFixture } from './test-fixtures.js';

type InstrumentRow = Insertable<InstrumentsTable>;

/** An instruments row: a USD stock named after its symbol, with no exchange, sector, industry or market cap. */
export function instrumentRow(symbol: string, fields: Partial<InstrumentRow> = {}): InstrumentRow {
  const unknown = { exchange: null, sector: null, industry: null, market_cap: null };
  return { symbol, name: symbol, type: 'stock', currency: 'USD', synthetic: 0, updated_at: 0, ...unknown, ...fields };
}

/** The instruments row of `symbol`; throws when there is none. */
export function readInstrument(db: Kysely<Database>, symbol: string) {
  return db.selectFrom('instruments').selectAll().where('symbol', '=', symbol).executeTakeFirstOrThrow();
}

/** A daily bar whose open, high and low equal the close. */
export function flatBar(symbol: string, date: string, close: number, volume = 1000): DailyBar {
  return { symbol, date, open: close, high: close, low: close, close, volume };
}

/** One bar a weekday from `from` to `to` (day numbers, inclusive), priced from the day number; `skip` leaves some weekdays out. */
export function weekdayBars(
  symbol: string,
  [from, to]: readonly [from: number, to: number],
  price: (day: number) => number,
  skip: (weekday: number) => boolean = () => false,
): DailyBar[] {
  const rows = [];
  for (let d = from; d <= to; d++) {
    const weekday = new Date(d * 86_400_000).getUTCDay();
    if (weekday === 0 || weekday === 6 || skip(weekday)) continue;
    rows.push(flatBar(symbol, new Date(d * 86_400_000).toISOString().slice(0, 10), price(d)));
  }
  return rows;
}

/** Writes bars into the store (inserted, or updated when a date is already stored). */
export async function insertBars(db: Kysely<Database>, rows: readonly DailyBar[]) {
  await writeBarRows(db, rows);
}

/** The stored bars of `symbol` in date order, without the symbol (as a FakeMarket lists them). */
export async function storedBars(db: Kysely<Database>, symbol: string): Promise<Array<Omit<DailyBar, 'symbol'>>> {
  return (await readBarRows(db, symbol)).map(({ symbol: _symbol, ...bar }) => bar);
}

/** An instrument (an index when the symbol starts with ^) with its bars, volumes whole as the store keeps them. */
export async function storeInstrument(
  db: Kysely<Database>,
  symbol: string,
  bars: ReadonlyArray<Omit<DailyBar, 'symbol'>>,
): Promise<void> {
  await db
    .insertInto('instruments')
    .values(instrumentRow(symbol, { type: symbol.startsWith('^') ? 'index' : 'stock' }))
    .execute();
  await insertBars(
    db,
    bars.map((b) => ({ symbol, ...b, volume: Math.round(b.volume) })),
  );
}

export interface TestInstrument {
  symbol: string;
  name?: string;
  type?: 'stock' | 'etf' | 'index';
  sector?: string | null;
  industry?: string | null;
  marketCap?: number | null;
}

/** Closes on dates; open, high and low equal the close. */
export type TestBars = Record<string, ReadonlyArray<readonly [date: string, close: number]>>;

/** Inserts instruments (and bars) into a test app's database and reloads its market cache. */
export async function addMarketData(
  t: Pick<TestApp, 'database' | 'services'>,
  instruments: TestInstrument[],
  bars: TestBars = {},
) {
  await addMarketRows(
    t,
    instruments.map((i) =>
      instrumentRow(i.symbol, {
        name: i.name ?? `${i.symbol} Inc.`,
        type: i.type ?? 'stock',
        sector: i.sector ?? null,
        industry: i.industry ?? null,
        market_cap: i.marketCap ?? null,
      }),
    ),
    Object.entries(bars).flatMap(([symbol, list]) => list.map(([date, close]) => flatBar(symbol, date, close))),
  );
}

/** Inserts instruments and bars rows into a test app's database and reloads its market cache. */
export async function addMarketRows(
  t: Pick<TestApp, 'database' | 'services'>,
  instruments: readonly InstrumentRow[],
  bars: readonly DailyBar[] = [],
) {
  if (instruments.length > 0) await t.database.db.insertInto('instruments').values(instruments).execute();
  await insertBars(t.database.db, bars);
  await t.services.market.reload();
}

/**
 * A describe block's test app with a market and a subscriber, and requests as the subscriber.
 * Its methods may be taken apart where the block is declared; `t` and `subscriber` are read in
 * the tests.
 */
export interface MarketSuite {
  readonly t: TestApp;
  readonly subscriber: SignedIn;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload: object): Promise<LightMyRequestResponse>;
  /** The market's series of `symbol`; throws when it has none. */
  series(symbol: string): PriceSeries;
}

/**
 * For the tests of the enclosing describe block: a test app whose market `fill` fills, and a
 * subscriber signed in on it, made before the tests and closed after them.
 */
export function useMarketSuite(dialect: DialectName, fill: (t: TestApp) => Promise<void>): MarketSuite {
  const made = useFixture(
    'all',
    async () => {
      const t = await createTestApp(dialect);
      await fill(t);
      return { t, subscriber: await signedInUser(t, { subscriber: true }) };
    },
    ({ t }) => t.close(),
  );
  return {
    get t() {
      return made.t;
    },
    get subscriber() {
      return made.subscriber;
    },
    get: (url) => made.t.app.inject({ method: 'GET', url, headers: made.subscriber.headers }),
    post: (url, payload) => made.t.app.inject({ method: 'POST', url, headers: made.subscriber.headers, payload }),
    series: (symbol) => {
      const series = made.t.services.market.series(symbol);
      if (!series) throw new Error(`no series of ${symbol} in the test market`);
      return series;
    },
  };
}

/**
 * useMarketSuite with these instruments and bars (handed to `take` too, when given, once made).
 */
export function marketAppDuringSuite(
  dialect: DialectName,
  instruments: TestInstrument[],
  bars: TestBars,
  take?: (app: { t: TestApp; subscriber: SignedIn }) => void,
): MarketSuite {
  const suite = useMarketSuite(dialect, (t) => addMarketData(t, instruments, bars));
  if (take) beforeAll(() => take({ t: suite.t, subscriber: suite.subscriber }));
  return suite;
}

/**
 * Mon 2024-01-01 … Tue 01-09 (the weekdays): AAA closing at `aaa` (one a day), BBB flat at 20,
 * SPY at 100 and 110 on the last day, missing 01-08.
 */
export function twoWeeksOfBars(aaa: readonly number[]): TestBars {
  const dates = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-08', '2024-01-09'];
  return {
    AAA: dates.map((d, i) => [d, aaa[i]!] as const),
    BBB: dates.map((d) => [d, 20] as const),
    SPY: dates.filter((d) => d !== '2024-01-08').map((d) => [d, d === '2024-01-09' ? 110 : 100] as const),
  };
}
