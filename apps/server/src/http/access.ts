import type { Permission } from '@solstice/contracts';

import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

/**
 * Who may call a route, declared on the route itself:
 *   app.get('/api/v1/x', { config: SUBSCRIBERS }, handler)
 * The accounts module enforces it in one hook for every route, reading the declaration of
 * the route the router matched. A route that declares nothing cannot be registered
 * (requireDeclaredAccess): access is denied by default, not granted.
 */
export type RouteAccess =
  | { kind: 'public' }
  /** A static file of the built app: public, and no session is looked up for it. */
  | { kind: 'asset' }
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

export const ASSET: { access: RouteAccess } = { access: { kind: 'asset' } };

/** Every route registered so far with its declared access (OpenAPI, the adversarial suite). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** Its schemas as registered (app/endpoints.test.ts holds them to the contracts' ENDPOINT_SCHEMAS). */
  schema: FastifySchema | undefined;
}

/**
 * Refuses to register a route that declares no access, and records every route with its
 * declaration. Routes registered inside `declaredAs(access, …)` get that access when they
 * declare none (plugins that add routes of their own, such as the static files).
 */
export function requireDeclaredAccess(app: FastifyInstance): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  const pending: RouteOptions[] = [];
  // Read when the app is ready: hooks of inner scopes (declaredAs) run after this one.
  app.addHook('onRoute', (route: RouteOptions) => void pending.push(route));
  app.addHook('onReady', async () => {
    for (const route of pending.splice(0)) {
      const access = route.config?.access;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!access) {
        throw new Error(`${methods.join(',')} ${route.url} declares no access (config.access; see http/access.ts)`);
      }
      for (const method of methods) routes.push({ method, url: route.url, access, schema: route.schema });
    }
  });
  return routes;
}

/** Registers `plugin` so that its routes that declare nothing get `access`. */
export async function declaredAs(
  app: FastifyInstance,
  access: RouteAccess,
  register: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route: RouteOptions) => {
      route.config = { ...route.config, access: route.config?.access ?? access };
    });
    await register(scope);
  });
}
