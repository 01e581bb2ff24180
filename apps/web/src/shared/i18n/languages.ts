// The interface's languages (shared with the server's mails) and how the one shown is chosen.
import { isLanguage, languageOfLocale, type Language } from '@solstice/contracts';

export { LANGUAGES, LOCALE_OF, isLanguage, languageOfLocale, type Language } from '@solstice/contracts';

/** The language's own name, shown in the chooser in that language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', tr: 'Türkçe' };

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
