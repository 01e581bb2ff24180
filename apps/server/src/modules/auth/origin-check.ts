import type { FastifyRequest } from 'fastify';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isMutation(method: string): boolean {
  return MUTATING.has(method);
}

/** The origin that sent the request: the Origin header, else the origin of the Referer. */
function sourceOrigin(request: FastifyRequest): URL | null {
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const raw = typeof origin === 'string' && origin !== '' ? origin : typeof referer === 'string' ? referer : '';
  if (raw === '' || raw === 'null') return null;
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

export type OriginVerdict = 'same' | 'foreign' | 'absent';

/** Compares the sender's origin with the request's own host (or PUBLIC_URL's origin). */
export function checkOrigin(request: FastifyRequest, publicUrl: string | undefined): OriginVerdict {
  const hasHeader = Boolean(request.headers.origin || request.headers.referer);
  const source = sourceOrigin(request);
  if (!source) return hasHeader ? 'foreign' : 'absent';
  if (source.protocol !== 'http:' && source.protocol !== 'https:') return 'foreign';
  if (publicUrl) {
    try {
      if (new URL(publicUrl).origin === source.origin) return 'same';
    } catch {
      // settings validated PUBLIC_URL; nothing to compare otherwise
    }
  }
  try {
    const own = new URL(`${source.protocol}//${request.host}`);
    return own.host === source.host ? 'same' : 'foreign';
  } catch {
    return 'foreign';
  }
}
