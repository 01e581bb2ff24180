import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../composition.js';
import { healthRoutes } from '../modules/health/health.routes.js';
import { marketRoutes } from '../modules/market/market.routes.js';
import { seasonalityRoutes } from '../modules/seasonality/seasonality.routes.js';
import { backtestRoutes } from '../modules/seasonality/backtest.routes.js';
import { indicatorRoutes } from '../modules/indicators/indicators.routes.js';
import { chartRoutes } from '../modules/scanner/chart.routes.js';
import { scannerRoutes } from '../modules/scanner/scanner.routes.js';
import { marketViewRoutes } from '../modules/market-view/market-view.routes.js';
import { watchlistRoutes } from '../modules/watchlists/watchlists.routes.js';
import { catalogueRoutes } from '../modules/billing/catalogue.routes.js';
import { billingRoutes } from '../modules/billing/billing.routes.js';
import { billingAdminRoutes } from '../modules/billing/billing-admin.routes.js';
import { stripeWebhookRoutes } from '../modules/billing/stripe-webhook.routes.js';
import { userAdminRoutes } from '../modules/user-admin/user-admin.routes.js';
import { outboxRoutes } from '../modules/mail/outbox.routes.js';
import { jobsRoutes } from '../modules/jobs/jobs.routes.js';
import { dataAdminRoutes } from '../modules/market/update/data-admin.routes.js';
import { historyRoutes } from '../modules/market/sync/history.routes.js';
import { seasonalityCompatRoutes } from '../modules/compat/seasonality-compat.routes.js';
import { metricsRoutes } from '../modules/metrics/metrics.routes.js';
import { alertRoutes } from '../modules/alerts/alerts.routes.js';
import { notificationRoutes } from '../modules/alerts/notifications.routes.js';
import { savedScanRoutes } from '../modules/alerts/scans.routes.js';

/**
 * Every API module, registered in this order. Add a module's routes here. Each takes the
 * services and reads only the ones its own parameter type names.
 */
export function apiModules(services: Services): FastifyPluginAsync[] {
  return [
    healthRoutes(services),
    marketRoutes(services),
    seasonalityRoutes(services),
    backtestRoutes(services),
    indicatorRoutes(services),
    chartRoutes(services),
    scannerRoutes(services),
    marketViewRoutes(services),
    watchlistRoutes(services),
    alertRoutes(services),
    notificationRoutes(services),
    savedScanRoutes(services),
    catalogueRoutes(services),
    billingRoutes(services),
    billingAdminRoutes(services),
    userAdminRoutes(services),
    outboxRoutes(services),
    jobsRoutes(services),
    dataAdminRoutes(services),
    historyRoutes(services),
    seasonalityCompatRoutes(services),
    stripeWebhookRoutes(services),
    metricsRoutes(services),
  ];
}
