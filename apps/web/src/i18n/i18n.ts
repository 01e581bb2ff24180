// The one i18next instance of the web app. Texts live in en/<namespace>.ts and tr/<namespace>.ts;
// a language's texts are loaded (one chunk per file) before the app shows it.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from './languages';
import { NAMESPACES, type Namespace } from './resources';

type Loader = () => Promise<{ default: Record<string, unknown> }>;
const loaders = import.meta.glob<{ default: Record<string, unknown> }>(['./en/*.ts', './tr/*.ts']) as Record<
  string,
  Loader
>;

export const i18n: I18n = i18next.createInstance();

/** A key missing from a language's texts is a bug: reported as an error (tests and e2e fail on it). */
function reportMissing(languages: readonly string[], namespace: string, key: string): void {
  console.error(`Missing translation: ${namespace}:${key} (${languages.join(', ')})`);
}

/**
 * What the landing page and its dialogs need: loaded before the first render. The tools' texts
 * (the other namespaces) load with the first signed-in page (`loadAllTexts`), so a visitor's
 * first load stays within the JavaScript budget (e2e/shell-budget).
 */
export const CORE_NAMESPACES: readonly Namespace[] = ['common', 'shell', 'auth', 'landing', 'a11y', 'notifications'];

let allWanted = false;

async function loadTexts(
  language: Language,
  namespaces: readonly Namespace[] = allWanted ? NAMESPACES : CORE_NAMESPACES,
): Promise<void> {
  await Promise.all(
    namespaces.map(async (ns) => {
      if (i18n.hasResourceBundle(language, ns)) return;
      const load = loaders[`./${language}/${ns}.ts`];
      if (!load) throw new Error(`No texts for ${language}/${ns}`);
      const texts = (await load()).default;
      i18n.addResourceBundle(language, ns, texts, true, true);
    }),
  );
}

/** Starts i18next in a language, its texts loaded. Call once before the first render. */
export async function startI18n(language: Language): Promise<I18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      fallbackLng: false,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      saveMissing: true,
      missingKeyHandler: reportMissing,
      react: { useSuspense: false },
    });
  }
  await loadTexts(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  return i18n;
}

/** Switches the interface to a language, loading its texts first (no flash of missing keys). */
export async function switchLanguage(language: Language): Promise<void> {
  await loadTexts(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** Every namespace of the current language (the signed-in screens): once, before such a page shows. */
export async function loadAllTexts(): Promise<void> {
  allWanted = true;
  const language = i18n.language;
  if (language && (LANGUAGES as readonly string[]).includes(language))
    await loadTexts(language as Language, NAMESPACES);
  // The scanner's CSV names its columns in English whatever the language (fieldLabel's lng):
  // that one English namespace, not all of them.
  if (language !== 'en') await loadTexts('en', ['scanner']);
}
