import { yearSetQuery, type YearSetValues } from './year-sets';
import { useToolQuery } from './tool-query';

/** A window on a symbol over some years; no direction is the server's (long). */
export type PatternWindow = Partial<Record<'symbol' | 'start' | 'end' | 'from' | 'to' | 'direction', string>>;

/** The pattern of a window, over the years of `yearSet` (the URL's cycle, parity, excluded years). */
export function usePattern(
  { symbol, start, end, from, to, direction }: PatternWindow,
  yearSet: Partial<YearSetValues>,
  enabled: boolean,
) {
  const params = { symbol, start, end, from, to, direction, ...yearSetQuery(yearSet) };
  return useToolQuery('pattern', 'seasonalityPattern', params, enabled);
}
