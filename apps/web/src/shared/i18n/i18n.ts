// The one i18next instance of the web app. Texts live in en/<namespace>.ts and tr/<namespace>.ts;
// a language's texts are loaded (two chunks a language, bundles/) before the app shows it.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from './languages';
import { NAMESPACES, type Namespace } from './resources';

/** A bundle: its namespaces' modules, keyed by path (`../<language>/<namespace>.ts`). */
export type TextBundle = Record<string, { default: Record<string, unknown> }>;
type BundleLoader = () => Promise<{ default: TextBundle }>;

/**
 * A language's texts come in two chunks (bundles/): the core namespaces, and all the others. The
 * namespaces are small; one request each (23 a language) cost a round trip apiece on a slow
 * connection before a signed-in page could show (Lighthouse, issue 18).
 */
const BUNDLES: Record<Language, Record<'core' | 'tools', BundleLoader>> = {
  en: { core: () => import('./bundles/en-core'), tools: () => import('./bundles/en-tools') },
  tr: { core: () => import('./bundles/tr-core'), tools: () => import('./bundles/tr-tools') },
};

/** The loader of the bundle that holds a namespace's texts in a language. */
export function bundleOf(language: Language, namespace: Namespace): BundleLoader {
  return BUNDLES[language][CORE_NAMESPACES.includes(namespace) ? 'core' : 'tools'];
}

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
  const missing = namespaces.filter((ns) => !i18n.hasResourceBundle(language, ns));
  const loaders = [...new Set(missing.map((ns) => bundleOf(language, ns)))];
  const bundles = await Promise.all(loaders.map(async (load) => (await load()).default));
  for (const ns of missing) {
    const texts = bundles.map((bundle) => bundle[`../${language}/${ns}.ts`]).find(Boolean);
    if (!texts) throw new Error(`No texts for ${language}/${ns}`);
    i18n.addResourceBundle(language, ns, texts.default, true, true);
  }
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
  // that one English namespace is registered (it comes in the English tools chunk).
  if (language !== 'en') await loadTexts('en', ['scanner']);
}
