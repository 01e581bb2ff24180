// Run after `vite build` (issue 18): writes NAME.br and NAME.gz beside each compressible file of
// dist/ so the server sends them as they are (@fastify/static's preCompressed) instead of
// compressing per request or not at all. index.html is left out: the server rewrites it per
// request (apps/server/src/http/app.ts), so a compressed copy of the file would never be sent.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Below this a compressed copy saves less than a packet. */
export const MIN_BYTES = 1024;
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.map', '.wasm']);

/** Whether a file of the build gets compressed siblings. */
export function isCompressible(file, size) {
  return size >= MIN_BYTES && COMPRESSIBLE.has(path.extname(file)) && path.basename(file) !== 'index.html';
}

function* filesUnder(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses every compressible file under dir; returns what it wrote, in bytes. */
export function precompressDir(dir) {
  const written = [];
  for (const file of [...filesUnder(dir)]) {
    const raw = fs.readFileSync(file);
    if (!isCompressible(file, raw.length)) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
    // A copy no smaller than the original would only cost the client decoding time.
    if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
    written.push({ file: path.relative(dir, file), raw: raw.length, br: br.length, gzip: gz.length });
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
  const written = precompressDir(dir);
  const sum = (key) => written.reduce((total, w) => total + w[key], 0);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `precompressed ${written.length} files: ${kb(sum('raw'))} → br ${kb(sum('br'))}, gzip ${kb(sum('gzip'))}`,
  );
}
