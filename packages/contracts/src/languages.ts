// The languages of the interface and the mails, and the locale whose formats go with each.
export const LANGUAGES = ['en', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LOCALE_OF: Record<Language, string> = { en: 'en-US', tr: 'tr-TR' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'tr-TR', 'tr' → 'tr'; 'en-GB' → 'en'; a locale of a language we do not have → null. */
export function languageOfLocale(locale: string | null | undefined): Language | null {
  const base = locale?.toLowerCase().split('-')[0];
  return isLanguage(base) ? base : null;
}

/** The first language of an Accept-Language header that we have ("tr-TR,tr;q=0.9,en;q=0.8" → tr). */
export function browserLanguage(header: string | undefined): Language | null {
  for (const part of (header ?? '').split(',')) {
    const found = languageOfLocale(part.split(';')[0]?.trim());
    if (found) return found;
  }
  return null;
}
