import fs from 'node:fs';

/** A file that cannot be imported at all; nothing of it is written. */
export class FileRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'FileRejected';
  }
}

const CHUNK = 1 << 20;

/** How the admin API reads a file; the command line reads whatever the operator names. */
export interface ReadLimits {
  /** Regular files only (checked on the open descriptor), of at most this many bytes. */
  maxBytes: number;
}

export const NOT_A_REGULAR_FILE = 'not a regular file';

export function tooLargeReason(maxBytes: number): string {
  return `larger than the import limit of ${Math.round(maxBytes / (1024 * 1024))} MiB`;
}

/**
 * Opens without blocking (opening a FIFO for reading would wait for a writer and freeze the
 * process) and without following a final symlink, then checks the descriptor itself: the
 * file checked is the file read, whatever happens to the path meanwhile.
 */
export function openRegularFile(file: string, maxBytes: number): number {
  const { O_RDONLY, O_NONBLOCK, O_NOFOLLOW } = fs.constants;
  const fd = fs.openSync(file, O_RDONLY | O_NONBLOCK | O_NOFOLLOW);
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new FileRejected(NOT_A_REGULAR_FILE);
    if (stat.size > maxBytes) throw new FileRejected(tooLargeReason(maxBytes));
    return fd;
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
}

/**
 * A text file read synchronously in 1 MiB chunks, so that memory stays flat whatever the file
 * size, and so that a SQLite import can run inside one synchronous transaction: a line at a
 * time as text (nextLine), or the rest of the current chunk as bytes of whole lines
 * (nextBlock, for the importer's byte-level fast path). Strips a UTF-8 byte order mark and
 * the CR of CRLF endings. Throws FileRejected on content that is not text (a NUL byte),
 * wherever it appears. With limits, only a regular file is read, and no more than maxBytes
 * of it even if it grows.
 */
export class LineReader {
  private readonly fd: number;
  /** Room for a chunk after a partial line of up to another chunk. */
  private buffer = Buffer.allocUnsafe(2 * CHUNK);
  /** The unread bytes are buffer[pos, end). */
  private pos = 0;
  private end = 0;
  private total = 0;
  private eof = false;
  private closed = false;

  constructor(
    file: string,
    private readonly limits?: ReadLimits,
  ) {
    this.fd = limits ? openRegularFile(file, limits.maxBytes) : fs.openSync(file, 'r');
    try {
      this.fill();
      if (this.end >= 3 && this.buffer[0] === 0xef && this.buffer[1] === 0xbb && this.buffer[2] === 0xbf) this.pos = 3;
    } catch (error) {
      this.close();
      throw error;
    }
  }

  /** The next line as text, or undefined at the end of the file. */
  nextLine(): string | undefined {
    let nl = this.buffer.indexOf(10, this.pos);
    while (nl < 0 || nl >= this.end) {
      if (this.eof) {
        if (this.pos >= this.end) return undefined;
        let last = this.end;
        if (this.buffer[last - 1] === 13) last--;
        const text = this.buffer.toString('utf8', this.pos, last);
        this.pos = this.end;
        return text.length > 0 ? text : undefined;
      }
      const scanned = this.end - this.pos;
      this.fill();
      nl = this.buffer.indexOf(10, this.pos + scanned);
    }
    const stop = nl > this.pos && this.buffer[nl - 1] === 13 ? nl - 1 : nl;
    const text = this.buffer.toString('utf8', this.pos, stop);
    this.pos = nl + 1;
    return text;
  }

  /**
   * The unread bytes up to and including the last newline of the current chunk (or to the
   * end of the file), as buffer[start, end); undefined at the end of the file. The bytes stay
   * valid until the next call.
   */
  nextBlock(): { buffer: Buffer; start: number; end: number } | undefined {
    for (;;) {
      if (this.eof && this.pos >= this.end) return undefined;
      const last = this.eof ? this.end : this.buffer.lastIndexOf(10, this.end - 1) + 1;
      if (last > this.pos) {
        const block = { buffer: this.buffer, start: this.pos, end: last };
        this.pos = last;
        return block;
      }
      this.fill();
    }
  }

  /** Reads up to a chunk more of the file after the unread bytes (moved to the front first). */
  private fill(): void {
    if (this.eof) return;
    const rest = this.end - this.pos;
    if (rest + CHUNK > this.buffer.length) {
      // The unread part of a line longer than the chunks so far: a larger buffer.
      const larger = Buffer.allocUnsafe(rest + CHUNK);
      this.buffer.copy(larger, 0, this.pos, this.end);
      this.buffer = larger;
    } else if (rest > 0 && this.pos > 0) this.buffer.copyWithin(0, this.pos, this.end);
    this.pos = 0;
    this.end = rest;
    const n = fs.readSync(this.fd, this.buffer, rest, CHUNK, null);
    if (n === 0) {
      this.eof = true;
      return;
    }
    this.total += n;
    if (this.limits && this.total > this.limits.maxBytes) throw new FileRejected(tooLargeReason(this.limits.maxBytes));
    if (this.buffer.subarray(rest, rest + n).includes(0)) throw new FileRejected('not a text file (binary content)');
    this.end = rest + n;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    fs.closeSync(this.fd);
  }
}

/** The lines of a text file (LineReader.nextLine until the end); closes the file when done or returned. */
export function* readLines(file: string, limits?: ReadLimits): Generator<string, void, undefined> {
  const reader = new LineReader(file, limits);
  try {
    yield* linesOf(reader);
  } finally {
    reader.close();
  }
}

/** The remaining lines of a reader (does not close it). */
export function* linesOf(reader: LineReader): Generator<string, void, undefined> {
  for (let line = reader.nextLine(); line !== undefined; line = reader.nextLine()) yield line;
}

/** Splits one CSV record: plain comma splitting, or RFC 4180 quotes when the line has any. */
export function splitCsv(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"') {
        if (line[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out;
}
