import type { FastifyPluginAsync } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { PUBLIC } from '../http/access.js';
import { renderApiDocs } from './api-docs-page.js';
import { DOCS_PATH, OPENAPI_PATH } from './openapi.js';

/** The OpenAPI document of every route, and the same as a page to read. Public: it holds no settings. */
export function apiDocsRoutes(): FastifyPluginAsync {
  return async (app) => {
    const documentOf = () => app.swagger() as OpenAPIV3_1.Document;
    let page: string | null = null;
    // Read by people and tools, not called by the web app: outside ENDPOINTS (ROUTES_NOT_FOR_THE_WEB).

    app.get(
      OPENAPI_PATH,
      { config: PUBLIC, schema: { summary: 'The OpenAPI 3.1 document of this API (this document)', tags: ['docs'] } },
      async (_request, reply) => reply.header('cache-control', 'no-cache').send(documentOf()),
    );

    app.get(
      DOCS_PATH,
      { config: PUBLIC, schema: { summary: 'The API documentation as a page to read' } },
      async (_request, reply) => {
        page ??= renderApiDocs(documentOf(), OPENAPI_PATH);
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
      },
    );
  };
}
