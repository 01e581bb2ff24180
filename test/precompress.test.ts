import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs build script: no types
import { precompressDir } from '../apps/web/scripts/precompress.mjs';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

// Issue 18: the web build writes brotli and gzip copies the server sends as they are.
describe('precompressing the web build', () => {
  it('writes .br and .gz beside compressible files of 1 KB or more, and nothing else', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-precompress-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'assets'));
    const big = Buffer.from('body { color: red; }\n'.repeat(200));
    const files: Record<string, Buffer> = {
      'assets/index-abc.js': Buffer.from('export const x = 1;\n'.repeat(200)),
      'assets/index-abc.css': big,
      'assets/tiny.js': Buffer.from('export {};'),
      'assets/font.woff2': big,
      'index.html': big,
    };
    for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);

    precompressDir(dir);

    for (const name of ['assets/index-abc.js', 'assets/index-abc.css']) {
      const original = files[name] as Buffer;
      expect(brotliDecompressSync(fs.readFileSync(path.join(dir, `${name}.br`))).equals(original), name).toBe(true);
      expect(gunzipSync(fs.readFileSync(path.join(dir, `${name}.gz`))).equals(original), name).toBe(true);
    }
    // Too small, already compressed, or rewritten per request by the server.
    for (const name of ['assets/tiny.js', 'assets/font.woff2', 'index.html']) {
      expect(fs.existsSync(path.join(dir, `${name}.br`)), name).toBe(false);
      expect(fs.existsSync(path.join(dir, `${name}.gz`)), name).toBe(false);
    }
    // A second run does not compress the copies themselves.
    precompressDir(dir);
    expect(fs.readdirSync(path.join(dir, 'assets')).filter((f) => /\.(br|gz)\.(br|gz)$/.test(f))).toEqual([]);
  });
});
