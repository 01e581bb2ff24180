import { beforeAll } from 'vitest';
import type { DialectName } from '../db/database.js';
import { signedInUser, type SignedIn } from './auth-helpers.js';
import { addMarketRows, instrumentRow, weekdayBars } from './market-fixtures.js';
import { useTestApp } from './test-fixtures.js';

/**
 * For a describe block: a test app on `dialect` holding the synthetic instrument WAVE ("Wave
 * Inc.", weekday bars 2004-01-01 … 2020-06-30 of a wavy price), a subscriber and a member,
 * all there before the first test.
 */
export function useWaveApp(dialect: DialectName) {
  const t = useTestApp(dialect);
  const users = {} as { subscriber: SignedIn; member: SignedIn };
  beforeAll(async () => {
    const bars = weekdayBars(
      'WAVE',
      [Date.UTC(2004, 0, 1) / 86_400_000, Date.UTC(2020, 5, 30) / 86_400_000],
      (d) => 100 + 10 * Math.sin(d / 9) + (d % 7),
    );
    await addMarketRows(t, [instrumentRow('WAVE', { name: 'Wave Inc.', synthetic: 1 })], bars);
    users.subscriber = await signedInUser(t, { subscriber: true });
    users.member = await signedInUser(t);
  });
  return { t, users };
}
