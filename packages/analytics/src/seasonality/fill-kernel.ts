import { DAYS_IN_CALENDAR } from './calendar-days.js';
import { WASM_BASE64 } from './fill-kernel.wasm.js';
import { entryAt, exitAt, type WindowTable } from './window-table.js';

/** Where WindowGrid.fill's kernel writes one run's counts (the grid's own arrays). */
export interface GridCells {
  count: Int32Array;
  rising: Int32Array;
  falling: Int32Array;
  sum: Float64Array;
}

/** The kernel's `fill` and `counts` (which leaves `sum` unwritten): offsets into its memory. */
type FillExport = (
  starts: number,
  lengths: number,
  rows: number,
  width: number,
  entryIndex: number,
  entryClose: number,
  exitIndex: number,
  exitClose: number,
  count: number,
  rising: number,
  falling: number,
  sum: number,
) => number;

const PAGE = 65_536;

// The little of WebAssembly used here: the analytics compile without the DOM's types.
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmInstance {
  readonly exports: Record<string, unknown>;
}
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => WasmInstance;
};

/**
 * The counting loop of WindowGrid.fill compiled to WebAssembly SIMD (fill-kernel.wat,
 * decision 0022). This side gathers, for one run of consecutive start days, each year's
 * entry bars and the exit bars of every calendar column the run's windows end on (a strip
 * of starts + lengths columns a year, far fewer than the windows), into the kernel's memory;
 * the kernel counts two lengths at a time and this side copies the cells out.
 */
export class FillKernel {
  private readonly memory: WasmMemory;
  private readonly run: FillExport;
  private readonly counts: FillExport;
  private f64 = new Float64Array(0);
  private i32 = new Int32Array(0);

  private constructor(instance: WasmInstance) {
    this.memory = instance.exports.memory as WasmMemory;
    this.run = instance.exports.fill as FillExport;
    this.counts = instance.exports.counts as FillExport;
  }

  /** The kernel, or null where this runtime has no WebAssembly SIMD (then the scalar loop counts). */
  static create(): FillKernel | null {
    try {
      const bytes = Uint8Array.from(atob(WASM_BASE64), (c) => c.charCodeAt(0));
      return new FillKernel(new WebAssembly.Instance(new WebAssembly.Module(bytes)));
    } catch {
      return null;
    }
  }

  /**
   * Counts the cells of the starts k0 … k0 + starts − 1 (consecutive calendar positions, grid
   * rows firstStart …) for every length, over table rows lo … lo + rows − 1. Returns the
   * largest count. `sums`: false leaves out.sum as it was (the kernel's `counts`: rising and
   * falling by comparing the closes, exact only where no close is negative or −0).
   */
  fillRun(
    out: GridCells,
    firstStart: number,
    close: Float64Array,
    table: WindowTable,
    lo: number,
    rows: number,
    k0: number,
    starts: number,
    minDays: number,
    lengths: number,
    sums = true,
  ): number {
    const D = DAYS_IN_CALENDAR;
    const width = starts + lengths;
    const entries = starts * rows;
    const strip = rows * width;
    const cells = starts * lengths;
    // Doubles first (8-byte aligned), then the 32-bit integers; offsets in elements.
    const entryClose = 0;
    const exitClose = entryClose + entries;
    const sum = exitClose + strip;
    const i32Base = (sum + cells) * 2;
    const entryIndex = i32Base;
    const exitIndex = entryIndex + entries;
    const count = exitIndex + strip;
    const rising = count + cells;
    const falling = rising + cells;
    this.reserve((falling + cells) * 4);
    const { f64, i32 } = this;
    const { base, entry, exit, years } = table;
    this.touch(close, table, lo, rows, k0, starts, k0 + minDays, width);

    for (let si = 0; si < starts; si++) {
      const k = k0 + si;
      for (let r = 0, p = si * rows; r < rows; r++, p++) {
        const a = entryAt(base[lo + r]!, entry[(lo + r) * D + k]!);
        i32[entryIndex + p] = a;
        f64[entryClose + p] = a >= 0 ? close[a]! : 0;
      }
    }
    // Column j is calendar position u0 + j, in the next year's row past Dec 31.
    const u0 = k0 + minDays;
    const columns = width - 1;
    const split = Math.max(0, Math.min(columns, D - u0));
    for (let r = 0; r < rows; r++) {
      const row = lo + r;
      let p = exitIndex + r * width;
      let q = exitClose + r * width;
      const rowBase = base[row]!;
      for (let j = 0, from = row * D + u0; j < split; j++, p++, q++) {
        const b = exitAt(rowBase, exit[from + j]!);
        i32[p] = b;
        f64[q] = b >= 0 ? close[b]! : 0;
      }
      if (row + 1 < years) {
        const nextBase = base[row + 1]!;
        for (let j = split, from = (row + 1) * D + u0 - D; j < columns; j++, p++, q++) {
          const b = exitAt(nextBase, exit[from + j]!);
          i32[p] = b;
          f64[q] = b >= 0 ? close[b]! : 0;
        }
      } else {
        for (let j = split; j < columns; j++, p++, q++) {
          i32[p] = -1;
          f64[q] = 0;
        }
      }
      i32[p] = -1;
      f64[q] = 0;
    }

    const most = (sums ? this.run : this.counts)(
      starts,
      lengths,
      rows,
      width,
      entryIndex * 4,
      entryClose * 8,
      exitIndex * 4,
      exitClose * 8,
      count * 4,
      rising * 4,
      falling * 4,
      sum * 8,
    );
    const at = firstStart * lengths;
    out.count.set(i32.subarray(count, count + cells), at);
    out.rising.set(i32.subarray(rising, rising + cells), at);
    out.falling.set(i32.subarray(falling, falling + cells), at);
    if (sums) out.sum.set(f64.subarray(sum, sum + cells), at);
    return most;
  }

  /**
   * Reads one value of each cache line the gather below will read, in loops with nothing
   * else to wait for, so that the processor has many of those (mostly cold) lines in flight
   * at once; the gather then finds them in the cache.
   */
  private touch(
    close: Float64Array,
    { base, entry, exit }: WindowTable,
    lo: number,
    rows: number,
    k: number,
    starts: number,
    u: number,
    width: number,
  ): void {
    const D = DAYS_IN_CALENDAR;
    const last = exit.length - 1;
    let seen = 0;
    for (let r = lo; r < lo + rows; r++) {
      const at = r * D;
      seen |= entry[at + k]! | entry[at + k + starts - 1]!;
      for (let j = 0; j < width; j += 32) seen |= exit[Math.min(last, at + u + j)]!;
      seen |= exit[Math.min(last, at + u + width - 1)]!;
    }
    let sum = 0;
    for (let r = lo; r < lo + rows; r++) {
      const a = entryAt(base[r]!, entry[r * D + k]!);
      if (a < 0) continue;
      const end = Math.min(close.length - 1, a + width);
      for (let b = a; b < end; b += 8) sum += close[b]!;
    }
    this.touched = sum + seen;
  }

  /** What touch read (kept so that its reads are not optimised away). */
  touched = 0;

  private reserve(bytes: number): void {
    const have = this.memory.buffer.byteLength;
    if (bytes > have) this.memory.grow(Math.ceil((bytes - have) / PAGE));
    if (this.f64.buffer !== this.memory.buffer) {
      this.f64 = new Float64Array(this.memory.buffer);
      this.i32 = new Int32Array(this.memory.buffer);
    }
  }
}
