/**
 * Seven daily closes across a new year, for the scan language's tests: two short weeks and
 * a month end in between (Thu 2024-12-26, Fri 12-27 | Mon 12-30, Tue 12-31, Thu 01-02,
 * Fri 01-03 | Mon 01-06).
 */
export const NEW_YEAR_CLOSES: readonly (readonly [string, number])[] = [
  ['2024-12-26', 10],
  ['2024-12-27', 12],
  ['2024-12-30', 11],
  ['2024-12-31', 13],
  ['2025-01-02', 9],
  ['2025-01-03', 10],
  ['2025-01-06', 14],
];
