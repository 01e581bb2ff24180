import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '../../shared/i18n/languages';
import { LandingView, PricingPlaceholder } from '../../features/landing/landing-view';
import en from '../../shared/i18n/en/landing';
import tr from '../../shared/i18n/tr/landing';
import { PRERENDER_ID } from '../../shared/prerender-id';
import { inEveryLanguage, prerenderTexts } from './prerender-texts';

const TEXTS: Record<Language, Record<string, unknown>> = { en, tr };

/**
 * The landing page as the server sends it to a visitor, in one language: the same component
 * the app renders, its buttons disabled until the app takes over.
 */
export async function landingMarkup(language: Language): Promise<string> {
  const i18n = await prerenderTexts(language, { landing: TEXTS[language] }, 'landing');
  const body = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <LandingView pricing={<PricingPlaceholder />} />
    </I18nextProvider>,
  );
  return `<div id="${PRERENDER_ID}">${body}</div>`;
}

/** Every language's markup, keyed by language. */
export const allLandingMarkup = (): Promise<Record<Language, string>> => inEveryLanguage(landingMarkup);
