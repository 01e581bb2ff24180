import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';
import { parseInput, type InputPlace } from './validation.js';

export type { ZodTypeProvider } from 'fastify-type-provider-zod';

const PLACE_OF_PART: Record<string, InputPlace> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

type Parse = (value: unknown) => unknown;
const ownParsers = new WeakMap<z.ZodType, Parse>();
const origins = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The schema for a route that reads its input with a parser of its own (one that words its
 * messages for its users, e.g. watchlist symbols): the document shows `schema`, and the
 * route validates with `parse`, which must throw the usual AppError on bad input.
 */
export function parsedWith<S extends z.ZodType>(schema: S, parse: (value: unknown) => z.output<S>): S {
  const declared = schema.clone() as S;
  ownParsers.set(declared, parse);
  origins.set(declared, schema);
  return declared;
}

/** The schema a route declared: for one read with parsedWith, the schema it was made from. */
export function schemaOrigin(schema: unknown): unknown {
  return (schema && origins.get(schema as z.ZodType)) ?? schema;
}

/**
 * Validates a route's declared zod schemas (`schema: { params, querystring, body }`) through
 * parseInput, so a declared schema answers exactly as a handler's own parse did: the NUL
 * check first, then a 400 `validation_failed` naming every bad field as `query.x`, `body.y`.
 * The AppError goes to the error handler as it is (Fastify keeps an Error's own code).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const place = PLACE_OF_PART[httpPart ?? 'body'] ?? 'body';
  const own = ownParsers.get(schema);
  return (data) => {
    try {
      // Fastify hands a missing part over as null; the parsers were written for undefined.
      return { value: own ? own(data ?? undefined) : parseInput(schema, data, place) };
    } catch (error) {
      return { error: error as Error };
    }
  };
};

/**
 * Response schemas document the answer; they do not reshape it. Answers are written as
 * they were before any route declared one (JSON.stringify, Fastify's default without a schema).
 */
export const plainJsonSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/** Route schemas are zod schemas (packages/contracts), validated by parseInput. Call before any route. */
export function installRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(plainJsonSerializerCompiler);
}
