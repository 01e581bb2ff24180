import type { ReactNode } from 'react';
import type { Formatters } from '../format';
import { signClass, type Column } from '../tables/data-table';
import type { StatKey } from './definitions';
import { StatLabel } from './stat-label';

type Num = number | null | undefined;

/** How a number column shows its values. */
export interface NumberOptions {
  /** Digits after the point (the formatter's default when absent). */
  digits?: number;
  /** false: no sign before positive percentages. */
  signed?: boolean;
  /** Green or red by sign. */
  colour?: boolean;
  /** The CSV's unit ('fraction' for percentages unless given). */
  unit?: string;
}

/**
 * Builders of the result tables' common columns (a year, a date, a percentage, a number),
 * each sortable and exported with its raw value in the CSV.
 */
export function columnsOf<T>(f: Formatters) {
  /** A whole number shown as it is (the CSV holds the same text). */
  const plain = (key: string, label: ReactNode, csvLabel: string, get: (row: T) => number): Column<T> => ({
    key,
    label,
    csvLabel,
    sortValue: get,
    text: (r) => String(get(r)),
  });
  const year = (label: ReactNode, get: (row: T) => number) => plain('year', label, 'Year', get);
  const count = (key: string, label: ReactNode, csvLabel: string, get: (row: T) => number): Column<T> => ({
    ...plain(key, label, csvLabel, get),
    align: 'end',
  });
  /** An ISO date shown in the locale's format. */
  const date = (key: string, label: ReactNode, csvLabel: string, get: (row: T) => string): Column<T> => ({
    key,
    label,
    csvLabel,
    sortValue: get,
    text: (r) => f.date(get(r)),
    csvValue: get,
  });
  const numeric = (
    key: string,
    label: ReactNode,
    csvLabel: string,
    get: (row: T) => Num,
    show: (value: Num) => string,
    { colour, unit }: NumberOptions,
  ): Column<T> => ({
    key,
    label,
    csvLabel,
    align: 'end',
    sortValue: get,
    text: (r) => show(get(r)),
    csvValue: get,
    ...(unit ? { unit } : {}),
    ...(colour ? { className: (r: T) => signClass(get(r)) } : {}),
  });
  /** A fraction shown as a percentage. */
  const percent = (key: string, label: ReactNode, csvLabel: string, get: (row: T) => Num, o: NumberOptions = {}) =>
    numeric(key, label, csvLabel, get, (v) => f.percent(v, o.digits, o.signed), { unit: 'fraction', ...o });
  const number = (key: string, label: ReactNode, csvLabel: string, get: (row: T) => Num, o: NumberOptions = {}) =>
    numeric(key, label, csvLabel, get, (v) => f.number(v, o.digits), o);
  /** A statistic: its label explains it (`StatLabel`). */
  const statPercent = (stat: StatKey, csvLabel: string, get: (row: T) => Num, o: NumberOptions = {}) =>
    percent(stat, <StatLabel stat={stat} />, csvLabel, get, o);
  return { year, count, date, percent, number, statPercent };
}
