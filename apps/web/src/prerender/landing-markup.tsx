import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { LANGUAGES, type Language } from '../i18n/languages';
import { LandingView, PricingPlaceholder } from '../pages/landing-view';
import en from '../i18n/en/landing';
import tr from '../i18n/tr/landing';
import { PRERENDER_ID } from './prerender-id';

const TEXTS: Record<Language, Record<string, unknown>> = { en, tr };

/**
 * The landing page as the server sends it to a visitor, in one language: the same component
 * the app renders, its buttons disabled until the app takes over.
 */
export async function landingMarkup(language: Language): Promise<string> {
  const i18n = i18next.createInstance();
  // Through the provider only: initReactI18next would make this instance every component's default.
  await i18n.init({
    lng: language,
    fallbackLng: false,
    ns: ['landing'],
    defaultNS: 'landing',
    resources: { [language]: { landing: TEXTS[language] } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const body = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <LandingView pricing={<PricingPlaceholder />} />
    </I18nextProvider>,
  );
  return `<div id="${PRERENDER_ID}">${body}</div>`;
}

/** Every language's markup, keyed by language. */
export async function allLandingMarkup(): Promise<Record<Language, string>> {
  const entries = await Promise.all(LANGUAGES.map(async (l) => [l, await landingMarkup(l)] as const));
  return Object.fromEntries(entries) as Record<Language, string>;
}
