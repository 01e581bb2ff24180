// Column builders for DataTable: the columns many tables share (a symbol, a name, a change,
// a count, a date), each written once. Labels are read when the builder is called, so in the
// current language; CSV headers stay English.
import type { ReactNode } from 'react';
import type { Formatters } from '../format';
import { i18n } from '../i18n/i18n';
import { AddToWatchlistButton, SymbolLink } from '../ui/symbol-link';
import { signClass, type Column } from './data-table';

type Value = number | null | undefined;

/** The symbol, linked to its details; sorted on the symbol. */
export function symbolColumn<T extends { symbol: string }>(
  label: ReactNode = i18n.t('common:table.symbol'),
): Column<T> {
  return {
    key: 'symbol',
    label,
    csvLabel: 'Symbol',
    sortValue: (r) => r.symbol,
    text: (r) => r.symbol,
    render: (r) => <SymbolLink symbol={r.symbol} />,
  };
}

/** The side of a window, long or short, in the interface's language; "Long" or "Short" in the CSV. */
export function directionColumn<T extends { direction: 'long' | 'short' }>(label: ReactNode): Column<T> {
  return {
    key: 'direction',
    label,
    csvLabel: 'Side',
    sortValue: (r) => r.direction,
    text: (r) => (r.direction === 'short' ? i18n.t('common:direction.short') : i18n.t('common:direction.long')),
    csvValue: (r) => (r.direction === 'short' ? 'Short' : 'Long'),
  };
}

/** The instrument's name; sorted on it. */
export function nameColumn<T extends { name: string }>(label: ReactNode = i18n.t('common:table.name')): Column<T> {
  return { key: 'name', label, csvLabel: 'Name', sortValue: (r) => r.name, text: (r) => r.name };
}

/** The "add to watchlist" button of a row (no header, not in the CSV). */
export function addToWatchlistColumn<T extends { symbol: string; name?: string | null }>(): Column<T> {
  return actionColumn('add', '', (r) => <AddToWatchlistButton symbol={r.symbol} description={r.name} />);
}

/** A column of buttons or links: no data, so not in the CSV. */
export function actionColumn<T>(key: string, label: ReactNode, render: (row: T) => ReactNode): Column<T> {
  return { key, label, csv: false, text: () => '', render };
}

/** A whole number shown as it is, right-aligned. */
export function countColumn<T>(key: string, label: ReactNode, csvLabel: string, value: (row: T) => number): Column<T> {
  return { key, label, csvLabel, align: 'end', sortValue: value, text: (r) => String(value(r)) };
}

/** A number shown by `show` (f.number, f.compact), right-aligned; raw in the CSV, in `unit`. */
export function valueColumn<T>(
  key: string,
  label: ReactNode,
  csvLabel: string,
  value: (row: T) => Value,
  show: (value: Value) => string,
  unit?: string,
): Column<T> {
  return { key, label, csvLabel, align: 'end', sortValue: value, text: (r) => show(value(r)), csvValue: value, unit };
}

/** A fraction shown as a signed percentage, green or red; raw in the CSV. */
export function changeColumn<T>(
  key: string,
  label: ReactNode,
  csvLabel: string,
  value: (row: T) => Value,
  f: Formatters,
  digits?: number,
): Column<T> {
  return {
    ...valueColumn(key, label, csvLabel, value, (v) => f.percent(v, digits), 'fraction'),
    className: (r) => signClass(value(r)),
  };
}

/** A date or an instant (ISO text) shown by `show` (f.date, f.instant); sorted on, and in the CSV as, the ISO text. */
export function timeColumn<T>(
  key: string,
  label: ReactNode,
  csvLabel: string,
  value: (row: T) => string | null,
  show: (iso: string | null) => string,
): Column<T> {
  return { key, label, csvLabel, sortValue: value, text: (r) => show(value(r)), csvValue: value };
}

/** A column of a small red button a row (remove, replace): `label(row)` names it, `onClick(row)` acts. */
export function dangerButtonColumn<T>(
  key: string,
  header: ReactNode,
  button: { text: string; label: (row: T) => string; onClick: (row: T) => void },
): Column<T> {
  return actionColumn(key, header, (r) => (
    <button
      type="button"
      className="btn btn-sm btn-outline-danger py-0"
      aria-label={button.label(r)}
      onClick={() => button.onClick(r)}
    >
      {button.text}
    </button>
  ));
}
