import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { saveUpload, UPLOADS_FOLDER, UploadTooLarge } from './import-upload.js';

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-upload-')));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const uploads = path.join(root, UPLOADS_FOLDER);

describe('saveUpload', () => {
  it('streams the body to a private file under IMPORT_DIR/.uploads and removes it on request', async () => {
    const saved = await saveUpload(Readable.from([Buffer.from('a,b\n'), Buffer.from('c,d\n')]), root, 'AAPL.csv', 100);
    expect(path.basename(saved.path)).toBe('AAPL.csv');
    expect(path.dirname(path.dirname(saved.path))).toBe(uploads);
    expect(fs.readFileSync(saved.path, 'utf8')).toBe('a,b\nc,d\n');
    expect(fs.statSync(saved.path).mode & 0o777).toBe(0o600);
    expect(fs.statSync(uploads).mode & 0o777).toBe(0o700);
    await saved.remove();
    expect(fs.readdirSync(uploads)).toEqual([]);
  });

  it('stops past the limit, keeps nothing, and leaves the request stream alive for an answer', async () => {
    const body = new PassThrough();
    const saving = saveUpload(body, root, 'BIG.csv', 10);
    body.write('0123456789');
    body.write('x');
    await expect(saving).rejects.toBeInstanceOf(UploadTooLarge);
    expect(body.destroyed).toBe(false);
    expect(fs.readdirSync(uploads)).toEqual([]);
    body.destroy();
  });

  it('fails and keeps nothing when the client goes away mid-upload', async () => {
    const body = new PassThrough();
    const saving = saveUpload(body, root, 'GONE.csv', 100);
    body.write('Date,');
    body.destroy();
    await expect(saving).rejects.toThrow();
    expect(fs.readdirSync(uploads)).toEqual([]);
  });

  it('takes only a plain file name', async () => {
    for (const name of ['../x.csv', 'a/b.csv', '.hidden.csv']) {
      await expect(saveUpload(Readable.from([]), root, name, 10)).rejects.toThrow(/not a plain file name/);
    }
  });
});
