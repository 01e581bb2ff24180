import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@solstice/contracts';
import { testDialects } from '../../testing/test-databases.js';
import { signedInUser, type SignedIn } from '../../testing/auth-helpers.js';
import { useTestApp } from '../../testing/test-fixtures.js';

/** Runs per endpoint and dialect: 11 endpoints × 300 = 3,300 malformed requests per database. */
const RUNS = 300;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Endpoint {
  method: Method;
  url: string;
  keys: string[];
  signedIn: boolean;
}

const ENDPOINTS: Endpoint[] = [
  { method: 'POST', url: '/api/auth/signup', keys: ['email', 'username', 'password'], signedIn: false },
  { method: 'POST', url: '/api/auth/login', keys: ['login', 'password'], signedIn: false },
  { method: 'POST', url: '/api/auth/logout', keys: [], signedIn: true },
  { method: 'POST', url: '/api/auth/password', keys: ['currentPassword', 'newPassword'], signedIn: true },
  { method: 'POST', url: '/api/auth/password-reset/request', keys: ['email'], signedIn: false },
  { method: 'POST', url: '/api/auth/password-reset/confirm', keys: ['token', 'newPassword'], signedIn: false },
  { method: 'PATCH', url: '/api/me/preferences', keys: ['locale', 'timeZone', 'layout'], signedIn: true },
  { method: 'POST', url: '/api/v1/watchlists', keys: ['name', 'symbols'], signedIn: true },
  { method: 'PUT', url: '/api/v1/watchlists/:id', keys: ['name', 'symbols'], signedIn: true },
  { method: 'GET', url: '/api/v1/watchlists/:id', keys: [], signedIn: true },
  { method: 'DELETE', url: '/api/v1/watchlists/:id', keys: [], signedIn: true },
];

const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('', ' ', '\u0000', '__proto__', 'constructor', 'a@b.cc', 'x'.repeat(5000), '../../etc/passwd', '%00'),
  fc.stringMatching(/^[A-Za-z0-9_.-]{1,30}@[a-z]{1,10}\.[a-z]{2,4}$/),
);
const value = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.record({ sym: nastyString, description: fc.oneof(nastyString, fc.integer()) }), { maxLength: 5 }),
);

/** Bodies near the real shape (right keys, wrong values, extra keys) and plain junk. */
function bodyFor(endpoint: Endpoint) {
  const shaped = fc
    .tuple(
      fc.subarray(endpoint.keys),
      fc.array(value, { minLength: endpoint.keys.length, maxLength: endpoint.keys.length }),
      fc.option(fc.tuple(nastyString, value), { nil: undefined }),
    )
    .map(([keys, values, extra]) => {
      const o: Record<string, unknown> = {};
      keys.forEach((k, i) => (o[k] = values[i]));
      if (extra) o[extra[0]] = extra[1];
      return { kind: 'json' as const, body: o };
    });
  const junkJson = fc.jsonValue({ maxDepth: 4 }).map((body) => ({ kind: 'json' as const, body }));
  const raw = fc
    .tuple(
      fc.oneof(fc.string(), fc.constantFrom('{', '{"a":', '[1,2', 'null', '""', '{"__proto__":{"x":1}}', 'true')),
      fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/xml',
      ),
    )
    .map(([body, type]) => ({ kind: 'raw' as const, body, type }));
  return fc.oneof(shaped, junkJson, raw);
}

const idSegment = fc.oneof(
  fc.integer({ min: -5, max: 3_000_000_000 }).map(String),
  fc.string({ minLength: 1 }).map(encodeURIComponent),
  fc.constantFrom('1e3', '0x10', '1.0', ' 1', '%20', '999999999999999999999', 'NaN', 'null'),
);

describe.each(testDialects())('malformed input on %s', (dialect) => {
  const t = useTestApp(dialect);
  let s: SignedIn;
  beforeAll(async () => {
    s = await signedInUser(t);
  });

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.url} never answers 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyFor(endpoint), idSegment, async (input, id) => {
          const headers: Record<string, string> = { origin: 'http://localhost' };
          if (endpoint.signedIn) headers.cookie = s.cookie;
          const withBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
          let payload: string | undefined;
          if (withBody && input.kind === 'json') {
            payload = JSON.stringify(input.body);
            headers['content-type'] = 'application/json';
          } else if (withBody && input.kind === 'raw') {
            payload = input.body;
            headers['content-type'] = input.type;
          }
          const res = await t.app.inject({
            method: endpoint.method,
            url: endpoint.url.replace(':id', id),
            headers,
            remoteAddress: '10.250.0.1',
            ...(payload === undefined ? {} : { payload }),
          });
          expect(res.statusCode, `${res.statusCode} ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(errorResponseSchema.safeParse(res.json()).success).toBe(true);
        }),
        { numRuns: RUNS },
      );
      // The logout endpoint ends the session: sign in again for the next endpoints.
      if (endpoint.url === '/api/auth/logout' || endpoint.url === '/api/auth/password') s = await signedInUser(t);
    });
  }
});
