import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { runCliTo } from '../../testing/run-cli.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'modules', 'market', 'fixtures');

describe('solstice import / demo drop', () => {
  let dir: string;
  let file: string;
  const saved = { ...process.env };
  const savedExitCode = process.exitCode;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-cli-import-'));
    file = path.join(dir, 'db.sqlite');
    process.env.LOG_LEVEL = 'silent';
    // The import must not seed an empty database even when the setting says so.
    process.env.SEED_ON_EMPTY = 'true';
  });
  afterEach(() => {
    process.env = { ...saved };
    process.exitCode = savedExitCode;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  let stderr: string[] = [];
  async function run(...args: string[]): Promise<string> {
    stderr = [];
    const stdout: string[] = [];
    await runCliTo({ stdout, stderr }, file, ['--json', ...args]);
    return stdout.join('');
  }

  it('prints the JSON report; exit status 0 when every file was read, 1 when one was rejected', async () => {
    process.exitCode = undefined;
    const report = JSON.parse(await run('import', path.join(fixtures, 'dir'), path.join(fixtures, 'yahoo')));
    // Progress goes to stderr as one JSON event a file, stdout keeps the one report.
    const events = stderr.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events.map((e) => [e.event, e.unit, e.done, e.total])).toEqual([
      ['progress', 'files', 1, 4],
      ['progress', 'files', 2, 4],
      ['progress', 'files', 3, 4],
      ['progress', 'files', 4, 4],
    ]);
    expect(events.at(-1)?.rows).toBe(5);
    expect(report).toMatchObject({ files: 4, rejectedFiles: [], instruments: 3, inserted: 5, updated: 0 });
    expect(report.issues).toEqual([
      { file: path.join(fixtures, 'yahoo', 'MSFT.csv'), line: 3, reason: 'missing day (null values)', action: 'skip' },
    ]);
    expect(process.exitCode).toBeUndefined();

    const bad = path.join(dir, 'bad.csv');
    fs.writeFileSync(bad, 'nothing,here\n');
    const second = JSON.parse(await run('import', path.join(fixtures, 'dir'), bad));
    expect(second).toMatchObject({ files: 3, rejectedFiles: [bad], inserted: 0, updated: 0 });
    expect(process.exitCode).toBe(1);

    const handle = await openDatabase(`file:${file}`);
    try {
      const symbols = (await handle.db.selectFrom('instruments').select('symbol').orderBy('symbol').execute()).map(
        (r) => r.symbol,
      );
      expect(symbols).toEqual(['IBM', 'MSFT', 'SPY']);
    } finally {
      await handle.close();
    }
  });

  it('demo drop removes synthetic instruments only', async () => {
    await run('import', path.join(fixtures, 'dir'));
    const handle = await openDatabase(`file:${file}`);
    try {
      await handle.db.updateTable('instruments').set({ synthetic: 1 }).where('symbol', '=', 'SPY').execute();
    } finally {
      await handle.close();
    }
    expect(JSON.parse(await run('demo', 'drop'))).toEqual({ instruments: 1, bars: 1 });
  });
});
