import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './app-metrics.js';

/** The route label of a request no route matched (404s, the app's pages): never the raw URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Times every answer for /metrics. Installed on the root instance before any route so that
 * the hook covers them all; nothing is installed when METRICS_TOKEN is unset (metrics off).
 */
export function installMetrics(app: FastifyInstance, metrics: AppMetrics | null): void {
  if (!metrics) return;
  const { requests, duration } = metrics;
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (/api/v1/instruments/:symbol), never the URL: one series per route.
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
