// What each endpoint of ENDPOINTS (endpoints.ts) takes and answers: its zod schemas, written
// once. The server's routeDeclarer reads its route's schemas from here (a route names its
// endpoint and cannot bring others), and endpoint-types.ts derives the web client's types from
// this table with `import type` (so no schema reaches the web's bundle through the types).
// The keys are ENDPOINTS' names, no more and no fewer: the compiler holds the two tables together.
import { z } from 'zod';
import {
  adminJobsQuerySchema,
  adminJobsResponseSchema,
  adminJobsRunResponseSchema,
  adminOutboxQuerySchema,
  adminSetRolesSchema,
  adminSubscriptionSchema,
  adminTagChangeSchema,
  adminUserSchema,
  adminUserSearchQuerySchema,
  outboxMessageSchema,
  outboxMessageSummarySchema,
} from './admin.js';
import {
  alertCreateSchema,
  alertIdParamsSchema,
  alertMailPreferenceSchema,
  alertPatchSchema,
  notificationsQuerySchema,
  notificationsReadSchema,
  savedScanCreateSchema,
  savedScanPatchSchema,
  type Alert,
  type AlertCreated,
  type AlertUsage,
  type Notification,
  type SavedScan,
} from './alerts.js';
import {
  loginRequestSchema,
  meResponseSchema,
  passwordChangeRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  preferencesRequestSchema,
  signupRequestSchema,
} from './auth.js';
import { backtestBodySchema, backtestResponseSchema } from './backtest.js';
import {
  adminPriceInputSchema,
  adminProductCreateSchema,
  adminProductSchema,
  adminProductUpdateSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  checkoutSessionParamsSchema,
  checkoutSessionSchema,
  idParamsSchema,
  paymentsConfigSchema,
  payRequestSchema,
  payResponseSchema,
  productsResponseSchema,
  subscriptionResponseSchema,
} from './billing.js';
import {
  adminDataResponseSchema,
  dataUpdateRequestSchema,
  freshnessSchema,
  instrumentCreateSchema,
  instrumentRemoveQuerySchema,
} from './data-updates.js';
import { historyReplacedSchema } from './history-mismatches.js';
import type { EndpointName } from './endpoints.js';
import { indicatorsParamsSchema, indicatorsQuerySchema, indicatorsResponseSchema } from './indicators.js';
import {
  barsQuerySchema,
  barsResponseSchema,
  instrumentDetailSchema,
  instrumentSearchQuerySchema,
  instrumentSearchResponseSchema,
  symbolParamsSchema,
  type AssetClass,
  type CalendarName,
} from './market-data.js';
import { heatmapQuerySchema, heatmapResponseSchema, marketOverviewResponseSchema } from './market.js';
import {
  scanCheckRequestSchema,
  scanCheckResponseSchema,
  scanFieldsResponseSchema,
  scanPresetsResponseSchema,
  scanRequestSchema,
  scanResponseSchema,
} from './scanner.js';
import {
  bestTradesQuerySchema,
  chartQuerySchema,
  patternQuerySchema,
  seasonalScanBodySchema,
  walkForwardQuerySchema,
  yearsQuerySchema,
} from './seasonality.js';
import {
  bestTradesResponseSchema,
  calendarResponseSchema,
  chartResponseSchema,
  patternResponseSchema,
  seasonalScanResponseSchema,
} from './seasonality-responses.js';
import { overfittingQuerySchema, overfittingResponseSchema } from './overfitting.js';
import { symbolChartParamsSchema, symbolChartQuerySchema, symbolChartResponseSchema } from './chart.js';
import { walkForwardResponseSchema } from './walk-forward.js';
import {
  watchlistCreateSchema,
  watchlistIdParamsSchema,
  watchlistListResponseSchema,
  watchlistReplaceSchema,
  watchlistResponseSchema,
} from './watchlists.js';

declare const answerType: unique symbol;
/** An answer the server writes without a schema: typed for callers, neither validated nor documented. */
export interface UndeclaredAnswer<T> {
  readonly [answerType]?: T;
}
/** `answer: undeclared<{ data: Alert[] }>()`: the type of an answer that has no schema. */
export const undeclared = <T>(): UndeclaredAnswer<T> => ({});

/**
 * One endpoint: its `summary` (the API document's line), its schemas in Fastify's names:
 * `params`, `querystring`, `body`, and `response`,
 * the answer's schema under `status` (200 unless said). An endpoint that answers without a
 * schema says so with `answer`, one that answers 204 with `noContent`; neither: `unknown`.
 */
export interface EndpointSchemaSet {
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response?: z.ZodType;
  readonly status?: 201 | 202;
  readonly answer?: UndeclaredAnswer<unknown>;
  readonly noContent?: true;
}

