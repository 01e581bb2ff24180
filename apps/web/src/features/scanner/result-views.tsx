// The scanner's result views, as Finviz has them: the fields the expression names, an
// overview (price, change, volume, performance), a technical view and custom columns of
// any field. Each view asks the API for its columns; every column sorts.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { SeasonFieldStat } from '@solstice/contracts';
import { DISTANCE_FIELDS, RETURN_FIELDS } from './expression-chips';
import { ChoiceButtons } from '../../shared/ui/choice-buttons';

export const VIEWS = ['expression', 'overview', 'technical', 'custom'] as const;
export type ScanView = (typeof VIEWS)[number];

const FIXED: Record<'overview' | 'technical', readonly string[]> = {
  overview: ['close', 'change1d', 'volume', 'avgVolume20', 'w1', 'm1', 'm3', 'ytd', 'y1'],
  technical: [
    'close',
    'rsi14',
    'sma50',
    'sma200',
    'pctFromSma50',
    'pctFromSma200',
    'pctFromHigh52w',
    'atr14',
    'volatility20',
    'relVolume',
  ],
};

/** The fields with a column name of their own (scanner:fields.*); any other shows its own name. */
const LABELED_FIELDS = [
  'price',
  'close',
  'change1d',
  'volume',
  'avgVolume20',
  ...RETURN_FIELDS,
  'rsi14',
  'sma20',
  'sma50',
  'sma200',
  ...DISTANCE_FIELDS,
  'atr14',
  'volatility20',
  'relVolume',
  'marketCap',
  'high52w',
  'low52w',
  'open',
  'high',
  'low',
  'gap',
  'ema20',
  'ema50',
  'macd',
  'macdSignal',
  'macdHist',
  'bbUpper',
  'bbMiddle',
  'bbLower',
  'assetClass',
] as const;
type LabeledField = (typeof LABELED_FIELDS)[number];
const isLabeled = (key: string): key is LabeledField => (LABELED_FIELDS as readonly string[]).includes(key);

/** season<L>.<stat>: the seasonal statistics as of the bar (expression-chips.ts). */
const SEASON_FIELD = /^season(\d+)\.(winRate|mean|median|count|pValue)$/;

/**
 * What a field's column is called, in the interface's language or in `lng` (the CSV's headers
 * stay English); a field without a name here shows its own.
 */
export function fieldLabel(t: TFunction<'scanner'>, key: string, lng?: string): string {
  const options = lng ? { lng } : {};
  if (isLabeled(key)) return t(`fields.${key}`, options);
  const season = SEASON_FIELD.exec(key);
  if (season) {
    const stat = season[2] as SeasonFieldStat;
    return t('season.label', { ...options, length: season[1], stat: t(`season.stats.${stat}`, options) });
  }
  return key;
}

export function isView(value: string | undefined): value is ScanView {
  return (VIEWS as readonly string[]).includes(value ?? '');
}

/** The custom columns kept in the URL: comma-separated field names. */
export function parseColumns(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
}

/** The columns a view asks the API for (the expression's own fields always come too). */
export function viewColumns(view: ScanView, custom: readonly string[]): string[] {
  if (view === 'overview' || view === 'technical') return [...FIXED[view]];
  if (view === 'custom') return [...custom];
  return [];
}

/**
 * The column order of a view's rows: its own columns first, then the expression's fields
 * it lacks; the filters view keeps the rows' order. Text fields stay out (symbol, name and
 * sector have their own columns).
 */
export function orderColumns(view: ScanView, custom: readonly string[], rowFields: readonly string[]): string[] {
  const own = viewColumns(view, custom).filter((c) => rowFields.includes(c));
  const all = [...own, ...rowFields.filter((k) => !own.includes(k))];
  // `price` is the close under another name: one "Price" column for both
  return all.includes('close') ? all.filter((k) => k !== 'price') : all;
}

/** The view buttons, and with "Custom" the fields to show. */
export function ViewPicker({
  view,
  custom,
  fields,
  onChange,
}: {
  view: ScanView;
  custom: readonly string[];
  fields: readonly { name: string; kind: string; available?: boolean }[];
  onChange: (view: ScanView, custom: readonly string[]) => void;
}) {
  const { t } = useTranslation('scanner');
  const id = useId();
  // `price` is `close` by another name: the chooser offers it once
  const numeric = fields.filter((f) => f.kind === 'number' && f.available !== false && f.name !== 'price');
  const toggle = (name: string) =>
    onChange('custom', custom.includes(name) ? custom.filter((c) => c !== name) : [...custom, name]);
  return (
    <div className="mb-2">
      <ChoiceButtons
        label={t('views.label')}
        className="flex-wrap"
        choices={VIEWS}
        value={view}
        onChoose={(v) => onChange(v, custom)}
        text={(v) => t(`views.${v}`)}
      />
      {view === 'custom' ? (
        <fieldset className="mt-2" aria-describedby={`${id}-hint`}>
          <legend className="small fw-semibold mb-1">{t('views.columns')}</legend>
          <p id={`${id}-hint`} className="small text-muted mb-1">
            {t('views.columnsHint')}
          </p>
          <div className="d-flex flex-wrap gap-2">
            {numeric.map((f) => (
              <div key={f.name} className="form-check form-check-inline small me-0">
                <input
                  id={`${id}-${f.name}`}
                  type="checkbox"
                  className="form-check-input"
                  checked={custom.includes(f.name)}
                  onChange={() => toggle(f.name)}
                />
                <label className="form-check-label" htmlFor={`${id}-${f.name}`}>
                  {fieldLabel(t, f.name)}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
