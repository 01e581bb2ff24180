import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { importRoot } from './import-directory.js';

/** Uploads are written under IMPORT_DIR/.uploads (hidden: a folder import never reads them). */
export const UPLOADS_FOLDER = '.uploads';

export class UploadTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The upload is larger than ${maxBytes} bytes.`);
    this.name = 'UploadTooLarge';
  }
}

/** A saved upload; remove() deletes it and its private folder. */
export interface SavedUpload {
  path: string;
  remove(): Promise<void>;
}

function byteLimit(maxBytes: number): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      if (total > maxBytes) done(new UploadTooLarge(maxBytes));
      else done(null, chunk);
    },
  });
}

/**
 * Streams a request body to IMPORT_DIR/.uploads/<random>/<name> (owner-only permissions),
 * stopping with UploadTooLarge past maxBytes; nothing is kept when it fails. The name must
 * already be a plain file name (the route's schema): it gives a Yahoo or plain file its symbol.
 * The body is piped through a PassThrough so that stopping early does not destroy the
 * request's socket: the route can still answer 413.
 */
export async function saveUpload(
  body: Readable,
  importDir: string,
  name: string,
  maxBytes: number,
): Promise<SavedUpload> {
  if (path.basename(name) !== name || name.startsWith('.')) throw new Error(`not a plain file name: ${name}`);
  // Listening before the first await: a client that leaves while the folder is made still ends the upload.
  const pass = new PassThrough();
  // An error before pipeline() listens would be unhandled; pipeline still sees it (pass.errored).
  pass.on('error', () => {});
  const interrupted = (error?: Error) => {
    if (!body.readableEnded) pass.destroy(error ?? new Error('the upload was interrupted'));
  };
  body.once('error', interrupted);
  body.once('close', interrupted);
  body.pipe(pass);
  let folder: string | undefined;
  const remove = async () => {
    if (folder) await fs.rm(folder, { recursive: true, force: true });
  };
  let file: string;
  try {
    const uploads = path.join(importRoot(importDir), UPLOADS_FOLDER);
    await fs.mkdir(uploads, { recursive: true, mode: 0o700 });
    folder = await fs.mkdtemp(path.join(uploads, 'upload-'));
    file = path.join(folder, name);
    await pipeline(pass, byteLimit(maxBytes), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    body.unpipe(pass);
    pass.destroy();
    await remove();
    throw error;
  } finally {
    body.off('error', interrupted);
    body.off('close', interrupted);
  }
  return { path: file, remove };
}
