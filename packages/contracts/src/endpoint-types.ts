// What each endpoint of ENDPOINTS (endpoints.ts) takes and answers, as types only: every
// schema is imported with `import type`, so nothing here reaches a bundle. The types come
// from the same schemas the server's routes declare (z.input for what a caller sends,
// z.output for the answer), so a changed schema changes the web client's types too.
import type { z } from 'zod';
import type {
  adminDataResponseSchema,
  dataUpdateRequestSchema,
  freshnessSchema,
  instrumentCreateSchema,
  instrumentRemoveQuerySchema,
} from './data-updates.js';
import type {
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
import type {
  Alert,
  AlertUsage,
  AlertCreated,
  alertCreateSchema,
  alertMailPreferenceSchema,
  alertPatchSchema,
  Notification,
  notificationsQuerySchema,
  notificationsReadSchema,
  SavedScan,
  savedScanCreateSchema,
  savedScanPatchSchema,
} from './alerts.js';
import type {
  loginRequestSchema,
  meResponseSchema,
  passwordChangeRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  preferencesRequestSchema,
  signupRequestSchema,
} from './auth.js';
import type { backtestBodySchema, backtestResponseSchema } from './backtest.js';
import type {
  adminPriceInputSchema,
  adminProductCreateSchema,
  adminProductSchema,
  adminProductUpdateSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  checkoutSessionSchema,
  paymentsConfigSchema,
  payRequestSchema,
  payResponseSchema,
  productsResponseSchema,
  subscriptionResponseSchema,
} from './billing.js';
import type { EndpointName, EndpointParams, PathParamNames, Endpoints } from './endpoints.js';
import type { indicatorsQuerySchema, indicatorsResponseSchema } from './indicators.js';
import type { symbolChartQuerySchema, symbolChartResponseSchema } from './chart.js';
import type {
  barsQuerySchema,
  barsResponseSchema,
  instrumentDetailSchema,
  instrumentSearchQuerySchema,
  instrumentSearchResponseSchema,
} from './market-data.js';
import type { heatmapQuerySchema, heatmapResponseSchema, marketOverviewResponseSchema } from './market.js';
import type {
  scanCheckRequestSchema,
  scanCheckResponseSchema,
  scanFieldsResponseSchema,
  scanPresetsResponseSchema,
  scanRequestSchema,
  scanResponseSchema,
} from './scanner.js';
import type {
  bestTradesQuerySchema,
  chartQuerySchema,
  patternQuerySchema,
  seasonalScanBodySchema,
  walkForwardQuerySchema,
  yearsQuerySchema,
} from './seasonality.js';
import type {
  bestTradesResponseSchema,
  calendarResponseSchema,
  chartResponseSchema,
  patternResponseSchema,
  seasonalScanResponseSchema,
} from './seasonality-responses.js';
import type { walkForwardResponseSchema } from './walk-forward.js';
import type { overfittingQuerySchema, overfittingResponseSchema } from './overfitting.js';
import type {
  watchlistCreateSchema,
  watchlistListResponseSchema,
  watchlistReplaceSchema,
  watchlistResponseSchema,
} from './watchlists.js';

/** A value of a query string: left out when undefined, null, '' or []; a list repeats its key. */
export type QueryValue = string | number | boolean | null | undefined | readonly string[];

/** A query string as a caller writes it: the schema's keys, each one optional, any query value. */
type Query<S extends z.ZodType> = { [K in keyof z.output<S>]?: QueryValue };
type Body<S extends z.ZodType> = z.input<S>;
type Answer<S extends z.ZodType> = z.output<S>;

/** What one fired notification of an alert's history holds: a notification less its alert's id, name and kind. */
export type AlertHistoryItem = Omit<Notification, 'alertId' | 'alertName' | 'kind'>;

export interface NotificationsResponse {
  data: Notification[];
  unread: number;
}

/**
 * Per endpoint: `query` (the query string), `body` (the JSON body) and `response` (the
 * answer's body). Path parameters come from the path itself (EndpointParams). A key that is
 * missing means the endpoint takes none; `response: void` is a 204.
 */
export interface EndpointTypes {
  signup: { body: Body<typeof signupRequestSchema>; response: Answer<typeof meResponseSchema> };
  login: { body: Body<typeof loginRequestSchema>; response: Answer<typeof meResponseSchema> };
  logout: { response: void };
  me: { response: Answer<typeof meResponseSchema> };
  preferences: { body: Body<typeof preferencesRequestSchema>; response: Answer<typeof meResponseSchema> };
  passwordChange: { body: Body<typeof passwordChangeRequestSchema>; response: Answer<typeof meResponseSchema> };
  passwordResetRequest: {
    body: Body<typeof passwordResetRequestSchema>;
    response: { data: { status: 'accepted' } };
  };
  passwordResetConfirm: { body: Body<typeof passwordResetConfirmSchema>; response: unknown };

  instrumentSearch: {
    query: Query<typeof instrumentSearchQuerySchema>;
    response: Answer<typeof instrumentSearchResponseSchema>;
  };
  instrument: { response: Answer<typeof instrumentDetailSchema> };
  bars: { query: Query<typeof barsQuerySchema>; response: Answer<typeof barsResponseSchema> };
  marketFreshness: { response: Answer<typeof freshnessSchema> };

  seasonalityPattern: { query: Query<typeof patternQuerySchema>; response: Answer<typeof patternResponseSchema> };
  seasonalityCalendar: { query: Query<typeof yearsQuerySchema>; response: Answer<typeof calendarResponseSchema> };
  seasonalityChart: { query: Query<typeof chartQuerySchema>; response: Answer<typeof chartResponseSchema> };
  seasonalityBestTrades: {
    query: Query<typeof bestTradesQuerySchema>;
    response: Answer<typeof bestTradesResponseSchema>;
  };
  seasonalityWalkForward: {
    query: Query<typeof walkForwardQuerySchema>;
    response: Answer<typeof walkForwardResponseSchema>;
  };
  seasonalityOverfitting: {
    query: Query<typeof overfittingQuerySchema>;
    response: Answer<typeof overfittingResponseSchema>;
  };
  seasonalityScan: { body: Body<typeof seasonalScanBodySchema>; response: Answer<typeof seasonalScanResponseSchema> };
  seasonalityBacktest: { body: Body<typeof backtestBodySchema>; response: Answer<typeof backtestResponseSchema> };
  indicators: { query: Query<typeof indicatorsQuerySchema>; response: Answer<typeof indicatorsResponseSchema> };
  symbolChart: { query: Query<typeof symbolChartQuerySchema>; response: Answer<typeof symbolChartResponseSchema> };
  scanner: { body: Body<typeof scanRequestSchema>; response: Answer<typeof scanResponseSchema> };
  scannerPresets: { response: Answer<typeof scanPresetsResponseSchema> };
  scannerFields: { response: Answer<typeof scanFieldsResponseSchema> };
  scannerCheck: { body: Body<typeof scanCheckRequestSchema>; response: Answer<typeof scanCheckResponseSchema> };
  heatmap: { query: Query<typeof heatmapQuerySchema>; response: Answer<typeof heatmapResponseSchema> };
  marketOverview: { response: Answer<typeof marketOverviewResponseSchema> };

  watchlists: { response: Answer<typeof watchlistListResponseSchema> };
  watchlistCreate: { body: Body<typeof watchlistCreateSchema>; response: Answer<typeof watchlistResponseSchema> };
  watchlist: { response: Answer<typeof watchlistResponseSchema> };
  watchlistReplace: { body: Body<typeof watchlistReplaceSchema>; response: Answer<typeof watchlistResponseSchema> };
  watchlistDelete: { response: void };

  alerts: { response: { data: Alert[]; limit: number; usage: AlertUsage } };
  alertCreate: { body: Body<typeof alertCreateSchema>; response: { data: AlertCreated } };
  alert: { response: { data: Alert } };
  alertUpdate: { body: Body<typeof alertPatchSchema>; response: { data: AlertCreated } };
  alertDelete: { response: void };
  alertHistory: { response: { data: AlertHistoryItem[] } };
  savedScans: { response: { data: SavedScan[] } };
  savedScanCreate: { body: Body<typeof savedScanCreateSchema>; response: { data: SavedScan } };
  savedScan: { response: { data: SavedScan } };
  savedScanUpdate: { body: Body<typeof savedScanPatchSchema>; response: { data: SavedScan } };
  savedScanDelete: { response: void };
  notifications: { query: Query<typeof notificationsQuerySchema>; response: NotificationsResponse };
  notificationsUnreadCount: { response: { unread: number } };
  notificationsRead: { body: Body<typeof notificationsReadSchema>; response: { changed: number; unread: number } };
  alertMail: { response: Answer<typeof alertMailPreferenceSchema> };
  alertMailSet: { body: Body<typeof alertMailPreferenceSchema>; response: Answer<typeof alertMailPreferenceSchema> };

  products: { response: Answer<typeof productsResponseSchema> };
  paymentsConfig: { response: Answer<typeof paymentsConfigSchema> };
  checkout: { body: Body<typeof checkoutRequestSchema>; response: Answer<typeof checkoutResponseSchema> };
  checkoutSession: { response: Answer<typeof checkoutSessionSchema> };
  checkoutPay: { body: Body<typeof payRequestSchema>; response: Answer<typeof payResponseSchema> };
  subscription: { response: Answer<typeof subscriptionResponseSchema> };
  subscriptionPremium: { response: { access: true; tools: string[] } };
  subscriptionCancel: { response: Answer<typeof subscriptionResponseSchema> };
  subscriptionResume: { response: Answer<typeof subscriptionResponseSchema> };

  adminProducts: { response: Answer<typeof adminProductSchema>[] };
  adminProductCreate: { body: Body<typeof adminProductCreateSchema>; response: Answer<typeof adminProductSchema> };
  adminProductUpdate: { body: Body<typeof adminProductUpdateSchema>; response: Answer<typeof adminProductSchema> };
  adminProductDelete: { response: unknown };
  adminPriceAdd: { body: Body<typeof adminPriceInputSchema>; response: Answer<typeof adminProductSchema> };
  adminPriceRetire: { response: unknown };
  adminSubscriptionRefund: { response: { refunded: true } };
  adminUsers: {
    query: Query<typeof adminUserSearchQuerySchema>;
    response: { users: Answer<typeof adminUserSchema>[] };
  };
  adminUser: { response: Answer<typeof adminUserSchema> };
  adminUserRoles: { body: Body<typeof adminSetRolesSchema>; response: Answer<typeof adminUserSchema> };
  adminUserContact: { response: { id: number; tag_ids: number[] } };
  adminUserSubscriptions: { response: { subscriptions: Answer<typeof adminSubscriptionSchema>[] } };
  adminSubscriberGrant: { body?: Body<typeof adminTagChangeSchema>; response: unknown };
  adminSubscriberRevoke: { body?: Body<typeof adminTagChangeSchema>; response: unknown };
  adminOutbox: {
    query: Query<typeof adminOutboxQuerySchema>;
    response: { messages: Answer<typeof outboxMessageSummarySchema>[] };
  };
  adminOutboxMessage: { response: Answer<typeof outboxMessageSchema> };
  adminJobs: { query: Query<typeof adminJobsQuerySchema>; response: Answer<typeof adminJobsResponseSchema> };
  adminJobsRun: { response: Answer<typeof adminJobsRunResponseSchema> };
  adminData: { response: Answer<typeof adminDataResponseSchema> };
  adminDataUpdate: { body?: Body<typeof dataUpdateRequestSchema>; response: { data: { job: string } } };
  adminInstrumentAdd: {
    body: Body<typeof instrumentCreateSchema>;
    response: { data: { symbol: string; job: string } };
  };
  adminInstrumentRemove: { query: Query<typeof instrumentRemoveQuerySchema>; response: void };
}

type Field<N extends EndpointName, K extends string> = K extends keyof EndpointTypes[N]
  ? EndpointTypes[N][K]
  : undefined;

/** The JSON body an endpoint takes (undefined: none). */
export type EndpointBody<N extends EndpointName> = Field<N, 'body'>;
/** The query string an endpoint takes (undefined: none). */
export type EndpointQuery<N extends EndpointName> = Field<N, 'query'>;
/** The body of an endpoint's answer. */
export type EndpointResponse<N extends EndpointName> = EndpointTypes[N]['response'];

type ParamsPart<N extends EndpointName> = [PathParamNames<Endpoints[N]['path']>] extends [never]
  ? { params?: undefined }
  : { params: EndpointParams<N> };
type QueryPart<N extends EndpointName> = 'query' extends keyof EndpointTypes[N]
  ? { query?: EndpointQuery<N> }
  : { query?: undefined };
type BodyPart<N extends EndpointName> = 'body' extends keyof EndpointTypes[N]
  ? undefined extends EndpointBody<N>
    ? { body?: EndpointBody<N> }
    : { body: EndpointBody<N> }
  : { body?: undefined };

/** What a call of one endpoint passes: `params` (path), `query`, `body`, each only where the endpoint takes it. */
export type EndpointInput<N extends EndpointName> = ParamsPart<N> & QueryPart<N> & BodyPart<N>;

/** True when a call of the endpoint may leave out its input altogether. */
export type InputIsOptional<N extends EndpointName> = Partial<EndpointInput<N>> extends EndpointInput<N> ? true : false;
