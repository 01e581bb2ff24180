import type { LightMyRequestResponse } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Database, InstrumentsTable } from '../db/schema.js';
import { writeBarRows, type DailyBar } from '../modules/market/bars/stored-series.js';
import type { DialectName } from '../db/database.js';
import { signedInUser, type SignedIn } from './auth-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

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

/** A test app with these instruments and bars in its market, and a subscriber signed in on it. */
export async function marketAppWithSubscriber(
  dialect: DialectName,
  instruments: TestInstrument[],
  bars: TestBars,
): Promise<{ t: TestApp; subscriber: SignedIn }> {
  const t = await createTestApp(dialect);
  await addMarketData(t, instruments, bars);
  return { t, subscriber: await signedInUser(t, { subscriber: true }) };
}

/** The app of a describe block's market and its subscriber, once its beforeAll has run. */
export interface MarketSuite {
  readonly t: TestApp;
  readonly subscriber: SignedIn;
  /** POST /api/v1/scanner as the subscriber. */
  scan(payload: object): Promise<LightMyRequestResponse>;
}

/**
 * marketAppWithSubscriber for a whole describe block: made before its tests (and handed to
 * `take` when given), closed after them.
 */
export function marketAppDuringSuite(
  dialect: DialectName,
  instruments: TestInstrument[],
  bars: TestBars,
  take?: (app: { t: TestApp; subscriber: SignedIn }) => void,
): MarketSuite {
  let made: { t: TestApp; subscriber: SignedIn } | undefined;
  beforeAll(async () => {
    made = await marketAppWithSubscriber(dialect, instruments, bars);
    take?.(made);
  });
  afterAll(async () => {
    await made?.t.close();
  });
  const ready = () => {
    if (!made) throw new Error("the market app is made in the suite's beforeAll");
    return made;
  };
  return {
    get t() {
      return ready().t;
    },
    get subscriber() {
      return ready().subscriber;
    },
    scan: (payload) => {
      const { t, subscriber } = ready();
      return t.app.inject({ method: 'POST', url: '/api/v1/scanner', headers: subscriber.headers, payload });
    },
  };
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
