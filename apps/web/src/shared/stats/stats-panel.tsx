import type { WindowStats } from '@solstice/contracts';
import { useFormatters } from '../format';
import { StatLabel } from './stat-label';
import type { StatKey } from './definitions';
import { weaknesses } from './significance';

export function SignificanceWarning({ stats }: { stats: WindowStats }) {
  const reasons = weaknesses(stats);
  if (reasons.length === 0) {
    return (
      <p className="text-success small mb-2" data-testid="significance-ok">
        This pattern passes the sample-size, p-value and without-best-year checks.
      </p>
    );
  }
  return (
    <div className="alert alert-warning py-2" role="note" data-testid="significance-warning">
      <strong>Weak pattern:</strong> {reasons.join('; ')}. Treat it with caution.
    </div>
  );
}

/** The statistics of a seasonal window, each name explained on hover. */
export function StatsPanel({ stats }: { stats: WindowStats }) {
  const f = useFormatters();
  const rows: [StatKey, string][] = [
    ['count', String(stats.count)],
    ['winners', String(stats.winners)],
    ['losers', String(stats.losers)],
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
    ['calendarDays', String(stats.calendarDays)],
    ['pValue', f.number(stats.pValue, 3)],
    ['withoutBest', f.percent(stats.withoutBest)],
    ['recent', f.percent(stats.recent, 1, false)],
  ];
  return (
    <section aria-label="Statistics" data-testid="stats-panel">
      <SignificanceWarning stats={stats} />
      <dl className="row row-cols-2 row-cols-md-4 g-2 mb-0">
        {rows.map(([key, value]) => (
          <div key={key} className="col">
            <div className="border rounded p-2 h-100">
              <dt className="small text-muted fw-normal">
                <StatLabel standalone stat={key} />
              </dt>
              <dd className="mb-0 fw-semibold" data-stat={key}>
                {value}
              </dd>
            </div>
          </div>
        ))}
      </dl>
    </section>
  );
}
