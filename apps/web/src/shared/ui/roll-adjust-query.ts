import type { RollAdjustMode } from '@solstice/contracts';

/** The back-adjustments of a future's roll gaps (data-providers.md §15.5); empty in a form or URL is none. */
const ROLL_ADJUST_MODES = ['ratio', 'difference'] as const satisfies readonly RollAdjustMode[];
export type Adjusted = (typeof ROLL_ADJUST_MODES)[number];

/** The adjustment a form or URL value names, else none (undefined). */
export const adjusted = (value: string | undefined): Adjusted | undefined =>
  ROLL_ADJUST_MODES.find((mode) => mode === value);

/** A URL's roll adjustment as a query field: only when it adjusts (the API's default is none). */
export function rollAdjustQuery(value: string | undefined): { rollAdjust?: Adjusted } {
  const mode = adjusted(value);
  return mode ? { rollAdjust: mode } : {};
}
