import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedIn } from '../testing/auth-helpers.js';
import { startLiveServer, type LiveServer } from '../testing/live-server.js';
import { testDialects } from '../testing/test-databases.js';
import { MAPPED_IPV4_HOSTS } from '../testing/webhook-hosts.js';

/**
 * Alerts attacked over real HTTP: a webhook pointed inside the server's network through any
 * spelling of an address, and names that display as something else (bidirectional controls).
 */

/** Webhook hosts that reach IPv4 through IPv6, or special-purpose ranges: each must be refused. */
const INSIDE = [
  ...MAPPED_IPV4_HOSTS,
  '[64:ff9b::7f00:1]', // NAT64 of 127.0.0.1
  '[64:ff9b:1::a00:1]', // local-use NAT64
  '[2002:7f00:1::1]', // 6to4 of 127.0.0.1
  '[2001:0:4136:e378:8000:63bf:80ff:fffe]', // Teredo
  '198.18.0.1',
  '169.254.169.254',
  '[fd00::1]',
];

/** Every address of this machine's own interfaces, as a URL host. */
const OWN = Object.values(os.networkInterfaces())
  .flatMap((list) => list ?? [])
  .map(({ address, family }) => (family === 'IPv6' ? `[${address.replace(/%.*$/, '')}]` : address));

const TRICKY = 'abc\u202Etxt.exe';

describe.each(testDialects())('alerts under attack over HTTP (%s)', (dialect) => {
  let server: LiveServer;
  let alice: SignedIn;
  beforeAll(async () => {
    // Webhooks to local addresses are not allowed (the default).
    server = await startLiveServer(dialect);
    alice = await signedInUser(server, { subscriber: true });
  });
  afterAll(async () => {
    await server.close();
  });

  async function send(method: string, path: string, body: unknown) {
    const res = await fetch(server.baseUrl + path, {
      method,
      headers: { 'content-type': 'application/json', cookie: alice.cookie, origin: server.baseUrl },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      json: (await res.json()) as {
        data?: { id: number };
        error?: { message: string; details?: { issues?: { path: string; message: string }[] } };
      },
    };
  }

  const scanAlert = (fields: Record<string, unknown>) =>
    send('POST', '/api/v1/alerts', { name: 'Probe', kind: 'scan', expression: 'close > 1', ...fields });

  it.each([...INSIDE, ...OWN])('refuses a webhook to https://%s/', async (host) => {
    const res = await scanAlert({ webhookUrl: `https://${host}/hook` });
    expect(res.status).toBe(400);
    const issue = res.json.error?.details?.issues?.[0];
    expect(issue?.path).toBe('body.webhookUrl');
    expect(issue?.message).toMatch(/is not a public address/);
  });

  it('refuses such a webhook on an edit too', async () => {
    const created = await scanAlert({});
    expect(created.status).toBe(201);
    const res = await send('PATCH', `/api/v1/alerts/${created.json.data!.id}`, {
      webhookUrl: 'https://[::ffff:7f00:1]/hook',
    });
    expect(res.status).toBe(400);
    expect(res.json.error?.details?.issues?.[0]?.path).toBe('body.webhookUrl');
  });

  it.each(['93.184.215.14', '[2606:4700::1111]'])(
    'accepts a webhook to a public address, https://%s/',
    async (host) => {
      // An address literal needs no DNS: nothing leaves this machine when the alert is saved.
      const res = await scanAlert({ webhookUrl: `https://${host}/hook` });
      expect(res.status).toBe(201);
    },
  );

  it('refuses names with bidirectional controls, naming the field, on create and on rename', async () => {
    const alert = await scanAlert({ name: TRICKY });
    expect(alert.status).toBe(400);
    expect(alert.json.error?.details?.issues).toEqual([
      { path: 'body.name', message: 'A name must not contain invisible direction characters.' },
    ]);
    const list = await send('POST', '/api/v1/watchlists', { name: TRICKY, symbols: [] });
    expect(list.status).toBe(400);
    expect(list.json.error?.details?.issues).toEqual([
      { path: 'body.name', message: 'A watchlist name must not contain invisible direction characters.' },
    ]);
    const scan = await send('POST', '/api/v1/scans', { name: TRICKY, expression: 'close > 1' });
    expect(scan.status).toBe(400);
    expect(scan.json.error?.details?.issues?.[0]?.path).toBe('body.name');

    const plainAlert = await scanAlert({ name: 'Plain' });
    const plainList = await send('POST', '/api/v1/watchlists', { name: 'Plain', symbols: [] });
    expect([plainAlert.status, plainList.status]).toEqual([201, 201]);
    for (const name of [TRICKY, 'a\u2066b', 'a\u200Fb', 'a\u061Cb', 'a\u200Bb']) {
      const renamed = await send('PATCH', `/api/v1/alerts/${plainAlert.json.data!.id}`, { name });
      expect(renamed.status, JSON.stringify(name)).toBe(400);
      expect(renamed.json.error?.details?.issues?.[0]?.path).toBe('body.name');
      const relisted = await send('PUT', `/api/v1/watchlists/${plainList.json.data!.id}`, { name, symbols: [] });
      expect(relisted.status, JSON.stringify(name)).toBe(400);
      expect(relisted.json.error?.details?.issues?.[0]?.path).toBe('body.name');
    }
    // Joiners that scripts and emoji need stay allowed.
    const joined = await send('PATCH', `/api/v1/alerts/${plainAlert.json.data!.id}`, { name: 'Family 👨\u200D👩' });
    expect(joined.status).toBe(200);
  });
});
