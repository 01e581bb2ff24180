import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database.js';
import { retryingCatalogRace } from './migrate.js';

const raced = new Error('schema "t_0123456789ab" does not exist');

function failingTimes(times: number, error: Error) {
  let calls = 0;
  const run = async () => {
    calls++;
    if (calls <= times) throw error;
    return 'migrated';
  };
  return { run, calls: () => calls };
}

const postgres = { dialect: 'postgres' } as DatabaseHandle;
const sqlite = { dialect: 'sqlite' } as DatabaseHandle;

describe('retryingCatalogRace', () => {
  it('tries again when another schema vanished while the catalog was read (PostgreSQL)', async () => {
    const attempt = failingTimes(2, raced);
    await expect(retryingCatalogRace(postgres, attempt.run)).resolves.toBe('migrated');
    expect(attempt.calls()).toBe(3);
  });

  it('gives up after five attempts with the last error', async () => {
    const attempt = failingTimes(10, raced);
    await expect(retryingCatalogRace(postgres, attempt.run)).rejects.toThrow(raced.message);
    expect(attempt.calls()).toBe(5);
  });

  it('does not retry other errors, nor on SQLite', async () => {
    const refused = failingTimes(1, new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    await expect(retryingCatalogRace(postgres, refused.run)).rejects.toThrow('ECONNREFUSED');
    expect(refused.calls()).toBe(1);
    const local = failingTimes(1, raced);
    await expect(retryingCatalogRace(sqlite, local.run)).rejects.toThrow(raced.message);
    expect(local.calls()).toBe(1);
  });
});
