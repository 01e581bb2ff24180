import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import type { Kysely } from 'kysely';
import type { Settings } from '../../config/settings.js';
import type { Database } from '../../db/schema.js';
import type { RouteAccess } from '../../http/access.js';
import { AppError, badRequest, forbidden, unauthorized } from '../../http/errors.js';
import { isSubscriberContact } from '@solstice/contracts';
import { hasPermission, hasSubscriberAccess, type AuthUser } from './auth-user.js';
import { authRoutes, type AuthDeps } from './auth.routes.js';
import { checkOrigin, isMutation, trustedOriginsOf } from './origin-check.js';
import { hostAllowList } from '../../http/host-check.js';
import { isApiPath, isAssetPath, normalisePath } from '../../http/request-path.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie.js';
import { lookupSession } from './sessions.js';
import { rolesOf } from './users.repository.js';

const SIGNED_IN_HOME = '/dashboard';

/** Loads who is signed in from the session cookie; slides the session and re-sets the cookie. */
export async function resolveUser(
  { settings, db }: { settings: Settings; db: Kysely<Database> },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<AuthUser | null> {
  const token = readSessionToken(settings, request);
  if (token === undefined) return null;
  const found = await lookupSession(db, token);
  if (!found) {
    clearSessionCookie(settings, request, reply);
    return null;
  }
  setSessionCookie(settings, request, reply, token);
  return {
    id: found.userId,
    email: found.email,
    username: found.username,
    roles: rolesOf(found.role),
    subscriber: isSubscriberContact(found.contact),
    locale: found.locale,
    tutorialSeen: found.tutorialSeen,
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

/** What the app tells the page gate: which paths are pages of the app (the app owns that list). */
export interface PageGate {
  isPagePath(pathname: string): boolean;
}

/**
 * Accounts for the whole app: the cookie parser, `request.user`, the access declared by
 * every route (http/access.ts), the origin check of mutations, the page gate and the
 * auth routes. Registered on the root instance before the API modules.
 */
export async function installAuth(app: FastifyInstance, deps: AuthDeps, pages: PageGate): Promise<void> {
  const { settings } = deps;
  await app.register(cookie);
  app.decorateRequest('user', null);

  const hostAllowed = hostAllowList(settings);
  const trustedOrigins = trustedOriginsOf(settings);

  app.addHook('onRequest', async (request, reply) => {
    // The Host line itself, never X-Forwarded-Host (a page on a rebound name can send that
    // one, and Fastify reads it behind a trusted proxy); more than one Host is ambiguous.
    const hosts = request.raw.rawHeaders.filter((_, i, all) => i % 2 === 0 && /^host$/i.test(all[i] ?? ''));
    if (hosts.length > 1) throw badRequest('The request has more than one Host header.');
    if (!hostAllowed(request.headers.host ?? '')) {
      throw new AppError('misdirected_request', 'This server does not answer for that host name.');
    }
    // Every write needs a same-origin sender, whatever path it names (matched or not).
    if (isMutation(request.method)) {
      const verdict = checkOrigin(request, trustedOrigins);
      const hasCookie = readSessionToken(settings, request) !== undefined;
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
      request.user = await resolveUser(deps, request, reply);
      // Answers for a signed-in user are theirs alone (a route may still set its own policy).
      if (request.user) reply.header('cache-control', 'private, no-store');
      enforce(access, request.user);
      return;
    }

    // No route: an unknown API path (404 to everyone) or a page of the app (the page gate).
    const pathname = normalisePath(request.url);
    if (pathname === null || isApiPath(pathname) || isAssetPath(pathname)) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    request.user = await resolveUser(deps, request, reply);
    if (pathname === '/') {
      if (request.user) return reply.redirect(SIGNED_IN_HOME, 302);
      return;
    }
    // Only a page of the app is gated: any other path is the 404 page, for everyone (app.ts).
    if (!request.user && pages.isPagePath(pathname)) return reply.redirect('/', 302);
    return;
  });

  await app.register(authRoutes(deps));
}
