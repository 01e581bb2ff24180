import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
