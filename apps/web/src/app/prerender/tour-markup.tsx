import { renderToStaticMarkup } from 'react-dom/server';
import type { Language } from '../../shared/i18n/languages';
import { TUTORIAL_STEP_IDS } from '../../shared/components/tutorial-steps';
import enShell from '../../shared/i18n/en/shell';
import trShell from '../../shared/i18n/tr/shell';
import enA11y from '../../shared/i18n/en/a11y';
import trA11y from '../../shared/i18n/tr/a11y';
import { TOUR_PRERENDER_ID } from '../../shared/prerender-id';
import { inEveryLanguage, prerenderTexts } from './prerender-texts';

const TEXTS: Record<Language, { shell: Record<string, unknown>; a11y: Record<string, unknown> }> = {
  en: { shell: enShell, a11y: enA11y },
  tr: { shell: trShell, a11y: trA11y },
};

const TITLE_ID = `${TOUR_PRERENDER_ID}-title`;

/**
 * The first-run tour's first step as the server sends it, in one language, to an account that
 * has not seen the tour (Lighthouse's LCP on /dashboard, issue 18): the dialog the app's
 * Tutorial draws (shared/components/tutorial.tsx, without its fade), its buttons disabled until the
 * app takes over.
 */
export async function tourMarkup(language: Language): Promise<string> {
  const i18n = await prerenderTexts(language, TEXTS[language]);
  const t = i18n.getFixedT(language, 'shell');
  const first = TUTORIAL_STEP_IDS[0];
  const body = renderToStaticMarkup(
    <>
      <div className="modal-backdrop show" />
      <div
        role="dialog"
        aria-modal="true"
        style={{ display: 'block' }}
        className="modal show"
        tabIndex={-1}
        aria-labelledby={TITLE_ID}
      >
        <div className="modal-dialog modal-dialog-centered">
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="h5 modal-title" id={TITLE_ID}>
                {t(`tutorial.steps.${first}.title`)}
              </h2>
              <button type="button" className="btn-close" aria-label={i18n.t('a11y:modal.close')} disabled />
            </div>
            <div className="modal-body">
              <p className="mb-0">{t(`tutorial.steps.${first}.body`)}</p>
            </div>
            <div className="modal-footer">
              <span className="me-auto small text-muted">
                {t('tutorial.counter', { step: 1, total: TUTORIAL_STEP_IDS.length })}
              </span>
              <button type="button" className="btn btn-primary btn-sm" disabled>
                {t('tutorial.next')}
              </button>
            </div>
          </div>
        </div>
      </div>
    </>,
  );
  return `<div id="${TOUR_PRERENDER_ID}">${body}</div>`;
}

/** Every language's markup, keyed by language. */
export const allTourMarkup = (): Promise<Record<Language, string>> => inEveryLanguage(tourMarkup);
