import type { WindowRiskStats, WindowStats } from '@solstice/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../format';
import { StatLabel } from './stat-label';
import type { StatKey } from './definitions';
import { weaknesses } from './significance';

export function SignificanceWarning({ stats }: { stats: WindowStats }) {
  const { t } = useTranslation('stats');
  const f = useFormatters();
  const reasons = weaknesses(stats, f.number);
  if (reasons.length === 0) {
    return (
      <p className="text-success small mb-2" data-testid="significance-ok">
        {t('significance.ok')}
      </p>
    );
  }
  return (
    <div className="alert alert-warning py-2" role="note" data-testid="significance-warning">
      <strong>{t('significance.weak')}</strong> {t('significance.caution', { reasons: reasons.join('; ') })}
    </div>
  );
}

/** The statistics of a seasonal window, each name explained on hover. */
export function StatsPanel({ stats }: { stats: WindowStats | WindowRiskStats }) {
  const { t } = useTranslation('stats');
  const f = useFormatters();
  const rows: [StatKey, string][] = [
    ['count', f.number(stats.count, 0)],
    ['winners', f.number(stats.winners, 0)],
    ['losers', f.number(stats.losers, 0)],
    ['winRate', f.percent(stats.winRate, 1, false)],
    ['mean', f.percent(stats.mean)],
    ['median', f.percent(stats.median)],
    ['stdDev', f.percent(stats.stdDev, 2, false)],
    ['min', f.percent(stats.min)],
    ['max', f.percent(stats.max)],
    ['avgGain', f.percent(stats.avgGain)],
    ['avgLoss', f.percent(stats.avgLoss)],
    ['annualized', f.percent(stats.annualized)],
    ['sharpe', f.number(stats.sharpe)],
    ['calendarDays', f.number(stats.calendarDays, 0)],
    ['pValue', f.number(stats.pValue, 3)],
    ['withoutBest', f.percent(stats.withoutBest)],
    ['recent', f.percent(stats.recent, 1, false)],
  ];
  // Risk inside the window (analytics.md): what holding it felt like, beside how it ended.
  if ('meanMae' in stats) {
    rows.push(
      ['meanMae', f.percent(stats.meanMae)],
      ['medianMae', f.percent(stats.medianMae)],
      ['worstMae', t('risk.worstYear', { mae: f.percent(stats.worstMae), year: stats.worstMaeYear })],
      ['meanMfe', f.percent(stats.meanMfe)],
      ['returnToRisk', stats.returnToRisk === null ? t('risk.noRisk') : f.number(stats.returnToRisk, 2)],
    );
  }
  return (
    <section aria-label={t('panel')} data-testid="stats-panel">
      <SignificanceWarning stats={stats} />
      {/* One div per term and value, directly in the dl (a grid, not Bootstrap's row and cols). */}
      <dl className="stat-grid mb-0">
        {rows.map(([key, value]) => (
          <div key={key} className="border rounded p-2">
            <dt className="small text-muted fw-normal">
              <StatLabel standalone stat={key} />
            </dt>
            <dd className="mb-0 fw-semibold" data-stat={key}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
