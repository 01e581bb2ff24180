// SIGKILL in the middle of `solstice import` leaves a consistent database (every file's bars
// all there or none of them) and a re-run completes. The built CLI as a real process, on
// SQLite and on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SQLite } from '../apps/server/src/db/sqlite-driver.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createScratchPostgres,
  postgresAvailable,
  runCli,
  waitFor,
  writeFixture,
  type Fixture,
  type ScratchPostgres,
} from './failure-support.js';

interface Target {
  url: string;
  /** Committed bars per symbol, as another connection sees them (empty before the tables exist). */
  counts(): Promise<Map<string, number>>;
  integrity(): Promise<string>;
  close(): Promise<void>;
}

async function sqliteTarget(): Promise<Target> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-failure-db-'));
  const file = path.join(dir, 'import.sqlite');
  let reader: InstanceType<typeof SQLite> | null = null;
  const open = () => (reader ??= new SQLite(file, { readonly: true, fileMustExist: true }));
  return {
    url: `file:${file}`,
    counts: async () => {
      if (!fs.existsSync(file)) return new Map();
      try {
        const rows = open().prepare('SELECT symbol, sum(bars) AS n FROM bar_chunks GROUP BY symbol').all() as {
          symbol: string;
          n: number;
        }[];
        return new Map(rows.map((r) => [r.symbol, r.n]));
      } catch (error) {
        // Before the import's migrations made the table.
        if (/no such table/.test(String(error))) return new Map();
        throw error;
      }
    },
    integrity: async () => {
      const c = new SQLite(file);
      try {
        return String(c.pragma('integrity_check', { simple: true }));
      } finally {
        c.close();
      }
    },
    close: async () => {
      reader?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresTarget(): Promise<Target> {
  const scratch: ScratchPostgres = await createScratchPostgres();
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  return {
    url: scratch.url,
    counts: async () => {
      try {
        const r = await client.query<{ symbol: string; n: string }>(
          'SELECT symbol, sum(bars) AS n FROM bar_chunks GROUP BY symbol',
        );
        return new Map(r.rows.map((row) => [row.symbol, Number(row.n)]));
      } catch (error) {
        if ((error as { code?: string }).code === '42P01') return new Map(); // no table yet
        throw error;
      }
    },
    integrity: async () => {
      // Every bar chunk belongs to an instrument (the foreign key held through the kill).
      const r = await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM bar_chunks b WHERE NOT EXISTS (SELECT 1 FROM instruments i WHERE i.symbol = b.symbol)',
      );
      return r.rows[0]!.n === '0' ? 'ok' : `${r.rows[0]!.n} orphan bars`;
    },
    close: async () => {
      await client.end();
      await scratch.drop();
    },
  };
}

const dialects = postgresAvailable() ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

describe.each(dialects)('SIGKILL during an import (%s)', (dialect) => {
  // SQLite commits files in groups of 250,000 rows, so more than one group is needed for a
  // kill to land between two commits; PostgreSQL commits every file.
  let fixture: Fixture;
  let target: Target;
  beforeAll(async () => {
    fixture = dialect === 'sqlite' ? writeFixture(60, 8000) : writeFixture(60, 2500);
    target = dialect === 'sqlite' ? await sqliteTarget() : await postgresTarget();
  });
  afterAll(async () => {
    await target?.close();
    fixture?.remove();
  });

  it('keeps each file all-or-nothing and a re-run completes', async () => {
    const first = runCli(['import', fixture.dir], target.url);
    // Kill as soon as a first commit is visible from another connection.
    const seen = await waitFor(
      'a first committed file',
      async () => {
        const counts = await target.counts();
        return counts.size > 0 ? counts : undefined;
      },
      60_000,
      5,
    );
    first.child.kill('SIGKILL');
    const killed = await first.done;
    expect(killed.signal).toBe('SIGKILL');
    expect(seen.size).toBeGreaterThan(0);

    const after = await target.counts();
    expect(await target.integrity()).toBe('ok');
    // All or nothing per file: a symbol has every bar of its file or none.
    for (const [symbol, n] of after) expect({ symbol, n }).toEqual({ symbol, n: fixture.rows.get(symbol) });
    const committed = [...after.values()].reduce((a, b) => a + b, 0);
    // The kill really landed in the middle: some files are in, others are not.
    expect(after.size).toBeGreaterThan(0);
    expect(after.size).toBeLessThan(fixture.rows.size);

    const second = runCli(['import', fixture.dir], target.url);
    const done = await second.done;
    expect(done.code, done.stderr).toBe(0);
    const report = JSON.parse(done.stdout) as { inserted: number; updated: number; rejectedFiles: string[] };
    expect(report.rejectedFiles).toEqual([]);
    expect(report.inserted).toBe(fixture.total - committed);
    expect(report.updated).toBe(0);
    const complete = await target.counts();
    expect(complete).toEqual(fixture.rows);
    expect(await target.integrity()).toBe('ok');
  });
});
