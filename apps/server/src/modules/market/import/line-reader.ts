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

/**
 * The lines of a text file, read synchronously in 1 MiB chunks so that memory stays flat
 * whatever the file size, and so that a SQLite import can run inside one synchronous
 * transaction. Strips a UTF-8 byte order mark and the CR of CRLF endings. Throws
 * FileRejected on content that is not text (a NUL byte), wherever it appears.
 */
export function* readLines(file: string): Generator<string, void, undefined> {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    const decoder = new StringDecoder('utf8');
    let rest = '';
    let first = true;
    for (;;) {
      const n = fs.readSync(fd, buffer, 0, CHUNK, null);
      if (n === 0) break;
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
