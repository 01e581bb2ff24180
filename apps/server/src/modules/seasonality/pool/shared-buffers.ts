import type { BufferAllocator } from '@solstice/analytics';

/**
 * The SharedArrayBuffers an analytics thread writes a scan's part into (its text and its
 * tests, about 10 MB for 5,000 symbols), reused from one scan to the next. V8 does not count
 * shared memory as a thread's external memory, so neither the thread that makes a part nor the
 * event loop that receives it runs a full collection for them; a new buffer per scan would then
 * be freed only by some later collection (RSS grew by about 20 MB a scan), so each is reused
 * once the event loop has released it: the last 4 bytes of a buffer are its lease, 1 from when
 * a thread hands it out until the event loop has merged the part (releaseSharedBuffers).
 */
export class SharedBuffers {
  private readonly buffers: SharedArrayBuffer[] = [];

  /** Keeps at most `kept` buffers: one never released (a part whose scan failed) drops out first. */
  constructor(private readonly kept = 16) {}

  /** A leased buffer of at least `bytes` bytes before its lease. */
  readonly allocate: BufferAllocator = (bytes) => {
    for (const buffer of this.buffers)
      if (buffer.byteLength - LEASE >= bytes && Atomics.compareExchange(leaseOf(buffer), 0, 0, 1) === 0) return buffer;
    // Powers of two, from 64 KiB: a scan of another shape reuses them too.
    const buffer = new SharedArrayBuffer(Math.max(1 << 16, 2 ** Math.ceil(Math.log2(bytes + LEASE))));
    Atomics.store(leaseOf(buffer), 0, 1);
    this.buffers.push(buffer);
    if (this.buffers.length > this.kept) {
      // The oldest still leased goes first (in flight or never to be given back), else the oldest.
      const leased = this.buffers.findIndex((b) => b !== buffer && Atomics.load(leaseOf(b), 0) === 1);
      this.buffers.splice(Math.max(0, leased), 1);
    }
    return buffer;
  };

  /** How many buffers are kept, and how many of them are leased now (tests). */
  stats(): { kept: number; leased: number } {
    return { kept: this.buffers.length, leased: this.buffers.filter((b) => Atomics.load(leaseOf(b), 0) === 1).length };
  }
}

const LEASE = 4;

function leaseOf(buffer: SharedArrayBuffer): Int32Array {
  return new Int32Array(buffer, buffer.byteLength - LEASE, 1);
}

/** Gives back the leased buffers these views lie in (a merged part's: the event loop reads them no more). */
export function releaseSharedBuffers(views: readonly ArrayBufferView[]): void {
  for (const { buffer } of views) if (buffer instanceof SharedArrayBuffer) Atomics.store(leaseOf(buffer), 0, 0);
}
