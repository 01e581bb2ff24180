import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { Services } from '../composition.js';
import {
  answerFrameworkError,
  answerUnreadableRequest,
  installErrorHandling,
  sendNotFound,
} from '../http/error-handler.js';
import { apiModules } from './routes.js';
import { installAuth } from '../modules/auth/auth.plugin.js';
import { serviceUnavailable } from '../http/errors.js';
import { ASSET, declaredAs, requireDeclaredAccess, type DeclaredRoute } from '../http/access.js';
import { isApiPath, isAssetPath, normalisePath } from '../http/request-path.js';
import { isPagePath } from './page-routes.js';
import { installMetrics } from '../modules/metrics/install-metrics.js';
import { installRouteSchemas } from '../http/route-schemas.js';
import { installOpenApi } from './openapi.js';
import { apiDocsRoutes } from './api-docs.routes.js';
import { loadWebPages } from './web-pages.js';
import { pageDataJson, withPageData } from './page-data.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the access it declared, in registration order. */
    declaredRoutes: DeclaredRoute[];
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The Content-Security-Policy the built app works under (no inline scripts, no outside origins). */
export const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // React, ECharts and SweetAlert2 set style attributes at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/** The HTTP app over the services (which it does not own: closing it leaves them open). */
export async function buildApp(services: Services): Promise<FastifyInstance> {
  const { settings } = services;
  const app = Fastify({
    loggerInstance: services.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: settings.TRUST_PROXY,
    // The router's own refusals (an undecodable path such as /%ff) in the app's shape.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerUnreadableRequest,
    // Requests that arrive while the server drains get the app's 503 (below), not Fastify's.
    return503OnClosing: false,
    // Per-request lines only when debugging: at load they cost more than the requests themselves.
    logController: new LogController({
      disableRequestLogging: settings.LOG_LEVEL !== 'debug' && settings.LOG_LEVEL !== 'trace',
    }),
  });
  app.decorate('declaredRoutes', requireDeclaredAccess(app));
  installErrorHandling(app);
  installRouteSchemas(app);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw serviceUnavailable('The server is restarting; try again in a moment.');
  });
  installMetrics(app, services.metrics);
  await app.register(helmet, { contentSecurityPolicy: CONTENT_SECURITY_POLICY });
  // Before any route: it collects the routes' schemas and access into /api/openapi.json.
  await installOpenApi(app, { version: services.version, sessionCookieName: settings.SESSION_COOKIE_NAME });

  // Sessions, request.user, route access, origin check, page gate and /api/auth/*.
  await installAuth(
    app,
    {
      settings,
      db: services.database.db,
      rateLimiter: services.rateLimiter,
      mail: services.mail,
      log: services.logger,
      jobs: services.jobs,
    },
    { isPagePath },
  );
  for (const plugin of apiModules(services)) await app.register(plugin);
  await app.register(apiDocsRoutes());

  const webDist = resolveWebDist(settings.WEB_DIST);
  const pages = webDist ? loadWebPages(webDist, settings) : null;
  if (webDist) {
    await declaredAs(app, ASSET.access, async (files) => {
      await files.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        cacheControl: false,
        // The web build writes NAME.br and NAME.gz beside its assets (apps/web/scripts/precompress.mjs):
        // sent in place of NAME to a client that accepts them, never as files of their own. The
        // landing markup (prerender/) goes out only inside the page (web-pages.ts).
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz', 'prerender/**'],
        // Hashed assets never change; index.html must always be revalidated.
        setHeaders: (res, filePath) => {
          // Caches must key on the encoding: the same URL may be sent br, gzip or plain.
          res.setHeader('vary', 'accept-encoding');
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.setHeader('cache-control', 'public, max-age=31536000, immutable');
          } else {
            res.setHeader('cache-control', 'no-cache');
          }
        },
      });
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = normalisePath(request.url);
    if (
      pathname !== null &&
      !isApiPath(pathname) &&
      !isAssetPath(pathname) &&
      pages &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      // History-mode fallback: the client router draws the page, or its 404 for a path that
      // names none, which then also gets the status 404.
      let html = pages.pageFor(request, pathname, request.user);
      // A signed-in account's page depends on it (its language, the tour: web-pages.ts): no
      // shared cache may keep it. Revalidated, not no-store, so that it stays in the back-forward cache.
      let cacheControl = request.user ? 'private, no-cache' : 'no-cache';
      const user = request.user;
      if (user?.tutorialSeen && isPagePath(pathname) && request.method === 'GET') {
        // The page carries what the app would ask for before its first paint (decision 0023);
        // without it the app asks, as before.
        const json = await pageDataJson(services, user.id, pathname).catch((error: unknown) => {
          request.log.warn({ err: error }, 'page data not included');
          return null;
        });
        if (json !== null) {
          // Its first view drawn from that data, where the web build can (decision 0026).
          html = await pages.withFirstView(request, pathname, user, html, json).catch((error: unknown) => {
            request.log.warn({ err: error }, 'first view not included');
            return html;
          });
          html = withPageData(html, json);
          // It holds the account's answers, which the API sends as no-store: so is the page.
          cacheControl = 'private, no-store';
        }
      }
      return reply
        .status(isPagePath(pathname) ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', cacheControl)
        .header('vary', pages.vary)
        .send(html);
    }
    return sendNotFound(request, reply);
  });

  return app;
}

/** The built web app: WEB_DIST when set, else apps/web/dist next to this server. */
export function resolveWebDist(setting: string | undefined): string | null {
  const candidates = setting
    ? [path.resolve(setting)]
    : [
        path.resolve(import.meta.dirname, '../../web/dist'),
        path.resolve(import.meta.dirname, '../../../web/dist'),
        path.resolve(process.cwd(), 'apps/web/dist'),
      ];
  for (const dir of candidates) {
    if (fs.existsSync(path.join(dir, 'index.html'))) return dir;
  }
  return null;
}
