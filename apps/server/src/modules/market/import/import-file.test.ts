import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { POSTGRES_TEST_URL, testDialects } from '../../../testing/test-databases.js';
import { SYMBOL_LOCK } from '../bars/chunk-store.js';
import { retryingDeadlocks } from './import-file.js';

/** Two transactions taking two symbols' locks in opposite orders: PostgreSQL aborts one with 40P01. */
async function realDeadlock(): Promise<unknown> {
  const [a, b] = [new pg.Client(POSTGRES_TEST_URL), new pg.Client(POSTGRES_TEST_URL)];
  await Promise.all([a.connect(), b.connect()]);
  try {
    await Promise.all([a.query('BEGIN'), b.query('BEGIN')]);
    await a.query(SYMBOL_LOCK, ['DEADLOCK-A']);
    await b.query(SYMBOL_LOCK, ['DEADLOCK-B']);
    const outcomes = await Promise.allSettled([
      a.query(SYMBOL_LOCK, ['DEADLOCK-B']),
      b.query(SYMBOL_LOCK, ['DEADLOCK-A']),
    ]);
    return outcomes.find((o) => o.status === 'rejected')?.reason;
  } finally {
    await Promise.all([a.query('ROLLBACK').catch(() => {}), b.query('ROLLBACK').catch(() => {})]);
    await Promise.all([a.end(), b.end()]);
  }
}

describe('retryingDeadlocks', () => {
  it('runs a file again when it was a deadlock victim, at most three times, and nothing else', async () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    let calls = 0;
    await expect(retryingDeadlocks(async () => (++calls < 3 ? Promise.reject(deadlock) : 'imported'))).resolves.toBe(
      'imported',
    );
    expect(calls).toBe(3);
    calls = 0;
    await expect(retryingDeadlocks(async () => (++calls, Promise.reject(deadlock)))).rejects.toBe(deadlock);
    expect(calls).toBe(3);
    calls = 0;
    const other = Object.assign(new Error('unique violation'), { code: '23505' });
    await expect(retryingDeadlocks(async () => (++calls, Promise.reject(other)))).rejects.toBe(other);
    expect(calls).toBe(1);
  });

  if (testDialects().includes('postgres')) {
    it("knows PostgreSQL's own deadlock error", async () => {
      const error = await realDeadlock();
      expect(error).toMatchObject({ code: '40P01' });
      let calls = 0;
      await expect(retryingDeadlocks(async () => (++calls === 1 ? Promise.reject(error) : 'again'))).resolves.toBe(
        'again',
      );
      expect(calls).toBe(2);
    }, 20_000);
  }
});
