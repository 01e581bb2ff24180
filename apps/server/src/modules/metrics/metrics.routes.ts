import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC } from '../../http/access.js';
import { AppError } from '../../http/errors.js';
import { sendNotFound } from '../../http/error-handler.js';
import type { Settings } from '../../config/settings.js';
import type { AppMetrics } from './app-metrics.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries exactly `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  // Digests have one length whatever was sent, so the comparison time says nothing about the token.
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN. Public as a
 * route (a scraper has no session); the bearer is checked here. Without the setting it is 404.
 */
export function metricsRoutes({
  settings,
  metrics,
}: {
  settings: Pick<Settings, 'METRICS_TOKEN'>;
  /** Built when METRICS_TOKEN is set. */
  metrics: AppMetrics | null;
}): FastifyPluginAsync {
  return async (app) => {
    const METRICS = {
      summary: 'Prometheus metrics in the text format, for a scraper holding the METRICS_TOKEN bearer token',
      description:
        'Public as a route (a scraper has no session); the token is checked here. A 404 when METRICS_TOKEN is not set.',
    };
    // Not for the web app (its reason in contracts' ROUTES_NOT_FOR_THE_WEB), so registered outside ENDPOINTS.
    app.get('/metrics', { config: PUBLIC, schema: METRICS }, async (request, reply) => {
      const token = settings.METRICS_TOKEN;
      if (!token || !metrics) return sendNotFound(request, reply);
      if (!bearerMatches(request.headers.authorization, token)) {
        throw new AppError('unauthorized', 'Send Authorization: Bearer <METRICS_TOKEN>.', undefined, {
          'www-authenticate': 'Bearer realm="metrics"',
        });
      }
      const { registry } = metrics;
      const text = await registry.metrics();
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
    });
  };
}
