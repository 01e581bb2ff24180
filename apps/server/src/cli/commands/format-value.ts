import { PERFORMANCE_FIELDS } from '@solstice/analytics';

/**
 * The fields the CLI's text shows as percentages. Narrower than analytics' isPercentField (the
 * web's choice): the distances from a level and the seasonal statistics print as decimal
 * fractions, as they always have, so scripts reading the text see what they saw before.
 */
const CLI_PERCENT_FIELDS: ReadonlySet<string> = new Set(['change1d', 'gap', ...PERFORMANCE_FIELDS, 'volatility20']);

/** A field's value as the CLI's text shows it: returns as percentages, large numbers grouped. */
export function formatValue(name: string, v: number | string | null | undefined): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v;
  if (CLI_PERCENT_FIELDS.has(name)) return `${(v * 100).toFixed(2)}%`;
  if (Math.abs(v) >= 1e6) return v.toLocaleString('en-US', { maximumFractionDigits: 0 });
  return Number.isInteger(v) ? String(v) : v.toFixed(4);
}
