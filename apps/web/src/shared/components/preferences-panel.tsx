import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore, type LayoutPreferences } from '../store/app-store';
import { savePreferences } from '../lib/preferences';
import { LANGUAGE_NAMES, LANGUAGES, LOCALE_OF, languageOfLocale } from '../i18n/languages';
import { CardSection } from '../card-section';
import { CheckField } from '../check-field';
import { useReplayTutorial } from './tutorial';

const LAYOUT_KEYS: (keyof LayoutPreferences)[] = ['sidebarCollapsed', 'darkSidebar', 'darkTopbar', 'horizontal'];

const TIME_ZONES = ['Europe/Istanbul', 'America/New_York', 'Europe/London', 'UTC'];

/** A half-width labelled select of the panel, with an optional help line. */
function PreferenceSelect({
  id,
  label,
  help,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  help?: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="col-12 col-sm-6">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="form-select" value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
      {help ? <div className="form-text">{help}</div> : null}
    </div>
  );
}

/** Layout variants, language, time zone and the tour replay (part of the profile screen). */
export function PreferencesPanel() {
  const { t } = useTranslation('shell');
  const layout = useAppStore((s) => s.layout);
  const display = useAppStore((s) => s.display);
  const replay = useReplayTutorial();
  const language = languageOfLocale(display.locale) ?? 'en';
  return (
    <CardSection id="prefs" title={t('preferences.title')} className="card mt-3" testId="preferences-panel">
      <fieldset className="mb-3">
        <legend className="form-label small text-muted">{t('preferences.layout')}</legend>
        {LAYOUT_KEYS.map((key) => (
          <CheckField
            key={key}
            id={`pref-${key}`}
            asSwitch
            label={t(`preferences.layouts.${key}`)}
            checked={layout[key]}
            onChange={(on) => void savePreferences({ layout: { [key]: on } })}
          />
        ))}
      </fieldset>
      <div className="row g-2 mb-3">
        <PreferenceSelect
          id="pref-language"
          label={t('preferences.language')}
          help={t('preferences.languageHelp')}
          value={language}
          onChange={(l) => void savePreferences({ display: { locale: LOCALE_OF[l as keyof typeof LOCALE_OF] } })}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </PreferenceSelect>
        <PreferenceSelect
          id="pref-tz"
          label={t('preferences.timeZone')}
          value={display.timeZone}
          onChange={(timeZone) => void savePreferences({ display: { timeZone } })}
        >
          {[...new Set([display.timeZone, ...TIME_ZONES])].map((z) => (
            <option key={z}>{z}</option>
          ))}
        </PreferenceSelect>
      </div>
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={replay}>
        {t('preferences.replayTour')}
      </button>
    </CardSection>
  );
}
