import { useTranslation } from 'react-i18next';
import { LabelledInput } from '../../shared/select-field';

/**
 * The date a scan runs as of: a native date field (typed or picked, keyboard included), empty
 * for the latest session, and a button back to the latest. The scan itself runs at the
 * session on or before the date that most symbols reach, which the result header names.
 */
export function AsOfPicker({ value, onChange }: { value: string; onChange: (date: string) => void }) {
  const { t } = useTranslation('scanner');
  return (
    <div className="d-flex flex-wrap align-items-center gap-1" data-testid="scan-as-of-picker">
      <LabelledInput
        id="scan-as-of"
        label={t('asOf.label')}
        labelClassName="small mb-0"
        type="date"
        className="form-control form-control-sm"
        style={{ width: '10.5rem' }}
        value={value}
        onChange={onChange}
        aria-describedby="scan-as-of-hint"
      />
      {value ? (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-label={t('asOf.clearLabel')}
          onClick={() => onChange('')}
        >
          {t('asOf.clear')}
        </button>
      ) : null}
      <span id="scan-as-of-hint" className="small text-muted">
        {value ? t('asOf.hintDate') : t('asOf.hint')}
      </span>
    </div>
  );
}
