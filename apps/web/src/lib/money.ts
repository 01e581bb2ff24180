/** Money with exactly 2 decimals, e.g. 1234.5 → "1234.50" (no grouping: the caller adds a currency). */
export function formatMoney(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return (Math.round(value * 100) / 100).toFixed(2);
}

/** Money in a locale with a currency, 2 decimals: formatCurrency(9.9, 'USD', 'en-US') → "$9.90". */
export function formatCurrency(value: number, currency = 'USD', locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}
