/**
 * The scanner's fixed fields read straight off an indicator snapshot, for the tests that set
 * them against their function forms in the scan language.
 */
import type { IndicatorBar } from '../indicators/snapshot.js';
import type { NumericField } from '../scanner/fields.js';

/** A fixed field's value at a bar: a period's change, a distance from a reference, or the bar's own. */
export function fixedValue(bar: IndicatorBar, field: NumericField): number | null {
  if (field in bar.perf) return bar.perf[field as keyof IndicatorBar['perf']];
  if (field.startsWith('pctFrom')) {
    const ref = {
      pctFromHigh52w: bar.high52w,
      pctFromLow52w: bar.low52w,
      pctFromSma20: bar.sma20,
      pctFromSma50: bar.sma50,
      pctFromSma200: bar.sma200,
    }[field as 'pctFromSma20'];
    return ref === null || ref === 0 ? null : bar.close / ref - 1;
  }
  return (bar as unknown as Record<string, number | null>)[field] ?? null;
}

/** Equal to rounding: null against NaN, or within 1e-9 relative (1e-12 absolute near zero). */
export function agree(a: number | null, b: number): boolean {
  if (a === null) return Number.isNaN(b);
  if (Number.isNaN(b)) return false;
  return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b)) + 1e-12;
}
