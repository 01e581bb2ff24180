import { useTranslation } from 'react-i18next';
import { Field } from './fields';
import { YEAR_SET_CYCLES, cyclesOf, toggleCycle, type YearSetValues } from './year-sets';

/**
 * The year-set controls of a seasonality form (cycle phases, odd or even years, excluded
 * years), the same on every screen. `onChange` gets the changed fields.
 */
export function YearSetFields({
  idPrefix,
  values,
  onChange,
  errors = {},
}: {
  idPrefix: string;
  values: Partial<YearSetValues>;
  onChange: (patch: Partial<YearSetValues>) => void;
  errors?: Record<string, string>;
}) {
  const { t } = useTranslation('evidence');
  const picked = cyclesOf(values.cycle);
  const parityId = `${idPrefix}-parity`;
  const excludeId = `${idPrefix}-exclude`;
  return (
    <>
      <fieldset className="col-12 col-lg-auto" data-testid={`${idPrefix}-cycle`}>
        <legend className="form-label small mb-1">{t('yearSet.cycle')}</legend>
        <div className="d-flex flex-wrap gap-2">
          {YEAR_SET_CYCLES.map((cycle) => (
            <div key={cycle} className="form-check form-check-inline me-0">
              <input
                id={`${idPrefix}-cycle-${cycle}`}
                type="checkbox"
                className="form-check-input"
                checked={picked.includes(cycle)}
                onChange={(e) => onChange({ cycle: toggleCycle(values.cycle, cycle, e.target.checked) })}
              />
              <label htmlFor={`${idPrefix}-cycle-${cycle}`} className="form-check-label small">
                {t(`yearSet.cycles.${cycle}`)}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <Field id={parityId} label={t('yearSet.parity')}>
        <select
          id={parityId}
          className="form-select form-select-sm"
          value={values.parity ?? ''}
          onChange={(e) => onChange({ parity: e.target.value })}
        >
          <option value="">{t('yearSet.parities.all')}</option>
          <option value="odd">{t('yearSet.parities.odd')}</option>
          <option value="even">{t('yearSet.parities.even')}</option>
        </select>
      </Field>
      <Field id={excludeId} label={t('yearSet.exclude')} error={errors.exclude}>
        <input
          id={excludeId}
          className={`form-control form-control-sm${errors.exclude ? ' is-invalid' : ''}`}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('yearSet.excludePlaceholder')}
          aria-invalid={errors.exclude ? true : undefined}
          aria-describedby={errors.exclude ? `${excludeId}-error` : undefined}
          value={values.exclude ?? ''}
          onChange={(e) => onChange({ exclude: e.target.value })}
        />
      </Field>
    </>
  );
}
