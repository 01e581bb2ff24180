import fs from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { PriceSeries } from '@solstice/analytics';
import { BarsOnDisk, type OnDiskColumns, type SnapshotDamagedError } from './bars-on-disk.js';

/*
 * The market snapshot file: every series' columns, so that a start reads one file instead
 * of every bar through SQL.
 *
 *   0  8 bytes  magic "SOLSNAP\0"
 *   8  u32      format version
 *  12  u32      header length H (bytes of UTF-8 JSON)
 *  16  u32      CRC-32 of the header
 *  20  u32      CRC-32 of the resident part
 *  24  f64      data length D (bytes)
 *  32  H bytes  header: { fingerprint, symbols, counts, total, crcs }, then zero padding to 8 bytes
 *  …   D bytes  the resident part: dates Int32[total] (padded to 8 bytes), close Float64[total];
 *               then, series after series, its open, high, low and volume (Float64[count] each)
 *
 * Series follow each other in `symbols` order. Little-endian only. A start reads the resident
 * part (12 bytes a bar: what the analytics read across the universe) into shared memory and
 * leaves the rest in the file, read per series when asked (bars-on-disk.ts), each series
 * checked against its own CRC-32 (`crcs`). Anything that does not check out at the start
 * (magic, version, lengths, the header's or the resident part's CRC, the file size, the
 * fingerprint) makes the reader answer null: the caller loads through SQL instead.
 */

const MAGIC = Buffer.from('SOLSNAP\0', 'latin1');
export const SNAPSHOT_FORMAT_VERSION = 2;
const PREFIX = 32;

interface Header {
  fingerprint: string;
  symbols: string[];
  counts: number[];
  total: number;
  /** CRC-32 of each series' on-disk columns. */
  crcs: number[];
}

const pad8 = (n: number) => (n + 7) & ~7;

function residentLength(total: number): number {
  return pad8(total * 4) + total * 8;
}

function dataLength(total: number): number {
  return residentLength(total) + 4 * total * 8;
}

function asBytes(a: Int32Array | Float64Array): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

const ON_DISK = ['open', 'high', 'low', 'volume'] as const;

/**
 * Writes a snapshot atomically: a temporary file in the same folder, renamed over the old
 * one, so a reader sees the old file or the new one, never half of one. Not fsynced: the
 * file is a cache whose every byte is checked by a CRC before use, so one torn by a power
 * loss is rebuilt through SQL, and an import does not wait ~0.2 s for the disk.
 */
export async function writeSnapshotFile(
  file: string,
  fingerprint: string,
  series: ReadonlyMap<string, PriceSeries>,
): Promise<void> {
  if (os.endianness() !== 'LE') return;
  const list = [...series.values()];
  const total = list.reduce((n, s) => n + s.dates.length, 0);
  const chunks: Uint8Array[] = [];
  for (const s of list) chunks.push(asBytes(s.dates));
  if ((total * 4) % 8 !== 0) chunks.push(new Uint8Array(4));
  for (const s of list) chunks.push(asBytes(s.close));
  let crc = 0;
  for (const c of chunks) crc = zlib.crc32(c, crc);
  const crcs: number[] = [];
  for (const s of list) {
    let seriesCrc = 0;
    for (const column of ON_DISK) {
      const bytes = asBytes(s[column]);
      seriesCrc = zlib.crc32(bytes, seriesCrc);
      chunks.push(bytes);
    }
    crcs.push(seriesCrc);
  }
  const header: Header = {
    fingerprint,
    symbols: list.map((s) => s.symbol),
    counts: list.map((s) => s.dates.length),
    total,
    crcs,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
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
    if (!Array.isArray(h.crcs) || h.crcs.length !== h.counts.length) return null;
    let sum = 0;
    for (let i = 0; i < h.counts.length; i++) {
      const n = h.counts[i];
      if (typeof h.symbols[i] !== 'string' || !Number.isSafeInteger(n) || n! <= 0) return null;
      const crc = h.crcs[i];
      if (!Number.isInteger(crc) || crc! < 0 || crc! > 0xffffffff) return null;
      sum += n!;
    }
    return sum === h.total ? h : null;
  } catch {
    return null;
  }
}

/** The snapshot file opened for reading; null when it cannot be, or on a big-endian machine. */
function openSnapshot(file: string): number | null {
  if (os.endianness() !== 'LE') return null;
  try {
    return fs.openSync(file, 'r');
  } catch {
    return null;
  }
}

/**
 * The prefix and header of an open snapshot file, checked (magic, version, the header's CRC,
 * the file's size against the lengths), and where its data starts; null when any does not check out.
 */
