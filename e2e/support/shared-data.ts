// The shared market data (../shared beside the project) imported into a test database through
// the real CLI, as an operator would: instruments.csv plus the daily files of a few symbols.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SHARED_DATA = process.env.SHARED_DATA ?? path.resolve(ROOT, '../shared/market-data/us-equities-eod');

/** Imports `symbols` (those the shared data has) into `databaseUrl` with `solstice import`. */
export function importSharedSymbols(databaseUrl: string, symbols: readonly string[]): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-e2e-data-'));
  try {
    const lines = fs.readFileSync(path.join(SHARED_DATA, 'instruments.csv'), 'utf8').trim().split(/\r?\n/);
    const keep = lines.filter((l, i) => i === 0 || symbols.includes(l.split(',')[0]!));
    fs.writeFileSync(path.join(dir, 'instruments.csv'), keep.join('\n') + '\n');
    fs.mkdirSync(path.join(dir, 'daily'));
    for (const s of symbols) {
      const file = path.join(SHARED_DATA, 'daily', `${s}.csv`);
      if (fs.existsSync(file)) fs.copyFileSync(file, path.join(dir, 'daily', `${s}.csv`));
    }
    importDirectory(databaseUrl, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `solstice import <dir>` (instruments.csv and daily/) into `databaseUrl`; throws with its output when it fails. */
export function importDirectory(databaseUrl: string, dir: string): void {
  const out = spawnSync(
    process.execPath,
    [path.join(ROOT, 'apps/server/bin/solstice.js'), 'import', dir, '--db', databaseUrl, '--json'],
    { cwd: ROOT, env: { ...process.env, SEED_ON_EMPTY: 'false', LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  if (out.status !== 0) throw new Error(`import failed (${out.status}): ${out.stderr}\n${out.stdout}`);
}
