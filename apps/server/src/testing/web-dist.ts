import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { DialectName } from '../db/database.js';
import { startLiveServer, type LiveServer } from './live-server.js';

/**
 * A stand-in for the built web app (WEB_DIST) in a new temporary directory: index.html and
 * assets/app-abc.js, plus `files` (a path under the folder → its content; a path of the
 * defaults replaces that file). The caller removes the directory.
 */
export function writeWebDist(prefix: string, files: Record<string, string | Buffer> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const all = {
    'index.html': '<!doctype html><title>Solstice</title>',
    'assets/app-abc.js': 'console.log(1)',
    ...files,
  };
  for (const [name, content] of Object.entries(all)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  return dir;
}

/**
 * A live server of `dialect` serving writeWebDist(prefix, files) for the whole describe block,
 * with `settings` beside WEB_DIST; afterwards it is closed and the directory removed. The
 * answer gives the server once the block's tests run.
 */
export function serveWebDistDuringSuite(
  dialect: DialectName,
  prefix: string,
  files: Record<string, string | Buffer>,
  settings: Record<string, string> = {},
): () => LiveServer {
  let live: LiveServer | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    dir = writeWebDist(prefix, files);
    live = await startLiveServer(dialect, { WEB_DIST: dir, ...settings });
  });
  afterAll(async () => {
    await live?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!live) throw new Error('the web app’s server is not started yet');
    return live;
  };
}
