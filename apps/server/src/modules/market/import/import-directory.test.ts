import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import { listInImportDirectory, NOT_IMPORTABLE } from './import-directory.js';
import { tooLargeReason } from './line-reader.js';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-import-dir-')));
const root = path.join(base, 'imports');
const outside = path.join(base, 'outside');
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

function write(file: string, content = 'Date,Open,High,Low,Close,Volume\n'): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

beforeAll(() => {
  write(path.join(root, 'A.csv'));
  write(path.join(root, 'folder', 'instruments.csv'));
  write(path.join(root, 'folder', 'B.txt'));
  write(path.join(root, 'folder', 'notes.md'));
  write(path.join(root, 'folder', '.hidden.csv'));
  write(path.join(root, 'folder', 'deep', 'C.csv'));
  write(path.join(root, 'folder', 'BIG.csv'), 'x'.repeat(200));
  write(path.join(outside, 'SECRET.csv'));
  fs.symlinkSync(path.join(root, 'A.csv'), path.join(root, 'ALIAS.csv'));
  fs.symlinkSync(path.join(outside, 'SECRET.csv'), path.join(root, 'folder', 'OUT.csv'));
  fs.symlinkSync(outside, path.join(root, 'folder', 'out-folder'));
  execFileSync('mkfifo', [path.join(root, 'folder', 'PIPE.csv')]);
});

const limits = { maxBytes: 100 };

async function refusal(paths: string[], importDir = root): Promise<unknown> {
  try {
    await listInImportDirectory(importDir, paths, limits);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, details: error.details };
    throw error;
  }
  return 'listed';
}

describe('listInImportDirectory', () => {
  it('lists a folder recursively: data files only, no hidden files, symlinks, FIFOs; big files rejected', async () => {
    const listing = await listInImportDirectory(root, ['folder/'], limits);
    expect(listing.files).toEqual([
      { path: path.join(root, 'folder', 'B.txt'), name: 'folder/B.txt' },
      { path: path.join(root, 'folder', 'deep', 'C.csv'), name: 'folder/deep/C.csv' },
      { path: path.join(root, 'folder', 'instruments.csv'), name: 'folder/instruments.csv' },
    ]);
    expect(listing.issues).toEqual([
      { file: 'folder/BIG.csv', line: null, reason: tooLargeReason(100), action: 'reject' },
    ]);
  });

  it('takes "." as the whole directory and lists each real file once', async () => {
    const listing = await listInImportDirectory(root, ['.', 'A.csv', './folder/deep/C.csv', 'ALIAS.csv'], limits);
    expect(listing.files.map((f) => f.name)).toEqual([
      'A.csv',
      'folder/B.txt',
      'folder/deep/C.csv',
      'folder/instruments.csv',
    ]);
  });

  it('follows a named symlink that stays inside, under the name asked for', async () => {
    const listing = await listInImportDirectory(root, ['ALIAS.csv'], limits);
    expect(listing.files).toEqual([{ path: path.join(root, 'A.csv'), name: 'ALIAS.csv' }]);
  });

  it('refuses everything else with one answer per path', async () => {
    const refused = (index: number) => ({ path: `body.paths.${index}`, message: NOT_IMPORTABLE });
    for (const p of [
      '/etc/passwd',
      path.join(root, 'A.csv'),
      '../outside/SECRET.csv',
      'folder/../../outside',
      'folder/OUT.csv',
      'folder/out-folder',
      'folder/out-folder/SECRET.csv',
      'folder/PIPE.csv',
      'missing.csv',
      'a\0b',
    ]) {
      expect(await refusal([p]), p).toEqual({ code: 'validation_failed', details: { issues: [refused(0)] } });
    }
    expect(await refusal(['A.csv', '/etc', 'folder', 'nope'])).toEqual({
      code: 'validation_failed',
      details: { issues: [refused(1), refused(3)] },
    });
    expect(await refusal(['folder/BIG.csv'])).toEqual({
      code: 'validation_failed',
      details: { issues: [{ path: 'body.paths.0', message: tooLargeReason(100) }] },
    });
  });

  it('refuses every path when the directory does not exist', async () => {
    expect(await refusal(['.'], path.join(base, 'absent'))).toEqual({
      code: 'validation_failed',
      details: { issues: [{ path: 'body.paths.0', message: NOT_IMPORTABLE }] },
    });
  });

  it('resolves a symlinked import directory to its real location', async () => {
    const link = path.join(base, 'imports-link');
    fs.symlinkSync(root, link);
    const listing = await listInImportDirectory(link, ['A.csv'], limits);
    expect(listing.files).toEqual([{ path: path.join(root, 'A.csv'), name: 'A.csv' }]);
  });
});
