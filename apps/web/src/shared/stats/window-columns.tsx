import type { Column } from '../tables/data-table';
import { signClass } from '../tables/data-table';
import type { Formatters } from '../format';
import type { SeasonalWindow } from '@solstice/contracts';
import { i18n } from '../../i18n/i18n';
import { StatLabel } from './stat-label';
import { weaknesses } from './significance';

/** Columns of a seasonal window's statistics, shared by best trades and the seasonality scanner. */
export function windowStatColumns<T extends SeasonalWindow>(f: Formatters): Column<T>[] {
  const weak = (r: T) => weaknesses(r.stats, f.number);
  return [
    {
      key: 'start',
      label: i18n.t('stats:columns.start'),
      csvLabel: 'Start',
      sortValue: (r) => r.start,
      text: (r) => r.start,
      render: (r) => f.monthDay(r.start),
    },
    {
      key: 'end',
      label: i18n.t('stats:columns.end'),
      csvLabel: 'End',
      sortValue: (r) => r.end,
      text: (r) => r.end,
      render: (r) => f.monthDay(r.end),
    },
    {
      key: 'days',
      label: i18n.t('stats:columns.days'),
      csvLabel: 'Days',
      align: 'end',
      sortValue: (r) => r.days,
      text: (r) => f.number(r.days, 0),
      csvValue: (r) => r.days,
    },
    {
      key: 'count',
      label: <StatLabel stat="count" />,
      csvLabel: 'Years',
      align: 'end',
      sortValue: (r) => r.stats.count,
      text: (r) => f.number(r.stats.count, 0),
      csvValue: (r) => r.stats.count,
    },
    {
      key: 'winRate',
      label: <StatLabel stat="winRate" />,
      csvLabel: 'Win rate',
      align: 'end',
      sortValue: (r) => r.stats.winRate,
      text: (r) => f.percent(r.stats.winRate, 0, false),
      csvValue: (r) => r.stats.winRate,
      unit: 'fraction',
    },
    {
      key: 'mean',
      label: <StatLabel stat="mean" />,
      csvLabel: 'Mean',
      align: 'end',
      sortValue: (r) => r.stats.mean,
      text: (r) => f.percent(r.stats.mean),
      csvValue: (r) => r.stats.mean,
      unit: 'fraction',
      className: (r) => signClass(r.stats.mean),
    },
    {
      key: 'median',
      label: <StatLabel stat="median" />,
      csvLabel: 'Median',
      align: 'end',
      sortValue: (r) => r.stats.median,
      text: (r) => f.percent(r.stats.median),
      csvValue: (r) => r.stats.median,
      unit: 'fraction',
    },
    {
      key: 'annualized',
      label: <StatLabel stat="annualized" />,
      csvLabel: 'Annualized',
      align: 'end',
      sortValue: (r) => r.stats.annualized,
      text: (r) => f.percent(r.stats.annualized, 1),
      csvValue: (r) => r.stats.annualized,
      unit: 'fraction',
    },
    {
      key: 'pValue',
      label: <StatLabel stat="pValue" />,
      csvLabel: 'p-value',
      align: 'end',
      sortValue: (r) => r.stats.pValue,
      text: (r) => f.number(r.stats.pValue, 3),
      csvValue: (r) => r.stats.pValue,
    },
    {
      key: 'withoutBest',
      label: <StatLabel stat="withoutBest" />,
      csvLabel: 'Mean w/o best',
      align: 'end',
      sortValue: (r) => r.stats.withoutBest,
      text: (r) => f.percent(r.stats.withoutBest),
      csvValue: (r) => r.stats.withoutBest,
      unit: 'fraction',
    },
    {
      key: 'recent',
      label: <StatLabel stat="recent" />,
      csvLabel: 'Recent win rate',
      align: 'end',
      sortValue: (r) => r.stats.recent,
      text: (r) => f.percent(r.stats.recent, 0, false),
      csvValue: (r) => r.stats.recent,
      unit: 'fraction',
    },
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
