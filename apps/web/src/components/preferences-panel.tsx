import { useTranslation } from 'react-i18next';
import { useAppStore, type LayoutPreferences } from '../store/app-store';
import { savePreferences } from '../store/preferences';
import { LANGUAGE_NAMES, LANGUAGES, LOCALE_OF, languageOfLocale } from '../i18n/languages';
import { useReplayTutorial } from './tutorial';

const LAYOUT_KEYS: (keyof LayoutPreferences)[] = ['sidebarCollapsed', 'darkSidebar', 'darkTopbar', 'horizontal'];

const TIME_ZONES = ['Europe/Istanbul', 'America/New_York', 'Europe/London', 'UTC'];

/** Layout variants, language, time zone and the tour replay (part of the profile screen). */
export function PreferencesPanel() {
  const { t } = useTranslation('shell');
  const layout = useAppStore((s) => s.layout);
  const display = useAppStore((s) => s.display);
  const replay = useReplayTutorial();
  const language = languageOfLocale(display.locale) ?? 'en';
  return (
    <section className="card mt-3" aria-labelledby="prefs-title" data-testid="preferences-panel">
      <div className="card-body">
        <h2 id="prefs-title" className="h6">
          {t('preferences.title')}
        </h2>
        <fieldset className="mb-3">
          <legend className="form-label small text-muted">{t('preferences.layout')}</legend>
          {LAYOUT_KEYS.map((key) => (
            <div className="form-check form-switch" key={key}>
              <input
                className="form-check-input"
                type="checkbox"
                role="switch"
                id={`pref-${key}`}
                checked={layout[key]}
                onChange={(e) => void savePreferences({ layout: { [key]: e.target.checked } })}
              />
              <label className="form-check-label" htmlFor={`pref-${key}`}>
                {t(`preferences.layouts.${key}`)}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="row g-2 mb-3">
          <div className="col-12 col-sm-6">
            <label className="form-label" htmlFor="pref-language">
              {t('preferences.language')}
            </label>
            <select
              id="pref-language"
              className="form-select"
              value={language}
              onChange={(e) =>
                void savePreferences({ display: { locale: LOCALE_OF[e.target.value as keyof typeof LOCALE_OF] } })
              }
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
            <div className="form-text">{t('preferences.languageHelp')}</div>
          </div>
          <div className="col-12 col-sm-6">
            <label className="form-label" htmlFor="pref-tz">
              {t('preferences.timeZone')}
            </label>
            <select
              id="pref-tz"
              className="form-select"
              value={display.timeZone}
              onChange={(e) => void savePreferences({ display: { timeZone: e.target.value } })}
            >
              {[...new Set([display.timeZone, ...TIME_ZONES])].map((z) => (
                <option key={z}>{z}</option>
              ))}
            </select>
          </div>
        </div>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={replay}>
          {t('preferences.replayTour')}
        </button>
      </div>
    </section>
  );
}
