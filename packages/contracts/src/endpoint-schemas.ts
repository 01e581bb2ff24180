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
import type { EndpointName } from './endpoints.js';
import { indicatorsParamsSchema, indicatorsQuerySchema, indicatorsResponseSchema } from './indicators.js';
import {
  barsQuerySchema,
  barsResponseSchema,
  instrumentDetailSchema,
  instrumentSearchQuerySchema,
  instrumentSearchResponseSchema,
  symbolParamsSchema,
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
 * One endpoint's schemas, in Fastify's names: `params`, `querystring`, `body`, and `response`,
 * the answer's schema under `status` (200 unless said). An endpoint that answers without a
 * schema says so with `answer`, one that answers 204 with `noContent`; neither: `unknown`.
 */
export interface EndpointSchemaSet {
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
  signup: { body: signupRequestSchema, response: meResponseSchema, status: 201 },
  login: { body: loginRequestSchema, response: meResponseSchema },
  logout: { noContent: true },
  me: { response: meResponseSchema },
  preferences: { body: preferencesRequestSchema, response: meResponseSchema },
  passwordChange: { body: passwordChangeRequestSchema, response: meResponseSchema },
  passwordResetRequest: {
    body: passwordResetRequestSchema,
    response: z.object({ data: z.object({ status: z.literal('accepted') }) }),
    status: 202,
  },
  passwordResetConfirm: { body: passwordResetConfirmSchema },

  instrumentSearch: { querystring: instrumentSearchQuerySchema, response: instrumentSearchResponseSchema },
  instrument: { params: symbolParamsSchema, response: instrumentDetailSchema },
  bars: { params: symbolParamsSchema, querystring: barsQuerySchema, response: barsResponseSchema },
  marketFreshness: { response: freshnessSchema },

  seasonalityPattern: { querystring: patternQuerySchema, response: patternResponseSchema },
  seasonalityCalendar: { querystring: yearsQuerySchema, response: calendarResponseSchema },
  seasonalityChart: { querystring: chartQuerySchema, response: chartResponseSchema },
  seasonalityBestTrades: { querystring: bestTradesQuerySchema, response: bestTradesResponseSchema },
  seasonalityWalkForward: { querystring: walkForwardQuerySchema, response: walkForwardResponseSchema },
  seasonalityScan: { body: seasonalScanBodySchema, response: seasonalScanResponseSchema },
  seasonalityBacktest: { body: backtestBodySchema, response: backtestResponseSchema },
  indicators: {
    params: indicatorsParamsSchema,
    querystring: indicatorsQuerySchema,
    response: indicatorsResponseSchema,
  },
  scanner: { body: scanRequestSchema, response: scanResponseSchema },
  scannerPresets: { response: scanPresetsResponseSchema },
  scannerFields: { response: scanFieldsResponseSchema },
  scannerCheck: { body: scanCheckRequestSchema, response: scanCheckResponseSchema },
  heatmap: { querystring: heatmapQuerySchema, response: heatmapResponseSchema },
  marketOverview: { response: marketOverviewResponseSchema },

  watchlists: { response: watchlistListResponseSchema },
  watchlistCreate: { body: watchlistCreateSchema, response: watchlistResponseSchema, status: 201 },
  watchlist: { params: watchlistIdParamsSchema, response: watchlistResponseSchema },
  watchlistReplace: {
    params: watchlistIdParamsSchema,
    body: watchlistReplaceSchema,
    response: watchlistResponseSchema,
  },
  watchlistDelete: { params: watchlistIdParamsSchema, noContent: true },

  alerts: { answer: undeclared<{ data: Alert[]; limit: number; usage: AlertUsage }>() },
  alertCreate: { body: alertCreateSchema, answer: undeclared<{ data: AlertCreated }>() },
  alert: { params: alertIdParamsSchema, answer: undeclared<{ data: Alert }>() },
  alertUpdate: { params: alertIdParamsSchema, body: alertPatchSchema, answer: undeclared<{ data: AlertCreated }>() },
  alertDelete: { params: alertIdParamsSchema, noContent: true },
  alertHistory: { params: alertIdParamsSchema, answer: undeclared<{ data: AlertHistoryItem[] }>() },
  savedScans: { answer: undeclared<{ data: SavedScan[] }>() },
  savedScanCreate: { body: savedScanCreateSchema, answer: undeclared<{ data: SavedScan }>() },
  savedScan: { params: alertIdParamsSchema, answer: undeclared<{ data: SavedScan }>() },
  savedScanUpdate: {
    params: alertIdParamsSchema,
    body: savedScanPatchSchema,
    answer: undeclared<{ data: SavedScan }>(),
  },
  savedScanDelete: { params: alertIdParamsSchema, noContent: true },
  notifications: { querystring: notificationsQuerySchema, answer: undeclared<NotificationsResponse>() },
  notificationsUnreadCount: { answer: undeclared<{ unread: number }>() },
  notificationsRead: { body: notificationsReadSchema, answer: undeclared<{ changed: number; unread: number }>() },
  alertMail: { answer: undeclared<AlertMailPreference>() },
  alertMailSet: { body: alertMailPreferenceSchema, answer: undeclared<AlertMailPreference>() },

  products: { response: productsResponseSchema },
  paymentsConfig: { response: paymentsConfigSchema },
  checkout: { body: checkoutRequestSchema, response: checkoutResponseSchema },
  checkoutSession: { params: checkoutSessionParamsSchema, response: checkoutSessionSchema },
  checkoutPay: { params: checkoutSessionParamsSchema, body: payRequestSchema, response: payResponseSchema },
  subscription: { response: subscriptionResponseSchema },
  subscriptionPremium: { response: z.object({ access: z.literal(true), tools: z.array(z.string()) }) },
  subscriptionCancel: { response: subscriptionResponseSchema },
  subscriptionResume: { response: subscriptionResponseSchema },

  adminProducts: { response: z.array(adminProductSchema) },
  adminProductCreate: { body: adminProductCreateSchema, response: adminProductSchema, status: 201 },
  adminProductUpdate: { params: idParamsSchema, body: adminProductUpdateSchema, response: adminProductSchema },
  adminProductDelete: { params: idParamsSchema },
  adminPriceAdd: { params: idParamsSchema, body: adminPriceInputSchema, response: adminProductSchema, status: 201 },
  adminPriceRetire: { params: idParamsSchema },
  adminSubscriptionRefund: { params: idParamsSchema, answer: undeclared<{ refunded: true }>() },
  adminUsers: { querystring: adminUserSearchQuerySchema, response: z.object({ users: z.array(adminUserSchema) }) },
  adminUser: { params: idParamsSchema, response: adminUserSchema },
  adminUserRoles: { params: idParamsSchema, body: adminSetRolesSchema, response: adminUserSchema },
  adminUserContact: {
    params: idParamsSchema,
    response: z.object({ id: z.number().int(), tag_ids: z.array(z.number().int()) }),
  },
  adminUserSubscriptions: {
    params: idParamsSchema,
    response: z.object({ subscriptions: z.array(adminSubscriptionSchema) }),
  },
  adminSubscriberGrant: { params: idParamsSchema, body: tagChange },
  adminSubscriberRevoke: { params: idParamsSchema, body: tagChange },
  adminOutbox: {
    querystring: adminOutboxQuerySchema,
    response: z.object({ messages: z.array(outboxMessageSummarySchema) }),
  },
  adminOutboxMessage: { params: idParamsSchema, response: outboxMessageSchema },
  adminJobs: { querystring: adminJobsQuerySchema, response: adminJobsResponseSchema },
  adminJobsRun: { response: adminJobsRunResponseSchema },
  adminData: { response: adminDataResponseSchema },
  // The body may be left out: an update of every symbol.
  adminDataUpdate: { body: dataUpdateRequestSchema.prefault({}), answer: undeclared<{ data: { job: string } }>() },
  adminInstrumentAdd: {
    body: instrumentCreateSchema,
    answer: undeclared<{ data: { symbol: string; job: string } }>(),
  },
  adminInstrumentRemove: { params: symbolParamsSchema, querystring: instrumentRemoveQuerySchema, noContent: true },
} as const satisfies Record<EndpointName, EndpointSchemaSet>;

export type EndpointSchemas = typeof ENDPOINT_SCHEMAS;
