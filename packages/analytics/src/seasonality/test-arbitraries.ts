import fc from 'fast-check';
import { DAYS_IN_CALENDAR } from './calendar-days.js';

/**
 * A random window over a random series: the series' moves (the factors of test-fixtures'
 * `moves`), the window's start position (0 … 364) and its length in days (1 … maxDays).
 */
export function randomWindow(
  factor: { min: number; max: number },
  bars: { minLength: number; maxLength: number },
  maxDays: number,
) {
  return fc.tuple(
    fc.array(fc.double({ ...factor, noNaN: true }), bars),
    fc.integer({ min: 0, max: DAYS_IN_CALENDAR - 1 }),
    fc.integer({ min: 1, max: maxDays }),
  );
}
