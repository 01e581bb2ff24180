import { yearSetQuery, type YearSetValues } from './year-sets';
import { useToolQuery } from './tool-query';
import { rollAdjustQuery } from './roll-adjust-query';

/** A window on a symbol over some years; no direction is the server's (long). */
export type PatternWindow = Partial<
  Record<'symbol' | 'start' | 'end' | 'from' | 'to' | 'direction' | 'condition' | 'rollAdjust', string>
>;

/** The pattern of a window, over the years of `yearSet` (the URL's cycle, parity, excluded years). */
export function usePattern(
  { symbol, start, end, from, to, direction, condition, rollAdjust }: PatternWindow,
  yearSet: Partial<YearSetValues>,
  enabled: boolean,
) {
  // An empty condition is none (the API takes no empty one).
  const kept = condition?.trim() ? { condition: condition.trim() } : {};
  const params = {
    symbol,
    start,
    end,
    from,
    to,
    direction,
    ...yearSetQuery(yearSet),
    ...kept,
    ...rollAdjustQuery(rollAdjust),
  };
  return useToolQuery('pattern', 'seasonalityPattern', params, enabled);
}
