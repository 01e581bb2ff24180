/** A fraction as the app shows a signed percentage: two decimals, a sign except on zero, in `locale`. */
export const signedPercent = (locale: string, v: number): string =>
  new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(v);
