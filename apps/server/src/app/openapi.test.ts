import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3_1 } from 'openapi-types';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { signedInUser, signUpAndLogin } from '../testing/auth-helpers.js';
import { DOCS_PATH, OPENAPI_PATH } from './openapi.js';

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject & { 'x-access'?: unknown };

/** Values a leak would show: every secret setting gets one nobody could mistake for text of the API. */
const SECRETS = {
  METRICS_TOKEN: 'metrics-token-7f3a9c1e5b2d4a60',
  STRIPE_SECRET_KEY: 'sk_test_openapiLeak4b1f9e2a7c',
  STRIPE_WEBHOOK_SECRET: 'whsec_openapiLeak8d3c6b0a1e',
  CONTACT_SYNC_URL: 'http://contacts.internal.example:9911/sync',
  CONTACT_SYNC_KEY: 'contact-sync-key-5e8a2f71c9',
  ADMIN_EMAIL: 'first.admin.openapi@example.org',
  ADMIN_PASSWORD: 'Admin-pass-openapi-9q7w5e3r',
  TIINGO_API_KEY: 'tiingo-key-openapi-2c4e6a8b0d',
  EODHD_API_KEY: 'eodhd-key-openapi-1a3c5e7g9i',
  SESSION_COOKIE_NAME: 'sol_sid',
};

/** "/api/v1/x/:id" as OpenAPI writes it: "/api/v1/x/{id}". */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the OpenAPI document and the docs page', () => {
  let t: TestApp;
  let document: Document;

  beforeAll(async () => {
    t = await createTestApp('sqlite', SECRETS);
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    document = res.json<Document>();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every API route the app registered (the router's own list, not one kept by hand); files of the web app are not API. */
  const apiRoutes = () =>
    t.app.declaredRoutes.filter((r) => r.access.kind !== 'asset' && r.method !== 'HEAD' && r.method !== 'OPTIONS');

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(document) as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every registered route with the access it declares', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const route of routes) {
      const op = document.paths?.[openApiPath(route.url)]?.[route.method.toLowerCase() as 'get'] as
        Operation | undefined;
      if (!op) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      expect(op['x-access'], `${route.method} ${route.url}`).toEqual(route.access);
      expect(op.description, `${route.method} ${route.url}`).toMatch(/^\*\*Access:\*\* /);
      expect(op.responses?.default, `${route.method} ${route.url}`).toBeDefined();
    }
    expect(missing).toEqual([]);
  });

  it('lists nothing that is not a route', () => {
    const declared = new Set(apiRoutes().map((r) => `${r.method} ${openApiPath(r.url)}`));
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {})
        .filter((key) => ['get', 'put', 'post', 'delete', 'patch'].includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.filter((op) => !declared.has(op))).toEqual([]);
  });

  it('describes the inputs the routes validate: path, query and body', () => {
    const instrument = document.paths?.['/api/v1/bars/{symbol}']?.get as Operation;
    const parameters = (instrument.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
    expect(parameters.find((p) => p.in === 'path')).toMatchObject({ name: 'symbol', required: true });
    expect(parameters.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['from', 'to']),
    );
    const login = document.paths?.['/api/auth/login']?.post as Operation;
    const body = (login.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json']?.schema;
    expect(body).toMatchObject({ type: 'object', required: expect.arrayContaining(['login', 'password']) });
  });

  it('shows every operation on a page that runs no script', async () => {
    const res = await t.app.inject({ method: 'GET', url: DOCS_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(res.body).not.toMatch(/<script|javascript:|\son[a-z]+=/i);
    for (const route of apiRoutes()) {
      expect(res.body, `${route.method} ${route.url}`).toContain(
        `${route.method}</span> <code>${openApiPath(route.url)}</code>`,
      );
    }
  });

  it('needs no session, and is the same document for a visitor, a user and an admin', async () => {
    const user = await signUpAndLogin(t);
    const admin = await signedInUser(t, { role: 'admin' });
    for (const who of [user, admin]) {
      const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH, headers: { cookie: who.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(document);
    }
  });

  it('holds no secret: no setting, no environment secret, no session', async () => {
    const { cookie } = await signUpAndLogin(t);
    const sessionValue = cookie.split('=')[1]!;
    const docs = await t.app.inject({ method: 'GET', url: DOCS_PATH, headers: { cookie } });
    const texts = [JSON.stringify(document), docs.body];
    const secrets = [
      sessionValue,
      ...Object.entries(SECRETS)
        .filter(([name]) => name !== 'SESSION_COOKIE_NAME')
        .map(([, value]) => value),
      ...Object.entries(process.env)
        .filter(
          ([name, value]) =>
            /secret|token|key|passw|credential|cookie|session/i.test(name) && (value?.length ?? 0) >= 8,
        )
        .map(([, value]) => value!),
    ];
    for (const text of texts) {
      for (const secret of secrets) expect(text.includes(secret), `leaks ${secret.slice(0, 4)}…`).toBe(false);
      expect(text).not.toMatch(/sk_(test|live)_|whsec_|Bearer [A-Za-z0-9]/);
    }
    // The answer sets no cookie of its own: reading the docs starts and renews nothing.
    const anonymous = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(anonymous.headers['set-cookie']).toBeUndefined();
  });
});
