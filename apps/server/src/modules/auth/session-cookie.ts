import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Settings } from '../../config/settings.js';
import { SESSION_MAX_AGE_SECONDS } from './sessions.js';

/** HttpOnly, SameSite=Lax, Path=/, 7 days; Secure when the request came over HTTPS. */
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

function isHttps(settings: Settings, request: FastifyRequest): boolean {
  return request.protocol === 'https' || (settings.PUBLIC_URL?.startsWith('https:') === true && settings.TRUST_PROXY);
}

export function readSessionToken(settings: Settings, request: FastifyRequest): string | undefined {
  const value = request.cookies[settings.SESSION_COOKIE_NAME];
  return value === undefined || value === '' ? undefined : value;
}
