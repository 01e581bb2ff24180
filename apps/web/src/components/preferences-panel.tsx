import { useAppStore, type LayoutPreferences } from '../store/app-store';
import { savePreferences } from '../store/preferences';
import { useReplayTutorial } from './tutorial';

const LAYOUT_OPTIONS: { key: keyof LayoutPreferences; label: string }[] = [
  { key: 'sidebarCollapsed', label: 'Collapsed sidebar (icons)' },
  { key: 'darkSidebar', label: 'Dark sidebar' },
  { key: 'darkTopbar', label: 'Dark top bar' },
  { key: 'horizontal', label: 'Horizontal layout' },
];

const LOCALES = ['tr-TR', 'en-US', 'en-GB', 'de-DE'];
const TIME_ZONES = ['Europe/Istanbul', 'America/New_York', 'Europe/London', 'UTC'];

/** Layout variants, date display and the tour replay (part of the profile screen). */
export function PreferencesPanel() {
  const layout = useAppStore((s) => s.layout);
  const display = useAppStore((s) => s.display);
  const replay = useReplayTutorial();
  return (
    <section className="card mt-3" aria-labelledby="prefs-title" data-testid="preferences-panel">
      <div className="card-body">
        <h2 id="prefs-title" className="h6">
          Layout and display
        </h2>
        <fieldset className="mb-3">
          <legend className="form-label small text-muted">Layout</legend>
          {LAYOUT_OPTIONS.map((o) => (
            <div className="form-check form-switch" key={o.key}>
              <input
                className="form-check-input"
                type="checkbox"
                role="switch"
                id={`pref-${o.key}`}
                checked={layout[o.key]}
                onChange={(e) => void savePreferences({ layout: { [o.key]: e.target.checked } })}
              />
              <label className="form-check-label" htmlFor={`pref-${o.key}`}>
                {o.label}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="row g-2 mb-3">
          <div className="col-12 col-sm-6">
            <label className="form-label" htmlFor="pref-locale">
              Date locale
            </label>
            <select
              id="pref-locale"
              className="form-select"
              value={display.locale}
              onChange={(e) => void savePreferences({ display: { locale: e.target.value } })}
            >
              {[...new Set([display.locale, ...LOCALES])].map((l) => (
                <option key={l}>{l}</option>
              ))}
            </select>
          </div>
          <div className="col-12 col-sm-6">
            <label className="form-label" htmlFor="pref-tz">
              Time zone
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
          Replay the tour
        </button>
      </div>
    </section>
  );
}
