// The scanner's result views, as Finviz has them: the fields the expression names, an
// overview (price, change, volume, performance), a technical view and custom columns of
// any field. Each view asks the API for its columns; every column sorts.
import { useId } from 'react';

export const VIEWS = ['expression', 'overview', 'technical', 'custom'] as const;
export type ScanView = (typeof VIEWS)[number];

export const VIEW_LABELS: Record<ScanView, string> = {
  expression: 'Filters',
  overview: 'Overview',
  technical: 'Technical',
  custom: 'Custom',
};

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

/** What a field's column is called (a field without a name here shows its own). */
export const FIELD_LABELS: Record<string, string> = {
  close: 'Price',
  change1d: 'Change',
  volume: 'Volume',
  avgVolume20: 'Avg. volume',
  w1: 'Perf 1W',
  m1: 'Perf 1M',
  m3: 'Perf 3M',
  m6: 'Perf 6M',
  ytd: 'Perf YTD',
  y1: 'Perf 1Y',
  rsi14: 'RSI(14)',
  sma20: 'SMA 20',
  sma50: 'SMA 50',
  sma200: 'SMA 200',
  pctFromSma20: 'From SMA 20',
  pctFromSma50: 'From SMA 50',
  pctFromSma200: 'From SMA 200',
  pctFromHigh52w: 'From 52W high',
  pctFromLow52w: 'From 52W low',
  atr14: 'ATR(14)',
  volatility20: 'Volatility',
  relVolume: 'Rel. volume',
  marketCap: 'Market cap',
  high52w: '52W high',
  low52w: '52W low',
};

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
  return [...own, ...rowFields.filter((k) => !own.includes(k))];
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
  const id = useId();
  const numeric = fields.filter((f) => f.kind === 'number' && f.available !== false);
  const toggle = (name: string) =>
    onChange('custom', custom.includes(name) ? custom.filter((c) => c !== name) : [...custom, name]);
  return (
    <div className="mb-2">
      <div className="btn-group btn-group-sm flex-wrap" role="group" aria-label="Result view">
        {VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            className={`btn ${v === view ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={v === view}
            onClick={() => onChange(v, custom)}
          >
            {VIEW_LABELS[v]}
          </button>
        ))}
      </div>
      {view === 'custom' ? (
        <fieldset className="mt-2" aria-describedby={`${id}-hint`}>
          <legend className="small fw-semibold mb-1">Columns</legend>
          <p id={`${id}-hint`} className="small text-muted mb-1">
            Any field; the expression’s own fields are always shown.
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
                  {FIELD_LABELS[f.name] ?? f.name}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
