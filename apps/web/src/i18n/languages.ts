// The interface's languages and how the one shown is chosen.
export const LANGUAGES = ['en', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The locale whose formats (numbers, dates, month names) go with each language. */
export const LOCALE_OF: Record<Language, string> = { en: 'en-US', tr: 'tr-TR' };

/** The language's own name, shown in the chooser in that language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', tr: 'Türkçe' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'tr-TR', 'tr' → 'tr'; 'en-GB' → 'en'; anything else → null. */
export function languageOfLocale(locale: string | null | undefined): Language | null {
  const base = locale?.toLowerCase().split('-')[0];
  return isLanguage(base) ? base : null;
}

/** The operator's defaults, written by the server into index.html (`<meta name="solstice-…">`). */
export function operatorDefaults(doc: Document | undefined = globalThis.document): {
  language: Language | null;
  timeZone: string | null;
} {
  const read = (name: string) => doc?.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
  const language = read('solstice-default-language');
  return { language: isLanguage(language) ? language : null, timeZone: read('solstice-default-time-zone') || null };
}

/**
 * The language for a visitor who has not chosen one: the browser's first language we have,
 * else the operator's default, else English.
 */
export function defaultLanguage(
  browserLanguages: readonly string[] = globalThis.navigator?.languages ?? [],
  operator: Language | null = operatorDefaults().language,
): Language {
  for (const l of browserLanguages) {
    const found = languageOfLocale(l);
    if (found) return found;
  }
  return operator ?? 'en';
}
