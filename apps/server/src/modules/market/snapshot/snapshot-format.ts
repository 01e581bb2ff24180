import fs from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { PriceSeries } from '@solstice/analytics';

/*
 * The market snapshot file: every series' columns, so that a start reads one file instead
 * of every bar through SQL.
 *
 *   0  8 bytes  magic "SOLSNAP\0"
 *   8  u32      format version
 *  12  u32      header length H (bytes of UTF-8 JSON)
 *  16  u32      CRC-32 of the header
 *  20  u32      CRC-32 of the data
 *  24  f64      data length D (bytes)
 *  32  H bytes  header: { fingerprint, symbols, counts, total }, then zero padding to 8 bytes
 *  …   D bytes  dates Int32[total] (padded to 8 bytes), open, high, low, close, volume Float64[total]
 *
 * Series follow each other in `symbols` order inside every column. Little-endian only.
 * Anything that does not check out (magic, version, lengths, either CRC, the file size,
 * the fingerprint) makes the reader answer null: the caller loads through SQL instead.
 */

const MAGIC = Buffer.from('SOLSNAP\0', 'latin1');
export const SNAPSHOT_FORMAT_VERSION = 1;
const PREFIX = 32;

interface Header {
  fingerprint: string;
  symbols: string[];
  counts: number[];
  total: number;
}

const pad8 = (n: number) => (n + 7) & ~7;

function dataLength(total: number): number {
  return pad8(total * 4) + 5 * total * 8;
}

function asBytes(a: Int32Array | Float64Array): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

const COLUMNS = ['open', 'high', 'low', 'close', 'volume'] as const;

/**
 * Writes a snapshot atomically: a temporary file in the same folder, fsynced, then renamed
 * over the old one, so a reader sees the old file or the new one, never half of one.
 */
