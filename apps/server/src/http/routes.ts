import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { healthRoutes } from '../modules/health/health.routes.js';
import { marketRoutes } from '../modules/market/market.routes.js';
import { seasonalityRoutes } from '../modules/seasonality/seasonality.routes.js';
import { indicatorRoutes } from '../modules/indicators/indicators.routes.js';
import { scannerRoutes } from '../modules/scanner/scanner.routes.js';
import { marketViewRoutes } from '../modules/market-view/market-view.routes.js';
import { watchlistRoutes } from '../modules/watchlists/watchlists.routes.js';
import { billingRoutes } from '../modules/billing/billing.routes.js';
import { billingAdminRoutes } from '../modules/billing/admin.routes.js';
import { seasonalityCompatRoutes } from '../modules/billing/seasonality-compat.routes.js';
import { stripeWebhookRoutes } from '../modules/billing/stripe-webhook.routes.js';
import { metricsRoutes } from '../modules/metrics/metrics.routes.js';

/** Every API module, registered in this order. Add a module's routes here. */
export function apiModules(ctx: AppContext): FastifyPluginAsync[] {
  return [
    healthRoutes(ctx),
    marketRoutes(ctx),
    seasonalityRoutes(ctx),
    indicatorRoutes(ctx),
    scannerRoutes(ctx),
    marketViewRoutes(ctx),
    watchlistRoutes(ctx),
    billingRoutes(ctx),
    billingAdminRoutes(ctx),
    seasonalityCompatRoutes(ctx),
    stripeWebhookRoutes(ctx),
    metricsRoutes(ctx),
  ];
}
