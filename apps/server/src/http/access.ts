import type { Permission } from '@solstice/contracts';

/**
 * Who may call a route, declared on the route itself:
 *   app.get('/api/v1/x', { config: { access: { kind: 'subscriber' } } }, handler)
 * The accounts module enforces it in one hook for every route. A /api route that declares
 * nothing requires a signed-in user (secure by default).
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'user' }
  /** Signed in and a subscriber (tag 2582), or an admin. */
  | { kind: 'subscriber' }
  | { kind: 'permission'; permission: Permission };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export const PUBLIC: { access: RouteAccess } = { access: { kind: 'public' } };
export const SIGNED_IN: { access: RouteAccess } = { access: { kind: 'user' } };
export const SUBSCRIBERS: { access: RouteAccess } = { access: { kind: 'subscriber' } };
export const needs = (permission: Permission): { access: RouteAccess } => ({
  access: { kind: 'permission', permission },
});
