import type { Column } from '../tables/data-table';
import { signClass } from '../tables/data-table';
import type { Formatters } from '../format';
import type { SeasonalWindow } from '@solstice/contracts';
import { i18n } from '../i18n/i18n';
import { StatLabel } from './stat-label';
import { weaknesses } from './significance';
import type { StatKey } from './definitions';

type SeasonalWindowStat = 'count' | 'winRate' | 'mean' | 'median' | 'annualized' | 'pValue' | 'withoutBest' | 'recent';

type Value = number | null | undefined;

/**
 * A column of one of a window's statistics (`r.stats[key]`), right-aligned: its label names
 * and explains it, it sorts on and exports the raw value, `show` formats it on screen;
 * `extra` overrides any field (a label, a class, a text from the whole row).
 */
export function statColumn<K extends StatKey, T extends { stats: { [k in K]: Value } }>(
  key: K,
  csvLabel: string,
  show: (value: Value) => string,
  fraction: boolean,
  extra: Partial<Column<T>> = {},
): Column<T> {
  return {
    key,
    label: <StatLabel stat={key} />,
    csvLabel,
    align: 'end',
    sortValue: (r) => r.stats[key],
    text: (r) => show(r.stats[key]),
    csvValue: (r) => r.stats[key],
    ...(fraction ? { unit: 'fraction' as const } : {}),
    ...extra,
  };
}

/** A window's first and last day (MM-DD) in one column: the locale's month and day on screen; sorted on the start. */
export function windowColumn<T extends { start: string; end: string }>(label: string, f: Formatters): Column<T> {
  return {
    key: 'window',
    label,
    csvLabel: 'Window',
    sortValue: (r) => r.start,
    text: (r) => `${r.start} – ${r.end}`,
    render: (r) => `${f.monthDay(r.start)} – ${f.monthDay(r.end)}`,
  };
}

/** Columns of a seasonal window's statistics, shared by best trades and the seasonality scanner. */
export function windowStatColumns<T extends SeasonalWindow>(f: Formatters): Column<T>[] {
  const weak = (r: T) => weaknesses(r.stats, f.number);
  const stat = statColumn<SeasonalWindowStat, T>;
  // the window's first or last day: MM-DD in the CSV, the locale's month and day on screen
  const day = (key: 'start' | 'end', csvLabel: string): Column<T> => ({
    key,
    label: i18n.t(`stats:columns.${key}`),
    csvLabel,
    sortValue: (r) => r[key],
    text: (r) => r[key],
    render: (r) => f.monthDay(r[key]),
  });
  return [
    day('start', 'Start'),
    day('end', 'End'),
    {
      key: 'days',
      label: i18n.t('stats:columns.days'),
      csvLabel: 'Days',
      align: 'end',
      sortValue: (r) => r.days,
      text: (r) => f.number(r.days, 0),
      csvValue: (r) => r.days,
    },
    stat('count', 'Years', (v) => f.number(v, 0), false),
    stat('winRate', 'Win rate', (v) => f.percent(v, 0, false), true),
    stat('mean', 'Mean', (v) => f.percent(v), true, { className: (r) => signClass(r.stats.mean) }),
    stat('median', 'Median', (v) => f.percent(v), true),
    stat('annualized', 'Annualized', (v) => f.percent(v, 1), true),
    stat('pValue', 'p-value', (v) => f.number(v, 3), false),
    stat('withoutBest', 'Mean w/o best', (v) => f.percent(v), true),
    stat('recent', 'Recent win rate', (v) => f.percent(v, 0, false), true),
    {
      key: 'significance',
      label: i18n.t('stats:columns.check'),
      csvLabel: 'Check',
      sortValue: (r) => weak(r).length,
      text: (r) =>
        weak(r).length
          ? i18n.t('stats:columns.weakReasons', { reasons: weak(r).join('; ') })
          : i18n.t('stats:columns.ok'),
      render: (r) => {
        const w = weak(r);
        return w.length ? (
          <span className="badge text-bg-warning" title={w.join('; ')}>
            {i18n.t('stats:columns.weak')}
            <span className="visually-hidden">{`: ${w.join('; ')}`}</span>
          </span>
        ) : (
          <span className="badge text-bg-success">{i18n.t('stats:columns.ok')}</span>
        );
      },
    },
  ];
}

/** The years a window's condition removed (`stats.conditionRemoved`): shown when a condition is given. */
export function conditionRemovedColumn<T extends { stats: { conditionRemoved?: number | undefined } }>(
  f: Formatters,
): Column<T> {
  return {
    key: 'conditionRemoved',
    label: <StatLabel stat="conditionRemoved" />,
    csvLabel: 'Removed by condition',
    align: 'end',
    sortValue: (r) => r.stats.conditionRemoved,
    text: (r) => f.number(r.stats.conditionRemoved, 0),
    csvValue: (r) => r.stats.conditionRemoved,
  };
}
