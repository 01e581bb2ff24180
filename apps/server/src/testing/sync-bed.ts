import type { DialectName } from '../db/database.js';
import type { MarketDataProvider } from '../modules/market/providers/provider.js';
import { createTiingoProvider } from '../modules/market/providers/tiingo.js';
import { createYahooProvider } from '../modules/market/providers/yahoo.js';
import {
  startFakeTiingo,
  startFakeYahoo,
  type FakeHttpServer,
  type FakeMarket,
  type FakeYahoo,
  type TiingoStep,
} from './fake-providers/index.js';
import { FAST, testDeps } from './fake-providers/test-deps.js';
import type { TestDatabase } from './test-databases.js';
import { lateBound, useFixture, useTestDatabase } from './test-fixtures.js';

export type SyncBedProvider = 'tiingo' | 'yahoo';

/** What a sync test runs against; each field stands for the current test's. */
export interface SyncBed {
  database: TestDatabase;
  market: FakeMarket;
  tiingo: FakeHttpServer<TiingoStep>;
  yahoo: FakeYahoo;
  /** Adapters on the stand-ins in the order given (Tiingo, then Yahoo, by default): FAST, test deps. */
  providers(which?: readonly SyncBedProvider[]): MarketDataProvider[];
  /** The Tiingo stand-in closed and started again on another market. */
  restartTiingo(market: FakeMarket): Promise<void>;
}

/**
 * For each test of the enclosing describe block: a fresh database on `dialect`, and the market
 * `newMarket` makes served by a Tiingo stand-in (which wants `apiKey`) and a Yahoo one.
 */
export function useSyncBed(dialect: DialectName, apiKey: string, newMarket: () => FakeMarket): SyncBed {
  const database = useTestDatabase(dialect, 'each');
  const bed = useFixture(
    'each',
    async () => {
      const market = newMarket();
      const tiingo = await startFakeTiingo(market, { apiKey });
      return { market, tiingo, yahoo: await startFakeYahoo(market) };
    },
    async ({ tiingo, yahoo }) => {
      await tiingo.close();
      await yahoo.close();
    },
  );
  return {
    database,
    market: lateBound(() => bed.market),
    tiingo: lateBound(() => bed.tiingo),
    yahoo: lateBound(() => bed.yahoo),
    providers(which = ['tiingo', 'yahoo']) {
      const { deps } = testDeps();
      return which.map((id) =>
        id === 'tiingo'
          ? createTiingoProvider({ apiKey, baseUrl: bed.tiingo.baseUrl, policy: FAST, deps })
          : createYahooProvider({ baseUrl: bed.yahoo.baseUrl, policy: FAST, deps }),
      );
    },
    async restartTiingo(market) {
      await bed.tiingo.close();
      bed.tiingo = await startFakeTiingo(market, { apiKey });
    },
  };
}
