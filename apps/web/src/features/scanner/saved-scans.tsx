import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HiddenLabelInput } from '../../shared/hidden-label-input';

export interface SavedScan {
  name: string;
  expression: string;
  sort?: string;
  desc?: boolean;
}

/** The saved scans: run one, delete one, or save the current expression under a name. */
export function SavedScans({
  scans,
  current,
  onRun,
  onChange,
}: {
  scans: SavedScan[];
  current: string;
  onRun: (s: SavedScan) => void;
  onChange: (next: SavedScan[]) => void;
}) {
  const { t } = useTranslation('scanner');
  const [name, setName] = useState('');
  return (
    <section className="mb-3" aria-labelledby="saved-scans-title">
      <h2 className="h6" id="saved-scans-title">
        {t('saved.title')}
      </h2>
      <div className="d-flex flex-wrap gap-1 align-items-center">
        {scans.length === 0 ? <span className="text-muted small">{t('saved.none')}</span> : null}
        {scans.map((s, i) => (
          <span key={`${s.name}-${i}`} className="btn-group btn-group-sm">
            <button type="button" className="btn btn-outline-dark" title={s.expression} onClick={() => onRun(s)}>
              {s.name}
            </button>
            <button
              type="button"
              className="btn btn-outline-dark"
              aria-label={t('saved.delete', { name: s.name })}
              onClick={() => onChange(scans.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </span>
        ))}
        <form
          className="d-inline-flex gap-1 ms-md-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!name.trim() || !current) return;
            onChange([...scans.filter((s) => s.name !== name.trim()), { name: name.trim(), expression: current }]);
            setName('');
          }}
        >
          <HiddenLabelInput
            id="saved-scan-name"
            label={t('saved.nameLabel')}
            style={{ width: '10rem' }}
            placeholder={t('saved.namePlaceholder')}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="btn btn-sm btn-outline-primary" disabled={!name.trim() || !current}>
            {t('saved.save')}
          </button>
        </form>
      </div>
    </section>
  );
}
