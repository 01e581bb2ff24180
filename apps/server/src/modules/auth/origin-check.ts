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

/** Origins a write may come from besides the request's own: PUBLIC_URL's. */
export function trustedOriginsOf(settings: { PUBLIC_URL?: string | undefined }): string[] {
  return settings.PUBLIC_URL ? [new URL(settings.PUBLIC_URL).origin] : [];
}

/**
 * Compares the sender's origin, scheme, host and port, with the request's own origin (the
 * scheme it arrived over, X-Forwarded-Proto only behind a trusted proxy) or a trusted one.
 */
export function checkOrigin(request: FastifyRequest, trusted: readonly string[]): OriginVerdict {
  const hasHeader = Boolean(request.headers.origin || request.headers.referer);
  const source = sourceOrigin(request);
  if (!source) return hasHeader ? 'foreign' : 'absent';
  if (source.protocol !== 'http:' && source.protocol !== 'https:') return 'foreign';
  if (trusted.includes(source.origin)) return 'same';
  try {
    return new URL(`${request.protocol}://${request.headers.host ?? ''}`).origin === source.origin ? 'same' : 'foreign';
  } catch {
    return 'foreign';
  }
}