export async function writeSnapshotFile(
  file: string,
  fingerprint: string,
  series: ReadonlyMap<string, PriceSeries>,
): Promise<void> {
  if (os.endianness() !== 'LE') return;
  const list = [...series.values()];
  const total = list.reduce((n, s) => n + s.dates.length, 0);
  const header: Header = {
    fingerprint,
    symbols: list.map((s) => s.symbol),
    counts: list.map((s) => s.dates.length),
    total,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const chunks: Uint8Array[] = [];
  for (const s of list) chunks.push(asBytes(s.dates));
  if ((total * 4) % 8 !== 0) chunks.push(new Uint8Array(4));
  for (const column of COLUMNS) for (const s of list) chunks.push(asBytes(s[column]));
  let crc = 0;
  for (const c of chunks) crc = zlib.crc32(c, crc);
  const prefix = Buffer.alloc(PREFIX);
  MAGIC.copy(prefix, 0);
  prefix.writeUInt32LE(SNAPSHOT_FORMAT_VERSION, 8);
  prefix.writeUInt32LE(headerBytes.length, 12);
  prefix.writeUInt32LE(zlib.crc32(headerBytes), 16);
  prefix.writeUInt32LE(crc, 20);
  prefix.writeDoubleLE(dataLength(total), 24);
  const headerPad = new Uint8Array(pad8(headerBytes.length) - headerBytes.length);
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const handle = await fs.promises.open(tmp, 'w');
  try {
    const all = [prefix, headerBytes, headerPad, ...chunks];
    // writev takes at most IOV_MAX (1,024) buffers at a time.
    for (let i = 0; i < all.length; i += 512) await handle.writev(all.slice(i, i + 512));
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.promises.rm(tmp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await fs.promises.rename(tmp, file);
  } catch (error) {
    await fs.promises.rm(tmp, { force: true });
    throw error;
  }
}

/** Reads and checksums in pieces: one read() takes at most 2 GiB, and large universes pass that. */
const PIECE = 1 << 30;

function readExactly(fd: number, bytes: Uint8Array, position: number): boolean {
  let done = 0;
  while (done < bytes.length) {
    const n = fs.readSync(fd, bytes, done, Math.min(PIECE, bytes.length - done), position + done);
    if (n === 0) return false;
    done += n;
  }
  return true;
}

function parseHeader(bytes: Uint8Array): Header | null {
  try {
    const h = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8')) as Header;
    if (typeof h.fingerprint !== 'string' || !Array.isArray(h.symbols) || !Array.isArray(h.counts)) return null;
    if (h.symbols.length !== h.counts.length || !Number.isSafeInteger(h.total) || h.total < 0) return null;
    let sum = 0;
    for (let i = 0; i < h.counts.length; i++) {
      const n = h.counts[i];
      if (typeof h.symbols[i] !== 'string' || !Number.isSafeInteger(n) || n! <= 0) return null;
      sum += n!;
    }
    return sum === h.total ? h : null;
  } catch {
    return null;
  }
}

/** A snapshot file being read: its header checked, its data on the way. */
export interface SnapshotRead {
  /** The fingerprint the file was written for. */
  fingerprint: string;
  /** The series once the data is read and its CRC checks out; null when it does not (never rejects). */
  series: Promise<Map<string, PriceSeries> | null>;
}

const readAt = promisify(fs.read);

/** The data is read in this many pieces at once (libuv's thread pool has 4 threads). */
const READERS = 4;

/**
 * Starts reading a snapshot file: null when the file is missing, of another format, or its
 * prefix or header does not check out. The header is read here; the data is read in
 * READERS pieces at once on libuv's threads, so that the caller's work meanwhile (the
 * database's fingerprint, which it compares with `fingerprint` before using `series`) and
 * the page faults of the fresh buffer overlap. The arrays are views into one SharedArrayBuffer
 * holding the whole file's data.
 */
export function beginSnapshotRead(file: string): SnapshotRead | null {
  if (os.endianness() !== 'LE') return null;
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return null;
  }
  let reading = false;
  try {
    const size = fs.fstatSync(fd).size;
    const prefix = Buffer.alloc(PREFIX);
    if (size < PREFIX || !readExactly(fd, prefix, 0)) return null;
    if (!prefix.subarray(0, 8).equals(MAGIC) || prefix.readUInt32LE(8) !== SNAPSHOT_FORMAT_VERSION) return null;
    const headerLength = prefix.readUInt32LE(12);
    const length = prefix.readDoubleLE(24);
    if (PREFIX + pad8(headerLength) + length !== size) return null;
    const headerBytes = new Uint8Array(headerLength);
    if (!readExactly(fd, headerBytes, PREFIX) || zlib.crc32(headerBytes) !== prefix.readUInt32LE(16)) return null;
    const header = parseHeader(headerBytes);
    if (!header || dataLength(header.total) !== length) return null;
    // Shared memory: the analytics pool's workers read the dates and closes in place (shared-market.ts).
    const data = new Uint8Array(new SharedArrayBuffer(length));
    const piece = Math.min(PIECE, Math.ceil(length / READERS / 4096) * 4096);
    const pieces: Promise<boolean>[] = [];
    for (let at = 0; at < length; at += piece) {
      pieces.push(readPiece(fd, data.subarray(at, Math.min(length, at + piece)), PREFIX + pad8(headerLength) + at));
    }
    reading = true;
    const series = Promise.all(pieces)
      .then((read) => {
        if (!read.every(Boolean)) return null;
        let crc = 0;
        for (let at = 0; at < data.length; at += PIECE) crc = zlib.crc32(data.subarray(at, at + PIECE), crc);
        return crc === prefix.readUInt32LE(20) ? seriesFromData(data.buffer, header) : null;
      })
      .catch(() => null)
      .finally(() => fs.close(fd, () => {}));
    return { fingerprint: header.fingerprint, series };
  } finally {
    if (!reading) fs.closeSync(fd);
  }
}

/** Reads `bytes.length` bytes at `position` on libuv's threads; false at a short file. */
async function readPiece(fd: number, bytes: Uint8Array, position: number): Promise<boolean> {
  for (let done = 0; done < bytes.length;) {
    const { bytesRead } = await readAt(fd, bytes, done, bytes.length - done, position + done);
    if (bytesRead === 0) return false;
    done += bytesRead;
  }
  return true;
}

function seriesFromData(buffer: ArrayBufferLike, header: Header): Map<string, PriceSeries> {
  const { total } = header;
  const datesAt = 0;
  const columnAt = (k: number) => pad8(total * 4) + k * total * 8;
  const out = new Map<string, PriceSeries>();
  let start = 0;
  for (let i = 0; i < header.symbols.length; i++) {
    const symbol = header.symbols[i]!;
    const n = header.counts[i]!;
    const f64 = (k: number) => new Float64Array(buffer, columnAt(k) + start * 8, n);
    out.set(symbol, {
      symbol,
      dates: new Int32Array(buffer, datesAt + start * 4, n),
      open: f64(0),
      high: f64(1),
      low: f64(2),
      close: f64(3),
      volume: f64(4),
    });
    start += n;
  }
  return out;
}
