import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../testing/test-databases.js';
import { signedInUser } from '../testing/auth-helpers.js';
import { serveWebDistDuringSuite } from '../testing/web-dist.js';
import { isPagePath, PAGE_PATHS } from './page-routes.js';
import { withOperatorDefaults } from './web-pages.js';

const INDEX_HTML = '<!doctype html><title>Solstice</title><div id="root"></div>';
/** The page as served: with the operator's default language and time zone (app.ts). */
const SERVED_HTML = withOperatorDefaults(INDEX_HTML, { DEFAULT_LANGUAGE: 'en', DEFAULT_TIME_ZONE: 'Europe/Istanbul' });

describe('the pages of the specification', () => {
  it('are known with or without a trailing slash, in any case, and nothing else is', () => {
    for (const p of PAGE_PATHS) expect(isPagePath(p), p).toBe(true);
    expect(isPagePath('/seasonality/besttrades/')).toBe(true);
    expect(isPagePath('/Dashboard')).toBe(true);
    for (const p of ['/dashboard.bak', '/backup.zip', '/seasonality/foo', '/dashboard/x', '/index.html', '/api'])
      expect(isPagePath(p), p).toBe(false);
  });
});

// Issue #21, defect 9: unknown pages answered 200, so a scanner reported 54 "backup files".
describe.each(testDialects())('unknown pages over HTTP on %s', (dialect) => {
  const live = serveWebDistDuringSuite(dialect, 'solstice-pages-', { 'index.html': INDEX_HTML });
  let cookie: string;
  beforeAll(async () => {
    cookie = (await signedInUser(live())).cookie;
  });

  const get = (url: string, signedIn: boolean) =>
    fetch(`${live().baseUrl}${url}`, { headers: signedIn ? { cookie } : {}, redirect: 'manual' });

  it('answers a path that names no page with the app page and status 404, signed in or not', async () => {
    for (const url of ['/dashboard.bak', '/backup.zip', '/seasonality/foo', '/dashboard/extra', '/.git/config']) {
      for (const signedIn of [true, false]) {
        const res = await get(url, signedIn);
        expect(res.status, `${url} signed in: ${signedIn}`).toBe(404);
        expect(res.headers.get('content-type')).toContain('text/html');
        expect(await res.text()).toBe(SERVED_HTML);
      }
    }
  });

  it('answers each page of the specification with 200 when signed in, and sends a visitor to /', async () => {
    for (const url of PAGE_PATHS) {
      const page = await get(url, true);
      // A signed-in user asking for the landing page goes on to the dashboard.
      if (url === '/') expect(page.status).toBe(302);
      else {
        expect(page.status, url).toBe(200);
        expect(await page.text()).toBe(SERVED_HTML);
      }
      const visitor = await get(url, false);
      if (url === '/') expect(visitor.status).toBe(200);
      else expect([visitor.status, visitor.headers.get('location')], url).toEqual([302, '/']);
    }
    expect((await get('/seasonality/pattern/?symbol=KO', true)).status).toBe(200);
  });

  it('keeps the API and missing assets a JSON 404', async () => {
    for (const url of ['/api/v1/nothing', '/assets/missing.js']) {
      const res = await get(url, true);
      expect(res.status, url).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
  });
});
