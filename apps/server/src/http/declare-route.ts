import {
  ENDPOINT_SCHEMAS,
  ENDPOINTS,
  type EndpointName,
  type EndpointSchemas,
  type EndpointSchemaSet,
} from '@solstice/contracts';
import type { z } from 'zod';
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
import { parsedWith, type ZodTypeProvider } from './route-schemas.js';

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

/** The Fastify schema of an endpoint: its parts of ENDPOINT_SCHEMAS, its answer under its status. */
type InputOf<E> = Pick<E, Extract<keyof E, 'params' | 'querystring' | 'body'>>;
type ResponseOf<E> = E extends { response: infer R }
  ? { response: { [K in E extends { status: infer S extends number } ? S : 200]: R } }
  : unknown;
export type EndpointRouteSchema<N extends EndpointName> = { summary: string } & InputOf<EndpointSchemas[N]> &
  ResponseOf<EndpointSchemas[N]>;

/** What a route may set besides its endpoint, access and handler. */
export interface RouteOptions<N extends EndpointName = EndpointName> {
  /** The largest body it reads, in bytes (Fastify's default is 1 MiB). */
  bodyLimit?: number;
  /**
   * Reads the body with a parser of its own that words its messages for its users (e.g.
   * watchlist symbols); the document still shows the endpoint's body schema.
   */
  parseBody?: (value: unknown) => BodyOutput<N>;
}
type BodyOutput<N extends EndpointName> = EndpointSchemas[N] extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : never;

/** Declares one route of ENDPOINTS by name: who may call it and its handler. */
export type DeclareRoute = <const N extends EndpointName>(
  name: N,
  config: { access: RouteAccess },
  handler: ZodHandler<EndpointRouteSchema<N>>,
  options?: RouteOptions<NoInfer<N>>,
) => void;

/** The Fastify schema of an endpoint from ENDPOINT_SCHEMAS. */
export function endpointRouteSchema(name: EndpointName, parseBody?: (value: unknown) => unknown): FastifySchema {
  const { summary, params, querystring, body, response, status } = ENDPOINT_SCHEMAS[name] as EndpointSchemaSet;
  return {
    summary,
    ...(params ? { params } : {}),
    ...(querystring ? { querystring } : {}),
    ...(body ? { body: parseBody ? parsedWith(body, parseBody) : body } : {}),
    ...(response ? { response: { [status ?? 200]: response } } : {}),
  };
}

/**
 * `const route = routeDeclarer(app)`, then
 *   route('bars', SIGNED_IN, async (request) => … request.query …)
 * is `app.get(ENDPOINTS.bars.path, { config: SIGNED_IN, schema }, handler)` with the method
 * and path of ENDPOINTS and the schemas of ENDPOINT_SCHEMAS (the ones the web's types come
 * from); the handler is typed by those schemas as with `app.get`.
 * `defaults` apply to every route it declares (auth's routes all read small bodies).
 * A route outside ENDPOINTS (a probe, a webhook, a link in a mail: ROUTES_NOT_FOR_THE_WEB)
 * registers with `app.*` and says why beside it.
 */
export function routeDeclarer(app: ZodApp, defaults: Pick<RouteOptions, 'bodyLimit'> = {}): DeclareRoute {
  return (name, config, handler, options = {}) => {
    const { parseBody, ...rest } = { ...defaults, ...options };
    const { method, path } = ENDPOINTS[name];
    const schema = endpointRouteSchema(name, parseBody);
    app.route({ method, url: path, config, schema, handler: handler as RouteHandlerMethod, ...rest });
  };
}
