import { describe, expect, it } from 'vitest';
import { serveWebDistDuringSuite } from '../testing/web-dist.js';
import { signedInUser } from '../testing/auth-helpers.js';
import { testDialects } from '../testing/test-databases.js';
import { PAGE_DATA_ID, withPageData } from './page-data.js';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Solstice</title></head><body><div id="root"></div></body></html>';
const BLOCK = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`, 's');

describe('the data block in a page', () => {
  it('holds the JSON after #root, every <, > and & escaped, so that no text in it can close the block', () => {
    const hostile = { username: '</script><script>alert(1)</script>', note: 'a & b > c\u2028d\u2029' };
    const html = withPageData(INDEX_HTML, JSON.stringify(hostile));
    expect(html.startsWith(`${INDEX_HTML.slice(0, INDEX_HTML.indexOf('</div>') + 6)}<script`)).toBe(true);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    const text = BLOCK.exec(html)![1]!;
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });

  it('is left out of a page without #root', () => {
    expect(withPageData('<html><body></body></html>', '{}')).toBe('<html><body></body></html>');
  });
});

// Issue 18: a returning account's page carries what the app asked for before its first paint.
describe.each(testDialects())('the data in a returning account’s page (%s, over HTTP)', (dialect) => {
  const live = serveWebDistDuringSuite(dialect, 'solstice-page-data-', { 'index.html': INDEX_HTML });

  const get = (url: string, cookie: string, method = 'GET') =>
    fetch(`${live().baseUrl}${url}`, { method, headers: { cookie, origin: live().baseUrl }, redirect: 'manual' });
  const api = async (url: string, cookie: string) => {
    const res = await get(url, cookie);
    expect(res.status, url).toBe(200);
    return res.json() as Promise<unknown>;
  };
  const dataOf = async (url: string, cookie: string) => {
    const res = await get(url, cookie);
    const block = BLOCK.exec(await res.text());
    return {
      status: res.status,
      cacheControl: res.headers.get('cache-control'),
      data: block ? JSON.parse(block[1]!) : null,
    };
  };
  const tourDone = (cookie: string) =>
    fetch(`${live().baseUrl}/api/me/preferences`, {
      method: 'PATCH',
      headers: { cookie, origin: live().baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ tutorialSeen: true }),
    });

  it('is each endpoint’s own answer: /api/me and the freshness everywhere, the overview where the page opens with it', async () => {
    const { cookie } = await signedInUser(live(), { username: 'x</script><script>alert(1)</script>' });
    // Not before the tour is done (that page has the tour's step), and not for a visitor.
    expect((await dataOf('/dashboard', cookie)).data).toBeNull();
    expect((await tourDone(cookie)).status).toBe(200);

    const me = await api('/api/me', cookie);
    const freshness = await api('/api/v1/market/freshness', cookie);
    const overview = await api('/api/v1/market/overview', cookie);
    for (const url of ['/dashboard', '/market', '/Dashboard/']) {
      expect(await dataOf(url, cookie), url).toEqual({
        status: 200,
        // The account's answers: not kept by any cache, as the API's are not.
        cacheControl: 'private, no-store',
        data: { me, freshness, overview },
      });
    }
    expect((me as { data: { username: string } }).data.username).toBe('x</script><script>alert(1)</script>');
    for (const url of ['/profile', '/seasonality/calendar', '/alerts']) {
      expect((await dataOf(url, cookie)).data, url).toEqual({ me, freshness });
    }
    // The subscribe page draws the subscriber's notice, or the plans, from its own three answers.
    expect((await dataOf('/subscribe', cookie)).data).toEqual({
      me,
      freshness,
      subscription: await api('/api/v1/subscription', cookie),
      paymentsConfig: await api('/api/v1/payments/config', cookie),
      products: await api('/api/v1/products', cookie),
    });
    // Not in the 404 page, a HEAD answer, or a visitor's page.
    expect(await dataOf('/no-such-page', cookie)).toMatchObject({ status: 404, data: null });
    expect((await get('/dashboard', cookie, 'HEAD')).headers.get('cache-control')).toBe('private, no-cache');
    expect(await dataOf('/dashboard', '')).toMatchObject({ data: null });
  });

  it('follows the account: another account’s page has its own answers', async () => {
    const first = await signedInUser(live());
    const second = await signedInUser(live(), { role: 'admin' });
    for (const { cookie } of [first, second]) expect((await tourDone(cookie)).status).toBe(200);
    const a = (await dataOf('/profile', first.cookie)).data;
    const b = (await dataOf('/profile', second.cookie)).data;
    expect(a.me).toEqual(await api('/api/me', first.cookie));
    expect(b.me).toEqual(await api('/api/me', second.cookie));
    expect(a.me.data.id).not.toBe(b.me.data.id);
    expect(b.me.roles).toContain('admin');
  });
});
