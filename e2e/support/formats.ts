/** A fraction as the app shows a signed percentage: two decimals, a sign except on zero, in `locale`. */
export const signedPercent = (locale: string, v: number): string =>
  new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(v);

/** The locale the app formats in for each language of its interface. */
export const LOCALE = { en: 'en-US', tr: 'tr-TR' } as const;
export type Lang = keyof typeof LOCALE;

/** signedPercent in the locale of the interface language `lang`. */
export const signedPercentIn = (lang: Lang, v: number): string => signedPercent(LOCALE[lang], v);
