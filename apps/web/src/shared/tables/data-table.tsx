import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../format';
import { downloadCsv, toCsv } from './csv';

/** A raw value for the CSV: numbers at full precision, dates as ISO 8601 text. */
export type CsvValue = string | number | boolean | null | undefined;

export interface Column<T> {
  key: string;
  label: ReactNode;
  /** Header text in the CSV (defaults to the label when it is a string). */
  csvLabel?: string;
  /**
   * The raw value in the CSV, whatever the display language (a spreadsheet reads it as a
   * number or a date); without it the CSV holds `text`. Formatted numbers and dates need one.
   */
  csvValue?: (row: T) => CsvValue;
  /** The unit of `csvValue`, added to the CSV header: "Mean (fraction)", "Price (USD)". */
  unit?: string;
  /** The value sorted on; null/undefined sort last. */
  sortValue?: (row: T) => number | string | null | undefined;
  /** The text shown (and exported when there is no `csvValue`). */
  text: (row: T) => string;
  /** Optional richer cell; the CSV still holds `text`. */
  render?: (row: T) => ReactNode;
  align?: 'start' | 'end';
  className?: (row: T) => string | undefined;
  style?: (row: T) => CSSProperties | undefined;
  /** false for action columns (buttons, links) that hold no data. */
  csv?: false;
}

export interface SortState {
  key: string;
  desc: boolean;
}

function compare(a: number | string | null | undefined, b: number | string | null | undefined): number {
  const an = a === null || a === undefined || (typeof a === 'number' && Number.isNaN(a));
  const bn = b === null || b === undefined || (typeof b === 'number' && Number.isNaN(b));
  if (an || bn) return an === bn ? 0 : an ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** A CSV cell of a raw value: full-precision numbers with a '.' in any locale, '' for none. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return String(value);
}

/** The CSV header and rows of a table: raw values, units in the headers. */
export function csvTable<T>(columns: readonly Column<T>[], rows: readonly T[]): { header: string[]; body: string[][] } {
  const exported = columns.filter((c) => c.csv !== false);
  const header = exported.map((c) => {
    const name = c.csvLabel ?? (typeof c.label === 'string' ? c.label : c.key);
    return c.unit ? `${name} (${c.unit})` : name;
  });
  const body = rows.map((r) => exported.map((c) => (c.csvValue ? csvCell(c.csvValue(r)) : c.text(r))));
  return { header, body };
}

export interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T, index: number) => string;
  caption: string;
  filename: string;
  pageSize?: number;
  initialSort?: SortState;
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  testId?: string;
}

/**
 * A sortable, paginated table whose "Export CSV" writes the rows and columns on screen, in
 * their order, with raw values (see Column.csvValue) so that a spreadsheet can compute on them.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  caption,
  filename,
  pageSize = 25,
  initialSort,
  sort: controlledSort,
  onSortChange,
  testId,
}: DataTableProps<T>) {
  const { t } = useTranslation('common');
  const f = useFormatters();
  const formatCount = (n: number) => f.number(n, 0);
  const [localSort, setLocalSort] = useState<SortState | null>(initialSort ?? null);
  const sort = controlledSort !== undefined ? controlledSort : localSort;
  const [page, setPage] = useState(0);
  const sorted = useMemo(() => {
    const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
    if (!sort || !column) return rows;
    const get = column.sortValue ?? column.text;
    const out = [...rows];
    out.sort((a, b) => {
      const c = compare(get(a), get(b));
      // nulls stay last in both directions
      const va = get(a);
      const vb = get(b);
      if (va === null || va === undefined || vb === null || vb === undefined) return c;
      return sort.desc ? -c : c;
    });
    return out;
  }, [rows, columns, sort]);
  const pages = Math.max(1, Math.ceil(sorted.length / pageSize));
  const current = Math.min(page, pages - 1);
  const shown = sorted.slice(current * pageSize, current * pageSize + pageSize);

  const toggle = (key: string) => {
    const next: SortState = sort && sort.key === key ? { key, desc: !sort.desc } : { key, desc: true };
    setLocalSort(next);
    onSortChange?.(next);
    setPage(0);
  };

  const exportCsv = () => {
    const { header, body } = csvTable(columns, shown);
    downloadCsv(filename, toCsv(header, body));
  };

  return (
    <div className="data-table" data-testid={testId}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <span className="text-muted small" aria-live="polite">
          {sorted.length === 0
            ? t('table.noRows')
            : t('table.rows', {
                from: formatCount(current * pageSize + 1),
                to: formatCount(current * pageSize + shown.length),
                total: formatCount(sorted.length),
              })}
        </span>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary ms-auto"
          onClick={exportCsv}
          disabled={shown.length === 0}
        >
          {t('table.exportCsv')}
        </button>
      </div>
      <div className="table-responsive position-relative">
        <table className="table table-sm table-hover align-middle mb-2">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => {
                const active = sort?.key === c.key;
                // A column without a header (a row's buttons or links) is not sorted on and
                // is named for assistive technology only.
                if (c.label === '' || c.label === null || c.label === undefined) {
                  return (
                    <th key={c.key} scope="col" className={c.align === 'end' ? 'text-end' : undefined}>
                      <ActionsHeader />
                    </th>
                  );
                }
                return (
                  <th
                    key={c.key}
                    scope="col"
                    className={c.align === 'end' ? 'text-end' : undefined}
                    aria-sort={active ? (sort?.desc ? 'descending' : 'ascending') : 'none'}
                  >
                    <button
                      type="button"
                      className="btn btn-link btn-sm p-0 text-reset fw-semibold text-decoration-none"
                      onClick={() => toggle(c.key)}
                    >
                      {c.label}
                      <span aria-hidden="true">{active ? (sort?.desc ? DOWN : UP) : ''}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, i) => (
              <tr key={rowKey(row, current * pageSize + i)}>
                {columns.map((c) => (
                  <td
                    key={c.key}
                    style={c.style?.(row)}
                    className={
                      [c.align === 'end' ? 'text-end' : '', c.className?.(row) ?? ''].join(' ').trim() || undefined
                    }
                  >
                    {c.render ? c.render(row) : c.text(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label={t('table.pages', { caption })} className="d-flex align-items-center gap-2">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => setPage(current - 1)}
            disabled={current === 0}
          >
            {t('table.previous')}
          </button>
          <span className="small">
            {t('table.page', { page: formatCount(current + 1), pages: formatCount(pages) })}
          </span>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => setPage(current + 1)}
            disabled={current >= pages - 1}
          >
            {t('table.next')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}

const UP = ' ▲';
const DOWN = ' ▼';

/** The name of a column of row actions, for assistive technology only. */
function ActionsHeader() {
  const { t } = useTranslation('a11y');
  return <span className="visually-hidden">{t('table.actions')}</span>;
}

/** Bootstrap text colour of a signed number. */
export function signClass(v: number | null | undefined): string | undefined {
  if (typeof v !== 'number' || v === 0 || Number.isNaN(v)) return undefined;
  return v > 0 ? 'text-success' : 'text-danger';
}
