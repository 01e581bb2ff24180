import i18next, { type i18n as I18n } from 'i18next';
import { LANGUAGES, type Language } from '../../shared/i18n/languages';

/**
 * An i18next instance of its own holding the given namespaces' texts in one language, for
 * markup rendered at build time. Used directly or through a provider only: initReactI18next
 * would make it every component's default.
 */
export async function prerenderTexts(
  language: Language,
  namespaces: Record<string, Record<string, unknown>>,
  defaultNS?: string,
): Promise<I18n> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: false,
    ns: Object.keys(namespaces),
    ...(defaultNS ? { defaultNS } : {}),
    resources: { [language]: namespaces },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

/** A markup in every language, keyed by language. */
export async function inEveryLanguage(
  markupOf: (language: Language) => Promise<string>,
): Promise<Record<Language, string>> {
  const entries = await Promise.all(LANGUAGES.map(async (l) => [l, await markupOf(l)] as const));
  return Object.fromEntries(entries) as Record<Language, string>;
}
