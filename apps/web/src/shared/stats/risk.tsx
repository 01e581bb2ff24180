import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { TestedWindow, WindowRank } from '@solstice/contracts';
import type { Formatters } from '../format';
import { i18n } from '../i18n/i18n';
import type { Column } from '../tables/data-table';
import { StatLabel } from './stat-label';
import { statColumn } from './window-columns';

// Risk inside a seasonal window (analytics.md, "Risk inside a window"): the columns of best
// trades and the seasonality scanner, the rank switch, and the pattern's per-year range bar.

export const RANKS: readonly WindowRank[] = ['winRate', 'returnToRisk'];

/** A URL or form value as a rank: anything else is the default, winRate. */
export const rankOf = (value: string | undefined): WindowRank =>
  value === 'returnToRisk' ? 'returnToRisk' : 'winRate';

/**
 * returnToRisk as its ranking sorts it: a window whose closes never went against the trade
 * (null) above every number.
 */
export const returnToRiskSortValue = (r: number | null) => (r === null ? Infinity : r);

/** Mean MAE, worst MAE (with its year) and return/risk: sortable, raw values in the CSV. */
export function riskColumns<T extends TestedWindow>(f: Formatters): Column<T>[] {
  return [
    statColumn<'meanMae', T>('meanMae', 'Mean MAE', (v) => f.percent(v), true),
    statColumn<'worstMae', T>('worstMae', 'Worst MAE', (v) => f.percent(v), true, {
      text: (r) => i18n.t('stats:risk.worstYear', { mae: f.percent(r.stats.worstMae), year: r.stats.worstMaeYear }),
    }),
    {
      key: 'returnToRisk',
      label: <StatLabel stat="returnToRisk" />,
      csvLabel: 'Return/risk',
      align: 'end',
      sortValue: (r) => returnToRiskSortValue(r.stats.returnToRisk),
      text: (r) => (r.stats.returnToRisk === null ? i18n.t('stats:risk.noRisk') : f.number(r.stats.returnToRisk, 2)),
      csvValue: (r) => r.stats.returnToRisk,
      render: (r) =>
        r.stats.returnToRisk === null ? (
          <span className="badge text-bg-success" title={i18n.t('stats:risk.noRiskHelp')}>
            {i18n.t('stats:risk.noRisk')}
          </span>
        ) : (
          f.number(r.stats.returnToRisk, 2)
        ),
    },
  ];
}

/** "Rank by: Win rate | Return per risk" (analytics.md, "Rank"). */
export function RankSwitch({
  id,
  value,
  onChange,
}: {
  id: string;
  value: WindowRank;
  onChange: (rank: WindowRank) => void;
}) {
  const { t } = useTranslation('stats');
  return (
    <div className="d-flex align-items-center gap-2 mb-2" data-testid="rank-switch">
      <span className="small text-muted" id={`${id}-label`}>
        {t('rank.label')}
      </span>
      <div className="btn-group btn-group-sm" role="radiogroup" aria-labelledby={`${id}-label`}>
        {RANKS.map((rank) => (
          <Fragment key={rank}>
            <input
              type="radio"
              className="btn-check"
              name={id}
              id={`${id}-${rank}`}
              value={rank}
              checked={value === rank}
              onChange={() => onChange(rank)}
            />
            <label className="btn btn-outline-secondary" htmlFor={`${id}-${rank}`}>
              {t(`rank.${rank}`)}
            </label>
          </Fragment>
        ))}
      </div>
    </div>
  );
}

/**
 * One year from its worst close (MAE) to its best (MFE) on a scale shared by every year
 * (`low` … `high`, around 0), the exit marked.
 */
export function RiskRangeBar({
  mae,
  mfe,
  exit,
  low,
  high,
  label,
}: {
  mae: number;
  mfe: number;
  exit: number;
  low: number;
  high: number;
  label: string;
}) {
  const width = 120;
  const span = high - low || 1;
  const x = (v: number) => ((v - low) / span) * width;
  return (
    <svg width={width} height={12} role="img" aria-label={label} data-testid="risk-range">
      <title>{label}</title>
      <line x1={x(0)} x2={x(0)} y1={0} y2={12} stroke="currentColor" strokeOpacity={0.4} />
      <rect x={x(mae)} y={4} width={Math.max(1, x(mfe) - x(mae))} height={4} fill="currentColor" fillOpacity={0.35} />
      <rect
        x={Math.min(width - 2, Math.max(0, x(exit) - 1))}
        y={1}
        width={2}
        height={10}
        fill={exit >= 0 ? 'var(--bs-success)' : 'var(--bs-danger)'}
        data-testid="risk-exit"
      />
    </svg>
  );
}
