// The interface follows the store's display locale: its language for the texts, the locale
// itself for numbers and dates, and <html lang> for assistive technology.
import { defaultLanguage, languageOfLocale, LOCALE_OF, type Language } from '../shared/i18n/languages';
import { startI18n, switchLanguage } from '../shared/i18n/i18n';
import { useAppStore } from '../shared/store/app-store';

/** The language the store's locale stands for; a locale we do not speak becomes the default. */
export function currentLanguage(): Language {
  const { display, setDisplay } = useAppStore.getState();
  const language = languageOfLocale(display.locale);
  if (language) return language;
  const fallback = defaultLanguage();
  setDisplay({ locale: LOCALE_OF[fallback] });
  return fallback;
}

function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Loads the current language's texts, then follows every change of the store's locale. */
export async function startLanguageSync(): Promise<() => void> {
  const language = currentLanguage();
  await startI18n(language);
  applyDocumentLanguage(language);
  return useAppStore.subscribe((state, previous) => {
    if (state.display.locale === previous.display.locale) return;
    const next = currentLanguage();
    void switchLanguage(next).then(() => applyDocumentLanguage(next));
  });
}
