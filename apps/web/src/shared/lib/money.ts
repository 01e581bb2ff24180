/**
 * The one money format of the app: an amount in cents with its currency, in the display
 * locale, always with 2 decimals: formatPrice(2900, 'usd', 'en-US') → "$29.00",
 * formatPrice(2900, 'usd', 'tr-TR') → "$29,00". Landing page, Subscribe, profile and the admin
 * screens all show prices through it, so a price reads the same on every screen.
 */
export function formatPrice(cents: number, currency: string, locale: string): string {
  if (!Number.isFinite(cents)) return '—';
  const code = currency.toUpperCase();
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(cents / 100);
  } catch {
    // An unknown currency code or locale: still the amount, with the code.
    return `${(cents / 100).toFixed(2)} ${code}`;
  }
}
