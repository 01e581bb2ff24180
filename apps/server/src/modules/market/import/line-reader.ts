import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

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
 * The lines of a text file, read synchronously in 1 MiB chunks so that memory stays flat
 * whatever the file size, and so that a SQLite import can run inside one synchronous
 * transaction. Strips a UTF-8 byte order mark and the CR of CRLF endings. Throws
 * FileRejected on content that is not text (a NUL byte), wherever it appears. With limits,
 * only a regular file is read, and no more than maxBytes of it even if it grows.
 */
export function* readLines(file: string, limits?: ReadLimits): Generator<string, void, undefined> {
  const fd = limits ? openRegularFile(file, limits.maxBytes) : fs.openSync(file, 'r');
  let total = 0;
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    const decoder = new StringDecoder('utf8');
    let rest = '';
    let first = true;
    for (;;) {
      const n = fs.readSync(fd, buffer, 0, CHUNK, null);
      if (n === 0) break;
      total += n;
      if (limits && total > limits.maxBytes) throw new FileRejected(tooLargeReason(limits.maxBytes));
      if (buffer.subarray(0, n).includes(0)) throw new FileRejected('not a text file (binary content)');
      let text = rest + decoder.write(buffer.subarray(0, n));
      if (first) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      let start = 0;
      for (;;) {
        const end = text.indexOf('\n', start);
        if (end < 0) break;
        yield text.charCodeAt(end - 1) === 13 && end > start ? text.slice(start, end - 1) : text.slice(start, end);
        start = end + 1;
      }
      rest = text.slice(start);
    }
    rest += decoder.end();
    if (rest.endsWith('\r')) rest = rest.slice(0, -1);
    if (rest.length > 0) yield rest;
  } finally {
    fs.closeSync(fd);
  }
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
