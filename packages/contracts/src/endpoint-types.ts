// What each endpoint of ENDPOINTS (endpoints.ts) takes and answers, as types only, derived from
// its schemas in ENDPOINT_SCHEMAS (endpoint-schemas.ts), the same ones its server route
// validates with: z.input for what a caller sends, z.output for the answer. Everything here is
// imported with `import type`, so nothing reaches a bundle.
import type { z } from 'zod';
import type { EndpointSchemas, UndeclaredAnswer } from './endpoint-schemas.js';
import type { EndpointName, EndpointParams, PathParamNames, Endpoints } from './endpoints.js';

/** A value of a query string: left out when undefined, null, '' or []; a list repeats its key. */
export type QueryValue = string | number | boolean | null | undefined | readonly string[];

/** A query string as a caller writes it: the schema's keys, each one optional, any query value. */
type Query<S extends z.ZodType> = { [K in keyof z.output<S>]?: QueryValue };

type QueryOf<E> = E extends { querystring: infer S extends z.ZodType } ? { query: Query<S> } : unknown;
type BodyOf<E> = E extends { body: infer S extends z.ZodType } ? { body: z.input<S> } : unknown;
type AnswerOf<E> = E extends { response: infer S extends z.ZodType }
  ? z.output<S>
  : E extends { answer: UndeclaredAnswer<infer T> }
    ? T
    : E extends { noContent: true }
      ? void
      : unknown;

/** One endpoint's types: `query`, `body` where it takes them, and `response` (void: a 204). */
type TypesOf<E> = QueryOf<E> & BodyOf<E> & { response: AnswerOf<E> };

/**
 * Per endpoint: `query` (the query string), `body` (the JSON body) and `response` (the
 * answer's body). Path parameters come from the path itself (EndpointParams). A key that is
 * missing means the endpoint takes none; `response: void` is a 204.
 */
export type EndpointTypes = { [N in EndpointName]: TypesOf<EndpointSchemas[N]> };

type Field<N extends EndpointName, K extends string> = K extends keyof EndpointTypes[N]
  ? EndpointTypes[N][K]
  : undefined;

/** The JSON body an endpoint takes (undefined: none). */
export type EndpointBody<N extends EndpointName> = Field<N, 'body'>;
/** The query string an endpoint takes (undefined: none). */
export type EndpointQuery<N extends EndpointName> = Field<N, 'query'>;
/** The body of an endpoint's answer. */
export type EndpointResponse<N extends EndpointName> = EndpointTypes[N]['response'];

type ParamsPart<N extends EndpointName> = [PathParamNames<Endpoints[N]['path']>] extends [never]
  ? { params?: undefined }
  : { params: EndpointParams<N> };
type QueryPart<N extends EndpointName> = 'query' extends keyof EndpointTypes[N]
  ? { query?: EndpointQuery<N> }
  : { query?: undefined };
type BodyPart<N extends EndpointName> = 'body' extends keyof EndpointTypes[N]
  ? undefined extends EndpointBody<N>
    ? { body?: EndpointBody<N> }
    : { body: EndpointBody<N> }
  : { body?: undefined };

/** What a call of one endpoint passes: `params` (path), `query`, `body`, each only where the endpoint takes it. */
export type EndpointInput<N extends EndpointName> = ParamsPart<N> & QueryPart<N> & BodyPart<N>;

/** True when a call of the endpoint may leave out its input altogether. */
export type InputIsOptional<N extends EndpointName> = Partial<EndpointInput<N>> extends EndpointInput<N> ? true : false;
