// The API's endpoints by name: method and path. Zod-free on purpose: the web client imports
// this table at run time, and the landing page's bundle must stay free of zod. What each
// endpoint takes and answers is in endpoint-schemas.ts under the same name (the server's
// routes register both: `route('bars', …)`), its types for callers in endpoint-types.ts, and
// apps/server/src/app/endpoints.test.ts checks the tables against the registered routes.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointDefinition {
  readonly method: HttpMethod;
  /** Fastify's form: a parameter is `:name`. */
  readonly path: string;
}

export const ENDPOINTS = {
  // auth: the session and the account (auth.routes.ts)
  signup: { method: 'POST', path: '/api/auth/signup' },
  login: { method: 'POST', path: '/api/auth/login' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  me: { method: 'GET', path: '/api/me' },
  preferences: { method: 'PATCH', path: '/api/me/preferences' },
  passwordChange: { method: 'POST', path: '/api/auth/password' },
  passwordResetRequest: { method: 'POST', path: '/api/auth/password-reset/request' },
  passwordResetConfirm: { method: 'POST', path: '/api/auth/password-reset/confirm' },

  // market data (market.routes.ts, data-admin.routes.ts)
  instrumentSearch: { method: 'GET', path: '/api/v1/instruments' },
  instrument: { method: 'GET', path: '/api/v1/instruments/:symbol' },
  bars: { method: 'GET', path: '/api/v1/bars/:symbol' },
  marketFreshness: { method: 'GET', path: '/api/v1/market/freshness' },

  // analytics (seasonality, backtest, indicators, scanner, market-view)
  seasonalityPattern: { method: 'GET', path: '/api/v1/seasonality/pattern' },
  seasonalityCalendar: { method: 'GET', path: '/api/v1/seasonality/calendar' },
  seasonalityChart: { method: 'GET', path: '/api/v1/seasonality/chart' },
  seasonalityBestTrades: { method: 'GET', path: '/api/v1/seasonality/best-trades' },
  seasonalityWalkForward: { method: 'GET', path: '/api/v1/seasonality/walk-forward' },
  seasonalityOverfitting: { method: 'GET', path: '/api/v1/seasonality/overfitting' },
  seasonalityScan: { method: 'POST', path: '/api/v1/seasonality/scan' },
  seasonalityBacktest: { method: 'POST', path: '/api/v1/seasonality/backtest' },
  indicators: { method: 'GET', path: '/api/v1/indicators/:symbol' },
  symbolChart: { method: 'GET', path: '/api/v1/chart/:symbol' },
  scanner: { method: 'POST', path: '/api/v1/scanner' },
  scannerPresets: { method: 'GET', path: '/api/v1/scanner/presets' },
  scannerFields: { method: 'GET', path: '/api/v1/scanner/fields' },
  scannerCheck: { method: 'POST', path: '/api/v1/scanner/check' },
  heatmap: { method: 'GET', path: '/api/v1/heatmap' },
  marketOverview: { method: 'GET', path: '/api/v1/market/overview' },

  // watchlists (watchlists.routes.ts)
  watchlists: { method: 'GET', path: '/api/v1/watchlists' },
  watchlistCreate: { method: 'POST', path: '/api/v1/watchlists' },
  watchlist: { method: 'GET', path: '/api/v1/watchlists/:id' },
  watchlistReplace: { method: 'PUT', path: '/api/v1/watchlists/:id' },
  watchlistDelete: { method: 'DELETE', path: '/api/v1/watchlists/:id' },

  // alerts, saved scans, notifications (alerts/*.routes.ts)
  alerts: { method: 'GET', path: '/api/v1/alerts' },
  alertCreate: { method: 'POST', path: '/api/v1/alerts' },
  alert: { method: 'GET', path: '/api/v1/alerts/:id' },
  alertUpdate: { method: 'PATCH', path: '/api/v1/alerts/:id' },
  alertDelete: { method: 'DELETE', path: '/api/v1/alerts/:id' },
  alertHistory: { method: 'GET', path: '/api/v1/alerts/:id/history' },
  savedScans: { method: 'GET', path: '/api/v1/scans' },
  savedScanCreate: { method: 'POST', path: '/api/v1/scans' },
  savedScan: { method: 'GET', path: '/api/v1/scans/:id' },
  savedScanUpdate: { method: 'PATCH', path: '/api/v1/scans/:id' },
  savedScanDelete: { method: 'DELETE', path: '/api/v1/scans/:id' },
  notifications: { method: 'GET', path: '/api/v1/notifications' },
  notificationsUnreadCount: { method: 'GET', path: '/api/v1/notifications/unread-count' },
  notificationsRead: { method: 'POST', path: '/api/v1/notifications/read' },
  alertMail: { method: 'GET', path: '/api/v1/me/alert-mail' },
  alertMailSet: { method: 'PUT', path: '/api/v1/me/alert-mail' },

  // billing: catalogue, checkout, the user's subscription (catalogue.routes.ts, billing.routes.ts)
  products: { method: 'GET', path: '/api/v1/products' },
  paymentsConfig: { method: 'GET', path: '/api/v1/payments/config' },
  checkout: { method: 'POST', path: '/api/v1/checkout' },
  checkoutSession: { method: 'GET', path: '/api/v1/checkout/:sessionId' },
  checkoutPay: { method: 'POST', path: '/api/v1/checkout/:sessionId/pay' },
  subscription: { method: 'GET', path: '/api/v1/subscription' },
  subscriptionPremium: { method: 'GET', path: '/api/v1/subscription/premium' },
  subscriptionCancel: { method: 'POST', path: '/api/v1/subscription/cancel' },
  subscriptionResume: { method: 'POST', path: '/api/v1/subscription/resume' },

  // administration
  adminProducts: { method: 'GET', path: '/api/v1/admin/products' },
  adminProductCreate: { method: 'POST', path: '/api/v1/admin/products' },
  adminProductUpdate: { method: 'PATCH', path: '/api/v1/admin/products/:id' },
  adminProductDelete: { method: 'DELETE', path: '/api/v1/admin/products/:id' },
  adminPriceAdd: { method: 'POST', path: '/api/v1/admin/products/:id/prices' },
  adminPriceRetire: { method: 'DELETE', path: '/api/v1/admin/prices/:id' },
  adminSubscriptionRefund: { method: 'POST', path: '/api/v1/admin/subscriptions/:id/refund' },
  adminUsers: { method: 'GET', path: '/api/v1/admin/users' },
  adminUser: { method: 'GET', path: '/api/v1/admin/users/:id' },
  adminUserRoles: { method: 'PUT', path: '/api/v1/admin/users/:id/roles' },
  adminUserContact: { method: 'GET', path: '/api/v1/admin/users/:id/contact' },
  adminUserSubscriptions: { method: 'GET', path: '/api/v1/admin/users/:id/subscriptions' },
  adminSubscriberGrant: { method: 'POST', path: '/api/v1/admin/users/:id/subscriber' },
  adminSubscriberRevoke: { method: 'DELETE', path: '/api/v1/admin/users/:id/subscriber' },
  adminOutbox: { method: 'GET', path: '/api/v1/admin/outbox' },
  adminOutboxMessage: { method: 'GET', path: '/api/v1/admin/outbox/:id' },
  adminJobs: { method: 'GET', path: '/api/v1/admin/jobs' },
  adminJobsRun: { method: 'POST', path: '/api/v1/admin/jobs/run' },
  adminData: { method: 'GET', path: '/api/v1/admin/data' },
  adminDataUpdate: { method: 'POST', path: '/api/v1/admin/data/update' },
  adminInstrumentAdd: { method: 'POST', path: '/api/v1/admin/instruments' },
  adminInstrumentRemove: { method: 'DELETE', path: '/api/v1/admin/instruments/:symbol' },
  adminHistoryReplace: { method: 'POST', path: '/api/v1/admin/instruments/:symbol/replace-history' },
} as const satisfies Record<string, EndpointDefinition>;

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;
/** The endpoints answered to one method, e.g. `EndpointNameOf<'GET'>`. */
export type EndpointNameOf<M extends HttpMethod> = {
  [N in EndpointName]: Endpoints[N]['method'] extends M ? N : never;
}[EndpointName];

/**
 * Routes the server registers that are not in the table, because no screen calls them, with
 * the reason. The server's test checks that every /api route is in one of the two lists.
 */
export const ROUTES_NOT_FOR_THE_WEB = {
  'GET /api/health': 'liveness probe for load balancers and monitors',
  'GET /api/ready': 'readiness probe for load balancers and monitors',
  'GET /api/openapi.json': 'the API document, read by people and tools',
  'GET /api/docs': 'the API documentation page, opened directly',
  'POST /api/seasonality': "the specification's action API, kept for outside callers",
  'POST /api/v1/stripe/webhook': 'called by Stripe, signed',
  'GET /api/v1/alert-mail/unsubscribe': 'the link in the alert digest mail',
  'POST /api/v1/alert-mail/unsubscribe': 'one-click unsubscribe from mail clients (RFC 8058)',
  'POST /api/v1/admin/import': 'market data import, used by scripts and the CLI',
  'POST /api/v1/admin/imports/upload': 'market data upload, used by scripts and the CLI',
  'POST /api/v1/admin/billing/test-clock': 'test mode only: moves the billing clock for tests',
  'GET /metrics': 'Prometheus, with its own bearer token',
} as const satisfies Record<string, string>;

/** `'/api/v1/x/:id/y'` → `'id'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of an endpoint's path parameters: `{ symbol: 'SPY' }` for `/api/v1/bars/:symbol`. */
export type EndpointParams<N extends EndpointName> = {
  [K in PathParamNames<Endpoints[N]['path']>]: string | number;
};

/**
 * The path of an endpoint with its parameters filled in, each one URL-encoded. Throws when a
 * parameter is missing, so a wrong call never reaches another route.
 */
export function endpointPath<N extends EndpointName>(name: N, params?: EndpointParams<N>): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  return ENDPOINTS[name].path.replace(/:([A-Za-z0-9_]+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined || value === '') throw new Error(`${name}: missing path parameter "${key}"`);
    return encodeURIComponent(String(value));
  });
}
