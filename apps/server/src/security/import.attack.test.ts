// Attacks on the admin import API over real HTTP, as a signed-in admin: reading files outside
// IMPORT_DIR (/etc/passwd, "..", absolute paths, symlinks, folders), telling existing from
// missing files, freezing the server with a FIFO, huge files, and reading file content back
// through the import report (unknown header, bad rows).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_FILE_BYTES, NOT_IMPORTABLE } from '../modules/market/import/import-directory.js';
import { UPLOADS_FOLDER } from '../modules/market/import/import-upload.js';
import { tooLargeReason } from '../modules/market/import/line-reader.js';
import { signedInUser } from '../testing/auth-helpers.js';
import { rawRequest, startLiveServer, type LiveServer } from '../testing/live-server.js';
import { testDialects } from '../testing/test-databases.js';

const SECRET = 'S3CRET-CONTENT-7f1c';
const GOOD_CSV = 'Date,Open,High,Low,Close,Volume\n2024-01-02,10,11,9,10.5,100\n2024-01-03,10.5,11.5,10,11,200\n';

describe.each(testDialects())('import API attacks on %s', (dialect) => {
  let server: LiveServer;
  let cookie: string;
  let base: string;
  let importDir: string;
  let outside: string;
  const writers: ChildProcess[] = [];

  beforeAll(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-import-attack-'));
    importDir = path.join(base, 'imports');
    outside = path.join(base, 'outside');
    fs.mkdirSync(path.join(importDir, 'folder'), { recursive: true });
    fs.mkdirSync(outside);
    // Outside files are valid CSVs: an importer that reads them would import them.
    fs.writeFileSync(path.join(outside, 'SECRET.csv'), GOOD_CSV);
    fs.writeFileSync(path.join(outside, 'notes.csv'), `${SECRET},a,b\n1,2,3\n`);
    fs.symlinkSync(path.join(outside, 'SECRET.csv'), path.join(importDir, 'LINKED.csv'));
    fs.symlinkSync(outside, path.join(importDir, 'linked-folder'));
    fs.writeFileSync(path.join(importDir, 'folder', 'INSIDE.csv'), GOOD_CSV);
    fs.writeFileSync(path.join(importDir, 'leak.csv'), `${SECRET},a,b\n`);
    fs.writeFileSync(path.join(importDir, 'ROWS.csv'), `Date,Open,High,Low,Close,Volume\n${SECRET},1,2,0.5,1,10\n`);
    server = await startLiveServer(dialect, { IMPORT_DIR: importDir });
    cookie = (await signedInUser(server, { role: 'admin' })).cookie;
  });

  afterAll(async () => {
    for (const w of writers) if (w.exitCode === null) w.kill();
    await server?.close();
    fs.rmSync(base, { recursive: true, force: true });
  });

  function post(url: string, body: string, contentType: string, as = cookie) {
    return fetch(server.baseUrl + url, {
      method: 'POST',
      headers: { origin: server.baseUrl, cookie: as, 'content-type': contentType },
      body,
    });
  }
  const importPaths = (paths: string[]) => post('/api/v1/admin/import', JSON.stringify({ paths }), 'application/json');
  const upload = (name: string, csv: string, contentType = 'text/csv') =>
    post(`/api/v1/admin/imports/upload?name=${encodeURIComponent(name)}`, csv, contentType);
  const bars = (symbol: string) => fetch(`${server.baseUrl}/api/v1/bars/${symbol}`, { headers: { cookie } });

  const refused = {
    error: {
      code: 'validation_failed',
      message: 'Some paths cannot be imported.',
      details: { issues: [{ path: 'body.paths.0', message: NOT_IMPORTABLE }] },
    },
  };

  it('answers the same 400 for anything outside, missing or not a regular file, and reads none of it', async () => {
    fs.mkdirSync(path.join(importDir, 'sub'), { recursive: true });
    execFileSync('mkfifo', [path.join(importDir, 'named-pipe.csv')]);
    const attempts = [
      '/etc/passwd',
      '/etc/shadow',
      '/etc',
      '/nonexistent/file.csv',
      '../outside/SECRET.csv',
      '../outside',
      'sub/../../outside/SECRET.csv',
      '..',
      path.join(outside, 'SECRET.csv'),
      outside,
      'LINKED.csv',
      'linked-folder',
      'linked-folder/SECRET.csv',
      'missing.csv',
      'named-pipe.csv',
      '/dev/zero',
      '/proc/self/environ',
    ];
    for (const p of attempts) {
      const res = await importPaths([p]);
      const text = await res.text();
      expect(res.status, p).toBe(400);
      expect(JSON.parse(text), p).toEqual(refused);
      expect(text).not.toMatch(/root:|S3CRET|passwd/);
    }
    // A NUL byte is refused by the input validation before any path is looked at.
    expect((await importPaths(['folder\0/../../outside'])).status).toBe(400);
    expect((await bars('SECRET')).status).toBe(404);
    expect((await bars('LINKED')).status).toBe(404);
  });

  it('answers a FIFO at once and keeps serving other requests meanwhile', async () => {
    const fifo = path.join(importDir, 'fifo.csv');
    const folder = path.join(importDir, 'with-fifo');
    fs.mkdirSync(folder);
    execFileSync('mkfifo', [fifo]);
    execFileSync('mkfifo', [path.join(folder, 'PIPE.csv')]);
    fs.writeFileSync(path.join(folder, 'REAL.csv'), GOOD_CSV);
    // Safety net: a server that opened the FIFO would hang until a writer comes; this one
    // comes after 3 s, so a broken server fails the timing below instead of hanging the run.
    for (const f of [fifo, path.join(folder, 'PIPE.csv')]) {
      writers.push(
        spawn('timeout', ['10', 'sh', '-c', 'sleep 3; printf "Date\\n" > "$1"', 'sh', f], { stdio: 'ignore' }),
      );
    }
    const started = Date.now();
    const answer = (paths: string[]) =>
      importPaths(paths).then(async (r) => ({ status: r.status, body: await r.json(), at: Date.now() }));
    const [byName, byAbsolutePath, health, folderAnswer] = await Promise.all([
      answer(['fifo.csv']),
      answer([fifo]),
      fetch(`${server.baseUrl}/api/health`).then((r) => ({ status: r.status, at: Date.now() })),
      answer(['with-fifo']),
    ]);
    for (const a of [byName, byAbsolutePath, health, folderAnswer]) expect(a.at - started).toBeLessThan(2000);
    expect(byName).toMatchObject({ status: 400, body: refused });
    expect(byAbsolutePath).toMatchObject({ status: 400, body: refused });
    expect(health.status).toBe(200);
    expect(folderAnswer.status).toBe(200);
    expect(folderAnswer.body).toMatchObject({ files: 1, rejectedFiles: [], inserted: 2 });
  });

  it('refuses a file over the size limit without reading it', async () => {
    const big = path.join(importDir, 'BIG.csv');
    fs.writeFileSync(big, GOOD_CSV);
    fs.truncateSync(big, MAX_IMPORT_FILE_BYTES + 1); // sparse: no disk used
    fs.mkdirSync(path.join(importDir, 'big-folder'));
    fs.symlinkSync(big, path.join(importDir, 'big-folder', 'ALSO-BIG.csv'));
    fs.writeFileSync(path.join(importDir, 'big-folder', 'BIG2.csv'), GOOD_CSV);
    fs.truncateSync(path.join(importDir, 'big-folder', 'BIG2.csv'), MAX_IMPORT_FILE_BYTES + 1);
    const started = Date.now();
    const res = await importPaths(['BIG.csv']);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Some paths cannot be imported.',
        details: { issues: [{ path: 'body.paths.0', message: tooLargeReason(MAX_IMPORT_FILE_BYTES) }] },
      },
    });
    const inFolder = await importPaths(['big-folder']);
    expect(inFolder.status).toBe(200);
    expect(await inFolder.json()).toMatchObject({
      files: 0,
      rejectedFiles: ['big-folder/BIG2.csv'],
      issues: [{ file: 'big-folder/BIG2.csv', line: null, reason: tooLargeReason(MAX_IMPORT_FILE_BYTES) }],
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('imports inside the directory and never quotes file content or server paths in the report', async () => {
    const res = await importPaths(['folder', 'leak.csv', 'ROWS.csv']);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(importDir);
    const report = JSON.parse(text);
    expect(report).toMatchObject({ files: 2, rejectedFiles: ['leak.csv'], inserted: 2 });
    expect(report.issues).toEqual([
      { file: 'leak.csv', line: null, reason: expect.stringMatching(/^unknown header: expected/), action: 'reject' },
      { file: 'ROWS.csv', line: 2, reason: 'unparseable date', action: 'skip' },
    ]);
    expect((await bars('INSIDE')).status).toBe(200);
  });

  it('imports an uploaded CSV: bars appear, nothing stays on disk', async () => {
    const res = await upload('UPL.csv', GOOD_CSV);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      files: 1,
      rejectedFiles: [],
      instruments: 1,
      inserted: 2,
      updated: 0,
      issues: [],
    });
    const got = await bars('UPL');
    expect(got.status).toBe(200);
    expect(((await got.json()) as { bars: Array<{ date: string }> }).bars.map((b) => b.date)).toEqual([
      '2024-01-02',
      '2024-01-03',
    ]);
    expect(fs.readdirSync(path.join(importDir, UPLOADS_FOLDER))).toEqual([]);
  });

  it('refuses an upload with a bad header without echoing it', async () => {
    const res = await upload('BAD.csv', `${SECRET},root:x:0:0\n1,2\n`);
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('root:x');
    expect(JSON.parse(text)).toMatchObject({
      error: { code: 'validation_failed', details: { issues: [{ path: 'body' }] } },
    });
    expect((await bars('BAD')).status).toBe(404);
    expect(fs.readdirSync(path.join(importDir, UPLOADS_FOLDER))).toEqual([]);
  });

  it('refuses an upload over the size limit at once, by its Content-Length', async () => {
    const started = Date.now();
    const res = await rawRequest(
      server.port,
      [
        'POST /api/v1/admin/imports/upload?name=HUGE.csv HTTP/1.1',
        `Host: 127.0.0.1:${server.port}`,
        `Origin: ${server.baseUrl}`,
        `Cookie: ${cookie}`,
        'Content-Type: text/csv',
        `Content-Length: ${MAX_IMPORT_FILE_BYTES + 1}`,
      ],
      'Date,Open,High,Low,Close,Volume\n',
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error.code).toBe('payload_too_large');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses bad upload names, other content types, and non-admins', async () => {
    for (const name of ['../x.csv', '/etc/passwd', '.hidden.csv', 'a/b.csv', 'x.exe']) {
      const res = await upload(name, GOOD_CSV);
      expect(res.status, name).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    }
    expect((await upload('X.csv', GOOD_CSV, 'application/octet-stream')).status).toBe(415);
    expect((await upload('X.csv', JSON.stringify({ a: 1 }), 'application/json')).status).toBe(415);
    const member = await signedInUser(server);
    const denied = await post('/api/v1/admin/imports/upload?name=M.csv', GOOD_CSV, 'text/csv', member.cookie);
    expect(denied.status).toBe(403);
    expect((await post('/api/v1/admin/import', '{"paths":["."]}', 'application/json', member.cookie)).status).toBe(403);
    expect((await bars('M')).status).toBe(404);
  });
});
