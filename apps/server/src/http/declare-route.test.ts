import Fastify from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { PUBLIC } from './access.js';
import { routeDeclarer, type ZodHandler } from './declare-route.js';
import { installRouteSchemas, type ZodTypeProvider } from './route-schemas.js';

describe('routeDeclarer', () => {
  it('registers the endpoint with its method, path, access and schemas, the request typed by them', async () => {
    const app = Fastify();
    installRouteSchemas(app);
    const registered: { method: unknown; url: string; access: unknown }[] = [];
    app.addHook('onRoute', (r) => {
      if (r.method !== 'HEAD') registered.push({ method: r.method, url: r.url, access: r.config?.access });
    });
    const route = routeDeclarer(app.withTypeProvider<ZodTypeProvider>());
    const SCHEMA = {
      summary: 'Adds n to an id',
      params: z.object({ id: z.coerce.number().int() }),
      querystring: z.object({ n: z.coerce.number().int().default(1) }),
      response: { 200: z.object({ sum: z.number() }) },
    };
    route({ method: 'GET', path: '/api/v1/sum/:id' }, PUBLIC, SCHEMA, async (request) => {
      expectTypeOf(request.params).toEqualTypeOf<{ id: number }>();
      expectTypeOf(request.query).toEqualTypeOf<{ n: number }>();
      return { sum: request.params.id + request.query.n };
    });
    // The answer is typed by the 200 schema.
    expectTypeOf<Awaited<ReturnType<ZodHandler<typeof SCHEMA>>>>().toEqualTypeOf<void | { sum: number }>();
    route({ method: 'POST', path: '/api/v1/echo' }, PUBLIC, { body: z.object({ s: z.string() }) }, async (request) => {
      expectTypeOf(request.body).toEqualTypeOf<{ s: string }>();
      return request.body;
    });

    expect(registered).toEqual([
      { method: 'GET', url: '/api/v1/sum/:id', access: { kind: 'public' } },
      { method: 'POST', url: '/api/v1/echo', access: { kind: 'public' } },
    ]);
    const sum = await app.inject({ method: 'GET', url: '/api/v1/sum/40?n=2' });
    expect(sum.json()).toEqual({ sum: 42 });
    const bad = await app.inject({ method: 'GET', url: '/api/v1/sum/x' });
    expect(bad.statusCode).toBe(400);
    await app.close();
  });
});
