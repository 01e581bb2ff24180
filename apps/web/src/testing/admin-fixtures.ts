// The admin API's answers, with overrides: users, subscriptions, products, jobs and data updates.
import type { AdminDataResponse, AdminJob, AdminProduct, AdminUser } from '@solstice/contracts';

/** Ada (id 7), a member with the subscriber tag since 2026-01-02. */
export const ADA: AdminUser = {
  id: 7,
  email: 'ada@example.com',
  username: 'ada',
  roles: ['member'],
  subscriber: true,
  createdAt: '2026-01-02T10:00:00.000Z',
};

/** One of a user's subscriptions: Solstice Pro at $29 a month, active until 2026-12-02. */
export function adminSubscription(overrides: Record<string, unknown> = {}) {
  return {
    id: 31,
    status: 'active',
    provider: 'test',
    productName: 'Solstice Pro',
    priceId: 11,
    amount: 2900,
    currency: 'usd',
    interval: 'month',
    currentPeriodEnd: '2026-12-02T10:00:00.000Z',
    cancelAtPeriodEnd: false,
    endReason: null,
    endedAt: null,
    createdAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

/** Solstice Pro with one price on sale ($29 a month unless overridden). */
export function adminProduct(
  price: Partial<AdminProduct['prices'][number]> = {},
  overrides: Partial<AdminProduct> = {},
): AdminProduct {
  return {
    id: 1,
    name: 'Solstice Pro',
    description: 'Every tool',
    active: true,
    prices: [{ id: 11, amount: 2900, currency: 'usd', interval: 'month', active: true, ...price }],
    ...overrides,
  };
}

/** A pending mail job due at 2026-11-20 10:00 UTC. */
export function adminJob(overrides: Partial<AdminJob> = {}): AdminJob {
  return {
    id: 1,
    kind: 'mail',
    uniqueKey: 'mail:1',
    status: 'pending',
    runAt: '2026-11-20T10:00:00.000Z',
    attempts: 0,
    lastError: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

/** A password-reset mail stored in the outbox on 2026-11-20. */
export const RESET_MAIL = {
  id: 5,
  to: 'ada@example.com',
  template: 'password-reset',
  subject: 'Reset your Solstice password',
  transport: 'outbox',
  status: 'stored',
  createdAt: '2026-11-20T10:00:00.000Z',
};

export type DataRun = AdminDataResponse['runs'][number];

/** Friday 2026-11-20, 23:30 UTC: when the scheduled update ran. */
export const FRIDAY_RUN = Date.UTC(2026, 10, 20, 23, 30);

/** The scheduled update of Friday's session: partial, tiingo and yahoo one symbol each, one failed. */
export function dataRun(overrides: Partial<DataRun> = {}): DataRun {
  return {
    id: 1,
    trigger: 'schedule',
    session: '2026-11-20',
    startedAt: FRIDAY_RUN,
    finishedAt: FRIDAY_RUN + 60_000,
    status: 'partial',
    providers: ['tiingo', 'yahoo'],
    updated: 2,
    unchanged: 0,
    failed: 1,
    inserted: 2,
    error: null,
    byProvider: { tiingo: 1, yahoo: 1 },
    ...overrides,
  };
}

type DataInstrument = AdminDataResponse['instruments'][number];

/** BBB (Bravo), tracked, with 2990 bars from 2015-01-02 to 2026-11-20. */
export const BRAVO: DataInstrument = {
  symbol: 'BBB',
  name: 'Bravo',
  synthetic: false,
  tracked: true,
  firstBar: '2015-01-02',
  lastBar: '2026-11-20',
  bars: 2990,
  calendar: 'nyse',
  tradingDaysBehind: 0,
};

/** GET /api/v1/admin/data: current data, the schedule on, three providers (eodhd off), one run, one failing symbol, three instruments. */
export function adminData(overrides: Partial<AdminDataResponse> = {}): AdminDataResponse {
  return {
    freshness: { asOf: '2026-11-20', lastSession: '2026-11-20', tradingDaysBehind: 0 },
    schedule: { enabled: true, time: '18:30 America/New_York', nextRunAt: Date.UTC(2026, 10, 23, 23, 30) },
    providers: [
      { id: 'tiingo', on: true, reason: null },
      { id: 'eodhd', on: false, reason: 'EODHD_API_KEY is not set' },
      { id: 'yahoo', on: true, reason: null },
    ],
    runs: [dataRun()],
    failing: [{ symbol: 'CCC', reason: 'yahoo: No data found, symbol may be delisted' }],
    historyMismatches: [],
    instruments: [
      BRAVO,
      {
        symbol: 'AAA',
        name: 'Alpha',
        synthetic: false,
        tracked: true,
        firstBar: '2026-10-01',
        lastBar: '2026-11-13',
        bars: 37,
        calendar: 'nyse',
        tradingDaysBehind: 5,
      },
      {
        symbol: 'CCC',
        name: 'Charlie',
        synthetic: true,
        tracked: false,
        firstBar: null,
        lastBar: null,
        bars: 0,
        calendar: 'nyse',
        tradingDaysBehind: null,
      },
    ],
    ...overrides,
  };
}