/** What one fired notification of an alert's history holds: a notification less its alert's id, name and kind. */
export type AlertHistoryItem = Omit<Notification, 'alertId' | 'alertName' | 'kind'>;

export interface NotificationsResponse {
  data: Notification[];
  unread: number;
}

type AlertMailPreference = z.output<typeof alertMailPreferenceSchema>;
/** The subscriber tag's grant and revoke take an optional body: `{}` when it is left out. */
const tagChange = adminTagChangeSchema.prefault({});

export const ENDPOINT_SCHEMAS = {
  signup: {
    summary: 'Creates an account and signs it in (sets the session cookie)',
    body: signupRequestSchema,
    response: meResponseSchema,
    status: 201,
  },
  login: {
    summary: 'Signs in with an e-mail address or username (sets the session cookie)',
    body: loginRequestSchema,
    response: meResponseSchema,
  },
  logout: { summary: 'Signs out: ends the session and clears its cookie', noContent: true },
  me: { summary: 'Who is signed in: the user, their roles and whether they subscribe', response: meResponseSchema },
  preferences: { summary: "Saves the user's preferences", body: preferencesRequestSchema, response: meResponseSchema },
  passwordChange: {
    summary: 'Changes the password; every other session ends',
    body: passwordChangeRequestSchema,
    response: meResponseSchema,
  },
  passwordResetRequest: {
    summary: 'Mails a password reset link (the same answer whether or not the address has an account)',
    body: passwordResetRequestSchema,
    response: z.object({ data: z.object({ status: z.literal('accepted') }) }),
    status: 202,
  },
  passwordResetConfirm: {
    summary: 'Sets a new password with a reset link; every session ends',
    body: passwordResetConfirmSchema,
  },

  instrumentSearch: {
    summary: 'Instruments whose symbol or name matches q',
    querystring: instrumentSearchQuerySchema,
    response: instrumentSearchResponseSchema,
  },
  instrument: {
    summary: 'One instrument with its latest close and change',
    params: symbolParamsSchema,
    response: instrumentDetailSchema,
  },
  bars: {
    summary: 'Daily bars of one symbol, optionally from and to a date',
    params: symbolParamsSchema,
    querystring: barsQuerySchema,
    response: barsResponseSchema,
  },
  marketFreshness: {
    summary: "How far the market's data is behind the last completed session",
    response: freshnessSchema,
  },

  seasonalityPattern: {
    summary: 'One seasonal window over every year, with its statistics',
    querystring: patternQuerySchema,
    response: patternResponseSchema,
  },
  seasonalityCalendar: {
    summary: 'Monthly and yearly returns with a per-month summary',
    querystring: yearsQuerySchema,
    response: calendarResponseSchema,
  },
  seasonalityChart: {
    summary: 'The average year (and detrended), with the current year',
    querystring: chartQuerySchema,
    response: chartResponseSchema,
  },
  seasonalityBestTrades: {
    summary: 'The best long and short windows of one symbol',
    querystring: bestTradesQuerySchema,
    response: bestTradesResponseSchema,
  },
  seasonalityWalkForward: {
    summary: 'Best trades out of sample: each year traded with the window chosen on the years before it',
    querystring: walkForwardQuerySchema,
    response: walkForwardResponseSchema,
  },
  seasonalityOverfitting: {
    summary: 'Whether the best window of a best-trades search is luck: Deflated Sharpe Ratio, PBO and Reality Check',
    querystring: overfittingQuerySchema,
    response: overfittingResponseSchema,
  },
  seasonalityScan: {
    summary: "Each symbol's best window starting in a date range",
    body: seasonalScanBodySchema,
    response: seasonalScanResponseSchema,
  },
  seasonalityBacktest: {
    summary: 'A strategy of 1 to 20 seasonal legs: equity curve, trades, metrics and the benchmark',
    body: backtestBodySchema,
    response: backtestResponseSchema,
  },
  indicators: {
    summary: 'The indicators of one symbol at its latest bar (with series=1, their chart series)',
    params: indicatorsParamsSchema,
    querystring: indicatorsQuerySchema,
    response: indicatorsResponseSchema,
  },
  symbolChart: {
    summary: 'A symbol’s daily, weekly or monthly candles with scan-language expressions and a comparison on them',
    params: symbolChartParamsSchema,
    querystring: symbolChartQuerySchema,
    response: symbolChartResponseSchema,
  },
  scanner: {
    summary: 'Runs a scan expression over every instrument (analytics.md)',
    body: scanRequestSchema,
    response: scanResponseSchema,
  },
  scannerPresets: { summary: 'The preset scans', response: scanPresetsResponseSchema },
  scannerFields: {
    summary: 'The fields a scan may use (aliases, whether the market has data), its functions and bounds',
    response: scanFieldsResponseSchema,
  },
  scannerCheck: {
    summary: 'Checks a scan expression as it is typed: its problem (code, params, position) or its live count',
    body: scanCheckRequestSchema,
    response: scanCheckResponseSchema,
  },
  heatmap: {
    summary: 'The heatmap of a universe over a period, sized by market cap or equally',
    querystring: heatmapQuerySchema,
    response: heatmapResponseSchema,
  },
  marketOverview: {
    summary: 'The market overview: indices, sectors and movers',
    response: marketOverviewResponseSchema,
  },

  watchlists: { summary: "The user's watchlists", response: watchlistListResponseSchema },
  watchlistCreate: {
    summary: 'Creates a watchlist',
    body: watchlistCreateSchema,
    response: watchlistResponseSchema,
    status: 201,
  },
  watchlist: { summary: 'One watchlist', params: watchlistIdParamsSchema, response: watchlistResponseSchema },
  watchlistReplace: {
    summary: 'Replaces the name and the symbols of a watchlist',
    params: watchlistIdParamsSchema,
    body: watchlistReplaceSchema,
    response: watchlistResponseSchema,
  },
  watchlistDelete: { summary: 'Deletes a watchlist', params: watchlistIdParamsSchema, noContent: true },

  alerts: {
    summary: "The subscriber's alerts, with the account's limit",
    answer: undeclared<{ data: Alert[]; limit: number; usage: AlertUsage }>(),
  },
  alertCreate: {
    summary: 'Creates an alert (scan, condition or seasonal)',
    body: alertCreateSchema,
    answer: undeclared<{ data: AlertCreated }>(),
  },
  alert: { summary: 'One alert', params: alertIdParamsSchema, answer: undeclared<{ data: Alert }>() },
  alertUpdate: {
    summary: 'Changes an alert (any field but its kind)',
    params: alertIdParamsSchema,
    body: alertPatchSchema,
    answer: undeclared<{ data: AlertCreated }>(),
  },
  alertDelete: { summary: 'Deletes an alert and what it fired', params: alertIdParamsSchema, noContent: true },
  alertHistory: {
    summary: 'What one alert fired, newest first',
    params: alertIdParamsSchema,
    answer: undeclared<{ data: AlertHistoryItem[] }>(),
  },
  savedScans: { summary: 'Scans saved in the account', answer: undeclared<{ data: SavedScan[] }>() },
  savedScanCreate: { summary: 'Saves a scan', body: savedScanCreateSchema, answer: undeclared<{ data: SavedScan }>() },
  savedScan: { summary: 'One saved scan', params: alertIdParamsSchema, answer: undeclared<{ data: SavedScan }>() },
  savedScanUpdate: {
    summary: 'Renames or changes a saved scan',
    params: alertIdParamsSchema,
    body: savedScanPatchSchema,
    answer: undeclared<{ data: SavedScan }>(),
  },
  savedScanDelete: { summary: 'Deletes a saved scan', params: alertIdParamsSchema, noContent: true },
  notifications: {
    summary: 'What fired, newest first, and the unread count',
    querystring: notificationsQuerySchema,
    answer: undeclared<NotificationsResponse>(),
  },
  notificationsUnreadCount: { summary: "The bell's count", answer: undeclared<{ unread: number }>() },
  notificationsRead: {
    summary: 'Marks notifications read (ids, or all)',
    body: notificationsReadSchema,
    answer: undeclared<{ changed: number; unread: number }>(),
  },
  alertMail: { summary: 'Whether the daily alert digest is sent', answer: undeclared<AlertMailPreference>() },
  alertMailSet: {
    summary: 'Turns the daily alert digest on or off',
    body: alertMailPreferenceSchema,
    answer: undeclared<AlertMailPreference>(),
  },

  products: { summary: 'The products on sale and their active prices', response: productsResponseSchema },
  paymentsConfig: { summary: 'Which payment provider checkout uses', response: paymentsConfigSchema },
  checkout: { summary: 'Starts a checkout for a price', body: checkoutRequestSchema, response: checkoutResponseSchema },
  checkoutSession: {
    summary: "One of the user's checkout sessions",
    params: checkoutSessionParamsSchema,
    response: checkoutSessionSchema,
  },
  checkoutPay: {
    summary: 'Pays a test-mode checkout session with a test card',
    params: checkoutSessionParamsSchema,
    body: payRequestSchema,
    response: payResponseSchema,
  },
  subscription: { summary: "The user's subscription", response: subscriptionResponseSchema },
  subscriptionPremium: {
    summary: 'Answers only to subscribers and admins: the cheap probe of premium access',
    response: z.object({ access: z.literal(true), tools: z.array(z.string()) }),
  },
  subscriptionCancel: {
    summary: 'Cancels the subscription at the end of its period',
    response: subscriptionResponseSchema,
  },
  subscriptionResume: {
    summary: 'Resumes a subscription cancelled before its period ended',
    response: subscriptionResponseSchema,
  },

  adminProducts: { summary: 'Every product with every price, retired ones too', response: z.array(adminProductSchema) },
  adminProductCreate: {
    summary: 'Creates a product',
    body: adminProductCreateSchema,
    response: adminProductSchema,
    status: 201,
  },
  adminProductUpdate: {
    summary: 'Changes a product',
    params: idParamsSchema,
    body: adminProductUpdateSchema,
    response: adminProductSchema,
  },
  adminProductDelete: { summary: 'Deletes a product nobody has bought, else retires it', params: idParamsSchema },
  adminPriceAdd: {
    summary: 'Adds a price to a product',
    params: idParamsSchema,
    body: adminPriceInputSchema,
    response: adminProductSchema,
    status: 201,
  },
  adminPriceRetire: { summary: 'Retires a price (it stays on the subscriptions that use it)', params: idParamsSchema },
  adminSubscriptionRefund: {
    summary: 'Refunds a subscription and ends it now',
    params: idParamsSchema,
    answer: undeclared<{ refunded: true }>(),
  },
  adminUsers: {
    summary: 'Users whose e-mail address or username matches q',
    querystring: adminUserSearchQuerySchema,
    response: z.object({ users: z.array(adminUserSchema) }),
  },
  adminUser: { summary: 'One user', params: idParamsSchema, response: adminUserSchema },
  adminUserRoles: {
    summary: "Sets a user's roles",
    params: idParamsSchema,
    body: adminSetRolesSchema,
    response: adminUserSchema,
  },
  adminUserContact: {
    summary: "A user's contact record and its tags (2582 = subscriber)",
    params: idParamsSchema,
    response: z.object({ id: z.number().int(), tag_ids: z.array(z.number().int()) }),
  },
  adminUserSubscriptions: {
    summary: "A user's subscriptions, ended ones too",
    params: idParamsSchema,
    response: z.object({ subscriptions: z.array(adminSubscriptionSchema) }),
  },
  adminSubscriberGrant: { summary: 'Grants the subscriber tag', params: idParamsSchema, body: tagChange },
  adminSubscriberRevoke: {
    summary: 'Revokes the subscriber tag (and ends a subscription it came with)',
    params: idParamsSchema,
    body: tagChange,
  },
  adminOutbox: {
    summary: 'Mail sent or stored, newest first',
    querystring: adminOutboxQuerySchema,
    response: z.object({ messages: z.array(outboxMessageSummarySchema) }),
  },
  adminOutboxMessage: {
    summary: 'One message with its text and HTML (reset links redacted)',
    params: idParamsSchema,
    response: outboxMessageSchema,
  },
  adminJobs: {
    summary: 'The job queue: pending, running, failed and recent jobs',
    querystring: adminJobsQuerySchema,
    response: adminJobsResponseSchema,
  },
  adminJobsRun: {
    summary: 'Runs due jobs now (the poller does this every JOBS_POLL_INTERVAL_MS)',
    response: adminJobsRunResponseSchema,
  },
  adminData: {
    summary:
      'The data page: freshness, the schedule, providers, recent runs, failing symbols, histories that do not join and instruments',
    response: adminDataResponseSchema,
  },
  // The body may be left out: an update of every symbol.
  adminDataUpdate: {
    summary: 'Starts a data update now (every tracked symbol, or the ones named)',
    body: dataUpdateRequestSchema.prefault({}),
    answer: undeclared<{ data: { job: string } }>(),
  },
  adminInstrumentAdd: {
    summary: 'Adds an instrument as Yahoo describes it (class, currency, calendar) and backfills its history',
    body: instrumentCreateSchema,
    answer: undeclared<{
      data: { symbol: string; job: string; assetClass: AssetClass; currency: string; calendar: CalendarName };
    }>(),
  },
  adminInstrumentRemove: {
    summary: 'Stops updating an instrument; its history stays unless purge=true',
    params: symbolParamsSchema,
    querystring: instrumentRemoveQuerySchema,
    noContent: true,
  },
  adminHistoryReplace: {
    summary:
      "Replaces a symbol's stored history with the first provider's, keeping the replaced bars until the next backup",
    params: symbolParamsSchema,
    response: historyReplacedSchema,
  },
} as const satisfies Record<EndpointName, EndpointSchemaSet>;

export type EndpointSchemas = typeof ENDPOINT_SCHEMAS;
