import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import type { AppContext } from '../../context.js';
import type { RouteAccess } from '../../http/access.js';
import { AppError, forbidden, unauthorized } from '../../http/errors.js';
import { isSubscriberContact } from '@solstice/contracts';
import { hasPermission, hasSubscriberAccess, type AuthUser } from './auth-user.js';
import { authRoutes } from './auth.routes.js';
import { checkOrigin, isMutation, trustedOriginsOf } from './origin-check.js';
import { hostAllowList } from '../../http/host-check.js';
import { isApiPath, isAssetPath, normalisePath } from '../../http/request-path.js';
import { createRateLimiter, type RateLimiter } from './rate-limiter.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie.js';
import { lookupSession, purgeExpiredSessions } from './sessions.js';
import { rolesOf } from './users.repository.js';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const SIGNED_IN_HOME = '/dashboard';

export interface AuthOptions {
  /** Defaults to memory, or Redis when REDIS_URL is set. */
  rateLimiter?: RateLimiter;
}

const contexts = new WeakMap<FastifyInstance, AppContext>();

/** The context an app was built with (test helpers sign in through it). */
export function contextOfApp(app: FastifyInstance): AppContext {
  const ctx = contexts.get(app);
  if (!ctx) throw new Error('this app was not built by buildApp');
  return ctx;
}

/** Loads who is signed in from the session cookie; slides the session and re-sets the cookie. */
export async function resolveUser(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<AuthUser | null> {
  const token = readSessionToken(ctx.settings, request);
  if (token === undefined) return null;
  const found = await lookupSession(ctx.database.db, token);
  if (!found) {
    clearSessionCookie(ctx.settings, request, reply);
    return null;
  }
  setSessionCookie(ctx.settings, request, reply, token);
  return {
    id: found.userId,
    email: found.email,
    username: found.username,
    roles: rolesOf(found.role),
    subscriber: isSubscriberContact(found.contact),
  };
}

function enforce(access: RouteAccess, user: AuthUser | null): void {
  if (access.kind === 'public' || access.kind === 'asset') return;
  if (!user) throw unauthorized();
  if (access.kind === 'user') return;
  if (access.kind === 'subscriber') {
    if (!hasSubscriberAccess(user)) {
      throw new AppError('subscription_required', 'This needs a subscription; see /subscribe.');
    }
    return;
  }
  if (!hasPermission(user, access.permission)) throw forbidden();
}

/**
 * Accounts for the whole app: the cookie parser, `request.user`, the access declared by
 * every route (http/access.ts), the origin check of mutations, the page gate and the
 * auth routes. Registered on the root instance before the API modules.
 */
export async function installAuth(app: FastifyInstance, ctx: AppContext, options: AuthOptions = {}): Promise<void> {
  contexts.set(app, ctx);
  await app.register(cookie);
  app.decorateRequest('user', null);

  let lastRedisWarning = 0;
  const limiter =
    options.rateLimiter ??
    createRateLimiter(ctx.settings.REDIS_URL, (error) => {
      // At most one warning a minute while Redis is away.
      if (Date.now() - lastRedisWarning < 60_000) return;
      lastRedisWarning = Date.now();
      app.log.warn({ err: error }, 'rate limits: Redis unavailable, counting in this process');
    });
  const purge = setInterval(() => {
    purgeExpiredSessions(ctx.database.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'session purge failed'),
    );
  }, PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', async () => {
    clearInterval(purge);
    await limiter.close();
  });

  const hostAllowed = hostAllowList(ctx.settings);
  const trustedOrigins = trustedOriginsOf(ctx.settings);

  app.addHook('onRequest', async (request, reply) => {
    if (!hostAllowed(request.host)) {
      throw new AppError('misdirected_request', 'This server does not answer for that host name.');
    }
    // Every write needs a same-origin sender, whatever path it names (matched or not).
    if (isMutation(request.method)) {
      const verdict = checkOrigin(request, trustedOrigins);
      const hasCookie = readSessionToken(ctx.settings, request) !== undefined;
      if (verdict === 'foreign' || (verdict === 'absent' && hasCookie)) {
        throw forbidden('This request must come from the Solstice app itself.');
      }
    }

    if (!request.is404) {
      // A route matched: its own declaration decides, read from the route the router chose,
      // never from the text of the URL. Every route declares one (checked at registration).
      const access = request.routeOptions.config.access;
      if (!access) throw forbidden();
      if (access.kind === 'asset') return;
      request.user = await resolveUser(ctx, request, reply);
      // Answers for a signed-in user are theirs alone (a route may still set its own policy).
      if (request.user) reply.header('cache-control', 'private, no-store');
      enforce(access, request.user);
      return;
    }

    // No route: an unknown API path (404 to everyone) or a page of the app (the page gate).
    const pathname = normalisePath(request.url);
    if (pathname === null || isApiPath(pathname) || isAssetPath(pathname)) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    request.user = await resolveUser(ctx, request, reply);
    if (pathname === '/') {
      if (request.user) return reply.redirect(SIGNED_IN_HOME, 302);
      return;
    }
    if (!request.user) return reply.redirect('/', 302);
    return;
  });

  await app.register(authRoutes(ctx, limiter));
}
