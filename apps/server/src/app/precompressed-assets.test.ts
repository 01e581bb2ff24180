import fs from 'node:fs';
import http from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from '../testing/live-server.js';
import { writeWebDist } from '../testing/web-dist.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET whose body comes back as sent on the wire (fetch would decode it). */
function getRaw(port: number, url: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

// Issue 18: the web build's assets are sent brotli or gzip as the build wrote them (apps/web/scripts/precompress.mjs).
describe('precompressed assets over HTTP', () => {
  let live: LiveServer;
  let dir: string;
  const script = Buffer.from(
    Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i} * 2; // line ${i}`).join('\n'),
  );
  const icon = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>');
  beforeAll(async () => {
    dir = writeWebDist('solstice-precompressed-', {
      'assets/app-abc.js': script,
      'assets/app-abc.js.br': brotliCompressSync(script),
      'assets/app-abc.js.gz': gzipSync(script),
      // Too small to be worth compressing: the build writes no siblings for it.
      'favicon.svg': icon,
    });
    live = await startLiveServer('sqlite', { WEB_DIST: dir });
  });
  afterAll(async () => {
    await live?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends brotli, gzip or the plain file as the client accepts, with the same type and caching', async () => {
    const br = await getRaw(live.port, '/assets/app-abc.js', 'gzip, deflate, br');
    const gzip = await getRaw(live.port, '/assets/app-abc.js', 'gzip');
    const plain = await getRaw(live.port, '/assets/app-abc.js');
    expect([br.status, gzip.status, plain.status]).toEqual([200, 200, 200]);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.body).equals(script)).toBe(true);
    expect(gunzipSync(gzip.body).equals(script)).toBe(true);
    expect(plain.body.equals(script)).toBe(true);
    expect(br.body.length).toBeLessThan(script.length);
    for (const answer of [br, gzip, plain]) {
      expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
      expect(answer.headers['content-type']).toBe(plain.headers['content-type']);
      expect(answer.headers['vary']).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('honours a refused encoding', async () => {
    const answer = await getRaw(live.port, '/assets/app-abc.js', 'br;q=0, gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).equals(script)).toBe(true);
  });

  it('sends the plain file when the build wrote no compressed copy', async () => {
    const answer = await getRaw(live.port, '/favicon.svg', 'br, gzip');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body.equals(icon)).toBe(true);
  });

  it('does not serve the compressed copies as files of their own', async () => {
    for (const url of ['/assets/app-abc.js.br', '/assets/app-abc.js.gz']) {
      expect((await getRaw(live.port, url, 'br')).status, url).toBe(404);
    }
  });
});
