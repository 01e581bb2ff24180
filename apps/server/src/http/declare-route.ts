import type { EndpointDefinition } from '@solstice/contracts';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { RouteAccess } from './access.js';
import type { ZodTypeProvider } from './route-schemas.js';

/** The app as a route file sees it: `instance.withTypeProvider<ZodTypeProvider>()`. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A handler whose request (query, body, params) and answer are typed by the zod schemas in `S`. */
export type ZodHandler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/**
 * A route's schema from its summary, its input (querystring, body, params) and its 200 answer:
 * `routeSchema('…', { querystring: q }, answer)` is `{ summary: '…', querystring: q, response: { 200: answer } }`.
 */
export function routeSchema<const I extends Pick<FastifySchema, 'querystring' | 'body' | 'params'>, const R>(
  summary: string,
  input: I,
  answer: R,
): { summary: string } & I & { response: { 200: R } } {
  return { summary, ...input, response: { 200: answer } };
}

/** What a route may set besides its endpoint, access, schemas and handler. */
export interface RouteOptions {
  /** The largest body it reads, in bytes (Fastify's default is 1 MiB). */
  bodyLimit?: number;
}

/** Declares one route of ENDPOINTS: its method and path, who may call it, its schemas, its handler. */
export type DeclareRoute = <const S extends FastifySchema>(
  endpoint: EndpointDefinition,
  config: { access: RouteAccess },
  schema: S,
  handler: ZodHandler<NoInfer<S>>,
  options?: RouteOptions,
) => void;

/**
 * `const route = routeDeclarer(app)`, then
 *   route(ENDPOINTS.bars, SIGNED_IN, BARS, async (request) => … request.query …)
 * is `app.get(ENDPOINTS.bars.path, { config: SIGNED_IN, schema: BARS }, handler)`: the method
 * comes from the endpoint, and the handler is typed by the schemas as with `app.get`.
 * A route outside ENDPOINTS (a probe, a webhook, a link in a mail: ROUTES_NOT_FOR_THE_WEB)
 * registers with `app.*` and says why beside it.
 */
export function routeDeclarer(app: ZodApp): DeclareRoute {
  return (endpoint, config, schema, handler, options = {}) => {
    app.route({ method: endpoint.method, url: endpoint.path, config, schema, handler, ...options });
  };
}
