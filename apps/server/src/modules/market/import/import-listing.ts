import fs from 'node:fs';
import path from 'node:path';
import type { ImportIssue } from './parse.js';

/** A file to import: the path opened, and the name the report gives it (and a symbol is taken from). */
export interface ImportFile {
  path: string;
  name: string;
}

/** Files to import, and the ones already rejected while listing them. */
export interface ImportListing {
  files: ImportFile[];
  issues: ImportIssue[];
}

const DATA_EXTENSIONS = new Set(['.csv', '.txt']);

export function isInstrumentsFile(file: string): boolean {
  return path.basename(file).toLowerCase() === 'instruments.csv';
}

/** Expands PATHs into files: directories recursively (.csv/.txt, no hidden files), instruments files first. */
export function listImportFiles(paths: readonly string[], issues: ImportIssue[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile() && DATA_EXTENSIONS.has(path.extname(e.name).toLowerCase())) files.push(full);
    }
  };
  for (const p of paths) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(p);
    } catch {
      issues.push({ file: p, line: null, reason: 'no such file or directory', action: 'reject' });
      continue;
    }
    if (stat.isDirectory()) walk(p);
    else files.push(p);
  }
  const instrumentsFirst = [...files.filter(isInstrumentsFile), ...files.filter((f) => !isInstrumentsFile(f))];
  return [...new Set(instrumentsFirst)];
}