function readHead(fd: number): { prefix: Buffer; header: Header; dataAt: number } | null {
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
  return { prefix, header, dataAt: PREFIX + pad8(headerLength) };
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
 * prefix or header does not check out. The header is read here; the resident part is read in
 * READERS pieces at once on libuv's threads, so that the caller's work meanwhile (the
 * database's fingerprint, which it compares with `fingerprint` before using `series`) and
 * the page faults of the fresh buffer overlap. The dates and closes are views into one
 * SharedArrayBuffer; open, high, low and volume stay in the file (bars-on-disk.ts), which
 * stays open while a series read from it is reachable. `onDamage` is called once when one
 * of them does not check out when read.
 */
export function beginSnapshotRead(
  file: string,
  onDamage: (error: SnapshotDamagedError) => void = () => {},
): SnapshotRead | null {
  return withSnapshotHead(file, null, (fd, { prefix, header, dataAt }) => {
    const resident = residentLength(header.total);
    // Shared memory: the analytics pool's workers read the dates and closes in place (shared-market.ts).
    const data = new Uint8Array(new SharedArrayBuffer(resident));
    const piece = Math.min(PIECE, Math.ceil(resident / READERS / 4096) * 4096);
    const pieces: Promise<boolean>[] = [];
    for (let at = 0; at < resident; at += piece) {
      pieces.push(readPiece(fd, data.subarray(at, Math.min(resident, at + piece)), dataAt + at));
    }
    const series = Promise.all(pieces)
      .then((read) => {
        let crc = 0;
        for (let at = 0; at < data.length; at += PIECE) crc = zlib.crc32(data.subarray(at, at + PIECE), crc);
        if (!read.every(Boolean) || crc !== prefix.readUInt32LE(20)) return null;
        const disk = new BarsOnDisk(file, fd, dataAt + resident, header.counts, header.crcs, onDamage);
        const series = seriesFromData(data.buffer, header, disk);
        disk.closeWhenUnreachable();
        return series;
      })
      .catch(() => null)
      .then((result) => {
        if (!result) fs.close(fd, () => {});
        return result;
      });
    // Kept open: the reads go on, and then the series read from it hold it.
    return { value: { fingerprint: header.fingerprint, series }, keep: true };
  });
}

/**
 * Opens the snapshot file and reads its head for `use`: `missing` when the file is absent, of
 * another format, or its head does not check out. The file is closed afterwards unless `use`
 * keeps it (a series that reads its columns from it holds it open), and closed when `use` throws.
 */
function withSnapshotHead<T>(
  file: string,
  missing: T,
  use: (fd: number, head: NonNullable<ReturnType<typeof readHead>>) => { value: T; keep: boolean },
): T {
  const fd = openSnapshot(file);
  if (fd === null) return missing;
  let keep = false;
  try {
    const head = readHead(fd);
    if (!head) return missing;
    const used = use(fd, head);
    keep = used.keep;
    return used.value;
  } finally {
    if (!keep) fs.closeSync(fd);
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

function seriesFromData(buffer: ArrayBufferLike, header: Header, disk: BarsOnDisk): Map<string, PriceSeries> {
  const { total } = header;
  const closeAt = pad8(total * 4);
  const out = new Map<string, PriceSeries>();
  let start = 0;
  for (let i = 0; i < header.symbols.length; i++) {
    const symbol = header.symbols[i]!;
    const n = header.counts[i]!;
    const dates = new Int32Array(buffer, start * 4, n);
    out.set(symbol, withColumnsOnDisk(symbol, dates, new Float64Array(buffer, closeAt + start * 8, n), disk, i));
    start += n;
  }
  return out;
}

/** A series of `dates` and `close` in memory whose open, high, low and volume are series i of `disk`. */
function withColumnsOnDisk(
  symbol: string,
  dates: Int32Array,
  close: Float64Array,
  disk: BarsOnDisk,
  i: number,
): PriceSeries {
  const series = { symbol, dates, close } as PriceSeries;
  readColumnsFrom(series, disk, i);
  return series;
}

/** Makes the series' open, high, low and volume read series i of `disk` (when first asked). */
function readColumnsFrom(series: PriceSeries, disk: BarsOnDisk, i: number): void {
  // What the on-disk columns are remembered by: not the series, which would keep its dates
  // and closes (a whole version's shared buffer) alive for as long as they are remembered.
  const key = {};
  const { symbol } = series;
  const n = series.dates.length;
  const column = (name: keyof OnDiskColumns): PropertyDescriptor => ({
    get: () => disk.columns(key, i, n, symbol)[name],
    enumerable: true,
    configurable: true,
  });
  Object.defineProperties(series, {
    open: column('open'),
    high: column('high'),
    low: column('low'),
    volume: column('volume'),
  });
}

/**
 * Makes the series (just written to the snapshot file for `fingerprint`) read their open,
 * high, low and volume from it when asked, in place: the same objects, the dates and closes
 * kept as they are, the four columns held in memory dropped. False (nothing changed) when
 * the file is not that snapshot. After a load through SQL, so that the cache does not hold
 * 32 bytes a bar of columns the analytics read only per symbol, and so that whatever kept a
 * series meanwhile (a cache of the market version) keeps no more than the cache does.
 */
export function leaveColumnsOnDisk(
  file: string,
  fingerprint: string,
  series: ReadonlyMap<string, PriceSeries>,
  onDamage: (error: SnapshotDamagedError) => void = () => {},
): boolean {
  return withSnapshotHead(file, false, (fd, { header, dataAt }) => {
    const unchanged = { value: false, keep: false };
    if (header.fingerprint !== fingerprint || header.symbols.length !== series.size) return unchanged;
    const list = header.symbols.map((symbol) => series.get(symbol));
    if (list.some((s, i) => s?.dates.length !== header.counts[i])) return unchanged;
    const disk = new BarsOnDisk(file, fd, dataAt + residentLength(header.total), header.counts, header.crcs, onDamage);
    list.forEach((s, i) => readColumnsFrom(s!, disk, i));
    disk.closeWhenUnreachable();
    // Kept: the file stays open while a series of `disk` is reachable (closed when it is collected).
    return { value: true, keep: true };
  });
}
