import Fastify, { type FastifySchema } from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ENDPOINT_SCHEMAS, type WatchlistCreate } from '@solstice/contracts';
import { PUBLIC } from './access.js';
import { endpointRouteSchema, routeDeclarer } from './declare-route.js';
import { validationFailed } from './errors.js';
import { installRouteSchemas, type ZodTypeProvider } from './route-schemas.js';

describe('routeDeclarer', () => {
  it("registers an endpoint by name with its method, path and access, and the contracts' summary and schemas typing the request", async () => {
    const app = Fastify();
    installRouteSchemas(app);
    const registered: { method: unknown; url: string; access: unknown; schema: FastifySchema | undefined }[] = [];
    app.addHook('onRoute', (r) => {
      if (r.method !== 'HEAD')
        registered.push({ method: r.method, url: r.url, access: r.config?.access, schema: r.schema });
    });
    const route = routeDeclarer(app.withTypeProvider<ZodTypeProvider>());
    route('alertHistory', PUBLIC, async (request) => {
      expectTypeOf(request.params).toEqualTypeOf<{ id: number }>();
      return { data: [], id: request.params.id };
    });
    route('notificationsRead', PUBLIC, async (request) => {
      expectTypeOf(request.body).toEqualTypeOf<{ ids: number[] } | { all: true }>();
      return { changed: 'all' in request.body ? 0 : request.body.ids.length, unread: 0 };
    });

    expect(registered).toEqual([
      {
        method: 'GET',
        url: '/api/v1/alerts/:id/history',
        access: { kind: 'public' },
        schema: { summary: ENDPOINT_SCHEMAS.alertHistory.summary, params: ENDPOINT_SCHEMAS.alertHistory.params },
      },
      {
        method: 'POST',
        url: '/api/v1/notifications/read',
        access: { kind: 'public' },
        schema: { summary: ENDPOINT_SCHEMAS.notificationsRead.summary, body: ENDPOINT_SCHEMAS.notificationsRead.body },
      },
    ]);
    const history = await app.inject({ method: 'GET', url: '/api/v1/alerts/42/history' });
    expect(history.json()).toEqual({ data: [], id: 42 });
    expect((await app.inject({ method: 'GET', url: '/api/v1/alerts/x/history' })).statusCode).toBe(400);
    const read = await app.inject({ method: 'POST', url: '/api/v1/notifications/read', payload: { ids: [1, 2] } });
    expect(read.json()).toEqual({ changed: 2, unread: 0 });
    await app.close();
  });

  it('puts the answer under its status, and validates the body with a parser of its own when given one', async () => {
    expect(endpointRouteSchema('signup')).toEqual({
      summary: 'Creates an account and signs it in (sets the session cookie)',
      body: ENDPOINT_SCHEMAS.signup.body,
      response: { 201: ENDPOINT_SCHEMAS.signup.response },
    });
    const app = Fastify();
    installRouteSchemas(app);
    const route = routeDeclarer(app.withTypeProvider<ZodTypeProvider>());
    const parseBody = (body: unknown): { name: string; symbols: [] } => {
      if ((body as WatchlistCreate).name === 'bad') throw validationFailed('a message of its own', []);
      return { name: 'parsed', symbols: [] };
    };
    route(
      'watchlistCreate',
      PUBLIC,
      async (request, reply) => reply.status(201).send({ data: { id: 1, updatedAt: 0, ...request.body } }),
      {
        parseBody,
      },
    );
    const created = await app.inject({ method: 'POST', url: '/api/v1/watchlists', payload: { name: 'x' } });
    expect([created.statusCode, created.json()]).toEqual([
      201,
      { data: { id: 1, updatedAt: 0, name: 'parsed', symbols: [] } },
    ]);
    const bad = await app.inject({ method: 'POST', url: '/api/v1/watchlists', payload: { name: 'bad' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('a message of its own');
    await app.close();
  });

  it("applies the declarer's defaults to every route, and a route's own options over them", async () => {
    const app = Fastify();
    installRouteSchemas(app);
    const route = routeDeclarer(app.withTypeProvider<ZodTypeProvider>(), { bodyLimit: 40 });
    route('notificationsRead', PUBLIC, async () => ({ changed: 0, unread: 0 }));
    route('alertMailSet', PUBLIC, async (request) => request.body, { bodyLimit: 1000 });
    const ids = Array.from({ length: 20 }, (_, i) => i + 1);
    const small = await app.inject({ method: 'POST', url: '/api/v1/notifications/read', payload: { ids: [1] } });
    const large = await app.inject({ method: 'POST', url: '/api/v1/notifications/read', payload: { ids } });
    expect([small.statusCode, large.statusCode]).toEqual([200, 413]);
    const padded = `{"alertMail": true${' '.repeat(60)}}`;
    const own = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/alert-mail',
      payload: padded,
      headers: { 'content-type': 'application/json' },
    });
    expect(own.statusCode).toBe(200);
    await app.close();
  });
});
