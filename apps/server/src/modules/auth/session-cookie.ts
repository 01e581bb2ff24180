import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Settings } from '../../config/settings.js';
import { SESSION_MAX_AGE_SECONDS } from './sessions.js';

/** HttpOnly, SameSite=Lax, Path=/, 7 days; Secure when the site is served over HTTPS (isHttps). */
export function setSessionCookie(
  settings: Settings,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void {
  reply.setCookie(settings.SESSION_COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(settings, request),
    path: '/',
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

export function clearSessionCookie(settings: Settings, request: FastifyRequest, reply: FastifyReply): void {
  reply.setCookie(settings.SESSION_COOKIE_NAME, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(settings, request),
    path: '/',
    maxAge: 0,
    expires: new Date(0),
  });
}

/**
 * An https PUBLIC_URL means browsers reach the site over TLS, whatever carries the request
 * the last hop (a proxy that terminates TLS, trusted or not): the cookie must never travel
 * in clear text then.
 */
function isHttps(settings: Settings, request: FastifyRequest): boolean {
  return request.protocol === 'https' || settings.PUBLIC_URL?.startsWith('https:') === true;
}

export function readSessionToken(settings: Settings, request: FastifyRequest): string | undefined {
  const value = request.cookies[settings.SESSION_COOKIE_NAME];
  return value === undefined || value === '' ? undefined : value;
}
