import http from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveDuringSuite } from '../../testing/loopback-server.js';
import { createTestSettings } from '../../testing/test-settings.js';
import { ContactSyncClient } from './contact-sync.js';
import { IntegrationError, type IntegrationLogger } from './json-http-client.js';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/** A local HTTP server whose answers a test scripts: a list of statuses (or 'hang') consumed per request. */
function scriptedServer() {
  const seen: Seen[] = [];
  let script: (number | 'hang')[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: raw ? JSON.parse(raw) : null,
      });
      const next = script.shift() ?? 200;
      if (next === 'hang') return; // never answers: the client's timeout must fire
      res.statusCode = next;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: next < 400 }));
    });
  });
  return {
    seen,
    server,
    setScript: (s: (number | 'hang')[]) => {
      script = [...s];
    },
  };
}

function memoryLogger() {
  const lines: { level: string; msg: string; obj: object }[] = [];
  const logger: IntegrationLogger = {
    info: (obj, msg) => lines.push({ level: 'info', msg, obj }),
    warn: (obj, msg) => lines.push({ level: 'warn', msg, obj }),
  };
  return { lines, logger };
}

describe('the contact-list sync client', () => {
  const s = scriptedServer();
  const base = serveDuringSuite(s.server);
  beforeEach(() => {
    s.seen.length = 0;
    s.setScript([]);
  });

  it('are off unless configured', () => {
    const none = createTestSettings();
    expect(ContactSyncClient.fromSettings(none)).toBeNull();
    expect(ContactSyncClient.fromSettings(createTestSettings({ CONTACT_SYNC_URL: 'http://x.example/c' }))).toBeNull();
    expect(
      ContactSyncClient.fromSettings(
        createTestSettings({ CONTACT_SYNC_URL: 'http://x.example/c', CONTACT_SYNC_KEY: 'k' }),
      ),
    ).toBeInstanceOf(ContactSyncClient);
  });

  it('PUTs the contact as JSON with the bearer key', async () => {
    const { lines, logger } = memoryLogger();
    const client = new ContactSyncClient({ url: `${base()}/contacts`, key: 'sync-key-1', logger });
    const res = await client.upsert({ id: 7, email: 'a@example.com', username: 'alice', tag_ids: [2582] });
    expect(res.status).toBe(200);
    expect(s.seen).toEqual([
      {
        method: 'PUT',
        url: '/contacts',
        authorization: 'Bearer sync-key-1',
        contentType: 'application/json',
        body: { contacts: [{ id: 7, email: 'a@example.com', username: 'alice', tag_ids: [2582] }] },
      },
    ]);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([['info', 'contact-sync: ok']]);
  });

  it('retries 5xx and 429, then succeeds', async () => {
    s.setScript([503, 429, 200]);
    const { lines, logger } = memoryLogger();
    const client = new ContactSyncClient({ url: `${base()}/c`, key: 'k', backoffMs: 1, logger });
    const res = await client.upsert({ id: 1, email: 'a@example.com', username: 'a', tag_ids: [] });
    expect(res.status).toBe(200);
    expect(s.seen).toHaveLength(3);
    expect(lines.map((l) => l.msg)).toEqual(['contact-sync: HTTP 503', 'contact-sync: HTTP 429', 'contact-sync: ok']);
  });

  it('gives up after the retries and does not retry a 4xx', async () => {
    s.setScript([500, 500, 500]);
    const client = new ContactSyncClient({ url: `${base()}/c`, key: 'k', backoffMs: 1, retries: 2 });
    await expect(client.upsert({ id: 1, email: 'a@example.com', username: 'a', tag_ids: [] })).rejects.toThrow(
      new IntegrationError('contact-sync answered 500', 500),
    );
    expect(s.seen).toHaveLength(3);

    s.seen.length = 0;
    s.setScript([401]);
    await expect(client.upsert({ id: 1, email: 'a@example.com', username: 'a', tag_ids: [] })).rejects.toThrow(
      'contact-sync answered 401',
    );
    expect(s.seen).toHaveLength(1);
  });

  it('times out a request that never answers, and retries it', async () => {
    s.setScript(['hang', 200]);
    const { lines, logger } = memoryLogger();
    const client = new ContactSyncClient({ url: `${base()}/contacts`, key: 'k', timeoutMs: 100, backoffMs: 1, logger });
    const res = await client.upsert({ id: 1, email: 'a@example.com', username: 'a', tag_ids: [2582] });
    expect(res).toEqual({ status: 200, body: { ok: true } });
    expect(s.seen.map((x) => [x.method, x.url])).toEqual([
      ['PUT', '/contacts'],
      ['PUT', '/contacts'],
    ]);
    expect(lines[0]).toMatchObject({ level: 'warn', msg: 'contact-sync: request failed' });
    expect(lines[0]?.obj).toMatchObject({ err: 'contact-sync timed out after 100 ms' });
  });
});
