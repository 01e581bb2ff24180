/** The US presidential cycle by Y mod 4 (analytics.md, "Year sets"). */
export const CYCLE_PHASES = ['election', 'post-election', 'midterm', 'pre-election'] as const;
export type CyclePhase = (typeof CYCLE_PHASES)[number];

/** Which years a seasonal computation uses, besides from/to. */
export interface YearSet {
  from?: number;
  to?: number;
  cycle?: readonly CyclePhase[];
  parity?: 'odd' | 'even';
  exclude?: readonly number[];
}

export function cyclePhase(year: number): CyclePhase {
  return CYCLE_PHASES[((year % 4) + 4) % 4]!;
}

/** Whether a year is used: within [from, to] and passing every filter given. */
export function yearUsed(year: number, set: YearSet): boolean {
  if (set.from !== undefined && year < set.from) return false;
  if (set.to !== undefined && year > set.to) return false;
  if (set.cycle && set.cycle.length > 0 && !set.cycle.includes(cyclePhase(year))) return false;
  if (set.parity && (year % 2 === 0 ? 'even' : 'odd') !== set.parity) return false;
  if (set.exclude?.includes(year)) return false;
  return true;
}

/** Whether a year set filters anything beyond from/to (the fast paths handle plain ranges). */
export function hasYearFilters(set: YearSet): boolean {
  return (set.cycle?.length ?? 0) > 0 || set.parity !== undefined || (set.exclude?.length ?? 0) > 0;
}
