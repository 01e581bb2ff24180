import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../../../testing/auth-helpers.js';
import { startLiveServer, type LiveServer } from '../../../testing/live-server.js';
import { testDialects } from '../../../testing/test-databases.js';
import type * as ImportDirectory from './import-directory.js';
import { UPLOADS_FOLDER } from './import-upload.js';

// A 1 KiB limit, so that an upload streaming past it is cheap to send.
vi.mock('./import-directory.js', async (original) => ({
  ...(await original<typeof ImportDirectory>()),
  MAX_IMPORT_FILE_BYTES: 1024,
}));

const GOOD_CSV = 'Date,Open,High,Low,Close,Volume\n2024-01-02,10,11,9,10.5,100\n';

/** A chunked upload (no Content-Length): the size is known only while reading. */
function chunkedUpload(s: LiveServer, cookie: string, chunks: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${s.baseUrl}/api/v1/admin/imports/upload?name=CHUNKED.csv`, {
      method: 'POST',
      headers: { origin: s.baseUrl, cookie, 'content-type': 'text/csv', 'transfer-encoding': 'chunked' },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // The server may close the connection while chunks are still being written.
    req.on('error', (error) => setTimeout(() => reject(error), 500));
    for (const c of chunks) req.write(c);
    req.end();
  });
}

describe.each(testDialects())('admin upload on %s', (dialect) => {
  let server: LiveServer;
  let cookie: string;
  let importDir: string;
  beforeAll(async () => {
    importDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-upload-route-'));
    server = await startLiveServer(dialect, { IMPORT_DIR: importDir });
    cookie = (await signedInUser(server, { role: 'admin' })).cookie;
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(importDir, { recursive: true, force: true });
  });

  const upload = (name: string, body: string, contentType = 'text/csv') =>
    fetch(`${server.baseUrl}/api/v1/admin/imports/upload?name=${name}`, {
      method: 'POST',
      headers: { origin: server.baseUrl, cookie, 'content-type': contentType },
      body,
    });

  it('stops a chunked upload at the limit with 413, keeps nothing, and serves on', async () => {
    const res = await chunkedUpload(server, cookie, [GOOD_CSV, 'x'.repeat(600), 'x'.repeat(600), 'x'.repeat(600)]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error.code).toBe('payload_too_large');
    expect(fs.readdirSync(path.join(importDir, UPLOADS_FOLDER))).toEqual([]);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/v1/bars/CHUNKED`, { headers: { cookie } })).status).toBe(404);
  });

  it('takes a chunked upload under the limit, and text/csv with a charset', async () => {
    expect((await chunkedUpload(server, cookie, [GOOD_CSV.slice(0, 10), GOOD_CSV.slice(10)])).status).toBe(200);
    const res = await upload('CHARSET.csv', GOOD_CSV, 'text/csv; charset=utf-8');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ files: 1, inserted: 1 });
  });

  it('answers an empty upload as an empty file', async () => {
    const res = await upload('EMPTY.csv', '');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 'validation_failed', details: { issues: [{ path: 'body', message: 'empty file' }] } },
    });
  });
});
