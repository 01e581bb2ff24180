import { isPercentField } from '@solstice/analytics';

/** A field's value as the CLI's text shows it: fractions as percentages, large numbers grouped. */
export function formatValue(name: string, v: number | string | null | undefined): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v;
  if (isPercentField(name)) return `${(v * 100).toFixed(2)}%`;
  if (Math.abs(v) >= 1e6) return v.toLocaleString('en-US', { maximumFractionDigits: 0 });
  return Number.isInteger(v) ? String(v) : v.toFixed(4);
}
