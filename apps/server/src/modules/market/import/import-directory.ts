import fs from 'node:fs/promises';
import path from 'node:path';
import type { FieldIssue } from '@solstice/contracts';
import { validationFailed } from '../../../http/errors.js';
import type { ImportFile, ImportListing } from './importer.js';
import { tooLargeReason, type ReadLimits } from './line-reader.js';
import type { ImportIssue } from './parse.js';

/**
 * The largest file the admin API imports, read from IMPORT_DIR or uploaded. On SQLite a
 * file is written in one synchronous transaction (nothing half-written, nothing of another
 * request mixed in), which holds the event loop for its length: 64 MiB is about 7 s at
 * 200k rows/s. A day file or a symbol's history is a few MiB; bigger loads go through the
 * CLI (`solstice import`), which has no server to hold up.
 */
export const MAX_IMPORT_FILE_BYTES = 64 * 1024 * 1024;

export const API_LIMITS: ReadLimits = { maxBytes: MAX_IMPORT_FILE_BYTES };

/**
 * One answer for a path that is missing, outside the directory, or not a regular file or
 * folder: the caller learns nothing about what exists outside IMPORT_DIR.
 */
export const NOT_IMPORTABLE = 'not a file or folder inside the import directory';

const DATA_EXTENSIONS = new Set(['.csv', '.txt']);

/** IMPORT_DIR as an absolute path (a relative setting is relative to the process's working directory). */
export function importRoot(importDir: string): string {
  return path.resolve(importDir);
}

function isInside(root: string, real: string): boolean {
  return real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/** Relative, no "..", no NUL: anything else is refused before the file system is asked. */
function plainRelative(requested: string): boolean {
  if (requested.includes('\0') || path.isAbsolute(requested)) return false;
  return !requested.split(/[\\/]/).includes('..');
}

async function realInside(root: string, full: string): Promise<string | null> {
  try {
    const real = await fs.realpath(full);
    return isInside(root, real) ? real : null;
  } catch {
    return null;
  }
}

/**
 * The files the admin API may import for the requested paths, each relative to the import
 * directory: a regular file, or a folder read recursively (.csv/.txt, hidden entries and
 * symlinks skipped, as the command line does). Resolved with realpath and required inside
 * the directory, so neither ".." nor a symlink leads out. A path that fails any check is a
 * 400 naming the path with NOT_IMPORTABLE; a file over the size limit inside a folder is
 * reported as rejected. Async file-system calls only; nothing is opened here (the importer
 * opens each file without blocking and checks it again on the descriptor).
 */
export async function listInImportDirectory(
  importDir: string,
  requested: readonly string[],
  limits: ReadLimits = API_LIMITS,
): Promise<ImportListing> {
  const root = await fs.realpath(importRoot(importDir)).catch(() => null);
  const files: ImportFile[] = [];
  const issues: ImportIssue[] = [];
  const problems: FieldIssue[] = [];
  const seen = new Set<string>();
  const add = (real: string, name: string) => {
    if (seen.has(real)) return;
    seen.add(real);
    files.push({ path: real, name });
  };

  // Directories are entered only as real directories (a symlink is not one), so the walk stays inside.
  const walk = async (dir: string, shownAs: string) => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => null);
    if (!entries) {
      issues.push({ file: shownAs || '.', line: null, reason: 'cannot read the folder', action: 'reject' });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const full = path.join(dir, e.name);
      const name = shownAs === '' ? e.name : `${shownAs}/${e.name}`;
      if (e.isDirectory()) await walk(full, name);
      else if (e.isFile() && DATA_EXTENSIONS.has(path.extname(e.name).toLowerCase())) {
        const stat = await fs.lstat(full).catch(() => null);
        if (!stat?.isFile()) continue;
        if (stat.size > limits.maxBytes)
          issues.push({ file: name, line: null, reason: tooLargeReason(limits.maxBytes), action: 'reject' });
        else add(full, name);
      }
    }
  };

  for (const [index, p] of requested.entries()) {
    const at = `body.paths.${index}`;
    const real = root && plainRelative(p) ? await realInside(root, path.join(root, p)) : null;
    const stat = real ? await fs.lstat(real).catch(() => null) : null;
    const name = path.posix.normalize(p.replace(/\\/g, '/')).replace(/^\.\/|\/$/g, '');
    if (real && stat?.isDirectory()) await walk(real, name === '.' ? '' : name);
    else if (real && stat?.isFile()) {
      if (stat.size > limits.maxBytes) problems.push({ path: at, message: tooLargeReason(limits.maxBytes) });
      else add(real, name);
    } else problems.push({ path: at, message: NOT_IMPORTABLE });
  }
  if (problems.length > 0) throw validationFailed('Some paths cannot be imported.', problems);
  return { files, issues };
}
