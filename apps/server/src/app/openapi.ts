import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@solstice/contracts';
import type { RouteAccess } from '../http/access.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The session cookie's scheme name in the document (the cookie's name is a setting, not a secret). */
const SESSION = 'session';

/** Who may call a route, in words: the docs page and each operation's description show it. */
export function accessLabel(access: RouteAccess): string {
  switch (access.kind) {
    case 'public':
      return 'public';
    case 'asset':
      return 'public (a file of the web app)';
    case 'user':
      return 'signed in';
    case 'subscriber':
      return 'subscribers (or admins)';
    case 'permission':
      return `needs the ${access.permission} permission (admins hold every permission)`;
  }
}

/** The first segment after /api/ or /api/v1/ (admin routes by their subject): the document's groups. */
export function tagOf(url: string): string {
  const parts = url.split('/').filter(Boolean);
  const rest = parts[0] === 'api' ? parts.slice(parts[1] === 'v1' ? 2 : 1) : parts;
  if (rest[0] === 'admin' && rest[1]) return `admin: ${rest[1].replace(/^:/, '')}`;
  return (rest[0] ?? 'other').replace(/^:/, '');
}

interface DocumentedSchema extends FastifySchema {
  summary?: string;
  description?: string;
  tags?: string[];
  hide?: boolean;
  response?: Record<string, unknown>;
}

const zodToOpenApi = createJsonSchemaTransform({ skipList: [] });

/**
 * Every route's zod schemas (params, querystring, body, responses) as JSON Schema, plus what
 * the route declares about access: `x-access` (the declaration itself), the words in the
 * description, and the session cookie as its security requirement. Files of the web app
 * (ASSET) are not API operations and stay out.
 */
const transform: SwaggerTransform = (input) => {
  const route = input.route as RouteOptions;
  const access = route.config?.access;
  if (access?.kind === 'asset') return { schema: { hide: true } as FastifySchema, url: input.url };
  const declared = (input.schema ?? {}) as DocumentedSchema;
  const withErrors: DocumentedSchema = {
    ...declared,
    response: { ...declared.response, default: errorResponseSchema.describe('The error shape of every failure') },
  };
  const converted = zodToOpenApi({ ...input, schema: withErrors } as Parameters<typeof zodToOpenApi>[0]);
  const schema = converted.schema as DocumentedSchema & Record<string, unknown>;
  if (!access) return { schema, url: converted.url };
  const label = accessLabel(access);
  return {
    url: converted.url,
    schema: {
      ...schema,
      tags: declared.tags ?? [tagOf(input.url)],
      summary: declared.summary ?? `${String(route.method)} ${input.url}`,
      description: [`**Access:** ${label}.`, declared.description].filter(Boolean).join('\n\n'),
      'x-access': access,
      ...(access.kind === 'public' ? {} : { security: [{ [SESSION]: [] }] }),
    },
  };
};

/**
 * Collects every route registered after it into an OpenAPI 3.1 document (`app.swagger()`),
 * built once, on first request, from the routes' own declarations. Register before the routes.
 */
export async function installOpenApi(
  app: FastifyInstance,
  { version, sessionCookieName }: { version: string; sessionCookieName: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Solstice API',
        version,
        description:
          'The HTTP API of Solstice. Every failure answers `{ "error": { "code", "message", "details"? } }`. ' +
          'A route is public, needs a signed-in session (the session cookie, set by POST /api/auth/login), ' +
          'a subscription, or a permission; `x-access` on each operation says which. Writes must come from the ' +
          "app's own origin (an Origin header of this server).",
      },
      components: {
        securitySchemes: {
          [SESSION]: { type: 'apiKey', in: 'cookie', name: sessionCookieName },
        },
      },
    },
    transform,
  });
}
