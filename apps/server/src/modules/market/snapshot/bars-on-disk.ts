import fs from 'node:fs';
import zlib from 'node:zlib';

/** The columns of one series that a snapshot leaves in its file until they are asked for. */
export interface OnDiskColumns {
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  volume: Float64Array;
}

/** A series' on-disk columns did not check out: the file changed or was damaged after the start. */
export class SnapshotDamagedError extends Error {
  constructor(
    readonly file: string,
    readonly symbol: string,
  ) {
    super(`market snapshot ${file}: the bars of ${symbol} do not check out (the file changed or is damaged)`);
    this.name = 'SnapshotDamagedError';
  }
}

/**
 * The most recently read series' columns are kept, up to this many bytes over all snapshots
 * (about 30 series of 30 years): a reader that asks for one series' open, high, low and
 * volume in turn reads the file once, and a pass over the whole universe (the scanner's
 * fields after a reload) costs one read per series without holding the universe.
 */
export const RECENT_COLUMNS_BYTES = 8 * 1024 * 1024;

const recent = new Map<object, OnDiskColumns>();
let recentBytes = 0;

function remember(key: object, columns: OnDiskColumns): void {
  recent.set(key, columns);
  recentBytes += columns.open.byteLength * 4;
  for (const [k, c] of recent) {
    if (recentBytes <= RECENT_COLUMNS_BYTES || k === key) break;
    recent.delete(k);
    recentBytes -= c.open.byteLength * 4;
  }
}

// The file stays open while any series read from it is reachable: a snapshot renamed over it
// since (the next import's) does not change what these series read.
const closer = new FinalizationRegistry<number>((fd) => fs.close(fd, () => {}));

/**
 * One snapshot file's on-disk part: for series i, `counts[i]` bars of open, high, low and
 * volume (Float64, one column after the other) at `at + 32·start(i)`, checked against
 * `crcs[i]` at every read. Reads are synchronous (a pread of 32 bytes a bar, from the page
 * cache once the file was read since its start).
 */
export class BarsOnDisk {
  private readonly starts: Float64Array;

  constructor(
    readonly file: string,
    private readonly fd: number,
    private readonly at: number,
    counts: readonly number[],
    private readonly crcs: readonly number[],
    /** Called once, at the first read that does not check out (the caller reloads through SQL). */
    private readonly onDamage: (error: SnapshotDamagedError) => void,
  ) {
    this.starts = new Float64Array(counts.length);
    let start = 0;
    counts.forEach((n, i) => {
      this.starts[i] = start;
      start += n;
    });
  }

  /** From now on the file is this reader's: closed once nothing reaches it (its series). */
  closeWhenUnreachable(): void {
    closer.register(this, this.fd);
  }

  private damaged = false;

  /** Series `i`'s columns (`n` bars); `key` is what they are remembered by (the series object). */
  columns(key: object, i: number, n: number, symbol: string): OnDiskColumns {
    const hit = recent.get(key);
    if (hit) {
      recent.delete(key);
      recent.set(key, hit);
      return hit;
    }
    const bytes = new Uint8Array(32 * n);
    let done = 0;
    try {
      while (done < bytes.length) {
        const read = fs.readSync(this.fd, bytes, done, bytes.length - done, this.at + 32 * this.starts[i]! + done);
        if (read === 0) break;
        done += read;
      }
    } catch {
      done = -1; // an error reading the file (EIO, …): as damaged as a wrong checksum
    }
    if (done !== bytes.length || zlib.crc32(bytes) !== this.crcs[i]) {
      const error = new SnapshotDamagedError(this.file, symbol);
      if (!this.damaged) {
        this.damaged = true;
        this.onDamage(error);
      }
      throw error;
    }
    const column = (k: number) => new Float64Array(bytes.buffer, k * 8 * n, n);
    const columns = { open: column(0), high: column(1), low: column(2), volume: column(3) };
    remember(key, columns);
    return columns;
  }
}
