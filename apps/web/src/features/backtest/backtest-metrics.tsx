import { useTranslation } from 'react-i18next';
import type { BacktestResponse } from '@solstice/contracts';
import { DASH, type Formatters } from '../../shared/format';
import { signClass } from '../../shared/tables/data-table';
import { MeasureHeaderRow } from '../../shared/tables/headers';

type MetricKey = keyof BacktestResponse['metrics'];
type Kind = 'percent' | 'ratio' | 'count';

/** The metrics in the order shown, each with how it reads (analytics.md, "Seasonal backtest"). */
export const METRICS: { key: MetricKey; kind: Kind; signed?: boolean }[] = [
  { key: 'totalReturn', kind: 'percent', signed: true },
  { key: 'cagr', kind: 'percent', signed: true },
  { key: 'maxDrawdown', kind: 'percent', signed: true },
  { key: 'volatility', kind: 'percent' },
  { key: 'sharpe', kind: 'ratio' },
  { key: 'sortino', kind: 'ratio' },
  { key: 'exposure', kind: 'percent' },
  { key: 'trades', kind: 'count' },
  { key: 'tradeWinRate', kind: 'percent' },
  { key: 'avgTrade', kind: 'percent', signed: true },
];

export function formatMetric(f: Formatters, kind: Kind, value: number | null | undefined, signed = false): string {
  if (value === null || value === undefined) return DASH;
  if (kind === 'percent') return f.percent(value, 2, signed);
  if (kind === 'ratio') return f.number(value, 2);
  return f.number(value, 0);
}

/** The strategy's metrics next to the benchmark's (it has return, CAGR, drawdown and Sharpe). */
export function BacktestMetrics({ data, f }: { data: BacktestResponse; f: Formatters }) {
  const { t } = useTranslation('backtest');
  const benchmark = data.benchmark;
  const benchValue = (key: MetricKey): number | null | undefined =>
    benchmark && key in benchmark ? (benchmark as unknown as Record<string, number | null>)[key] : undefined;
  return (
    <div className="table-responsive">
      <table className="table table-sm w-auto mb-3" data-testid="backtest-metrics">
        <caption className="visually-hidden">{t('metrics.caption')}</caption>
        <thead>
          <MeasureHeaderRow
            measure={t('metrics.metric')}
            numbers={benchmark ? [t('result.strategy'), benchmark.symbol] : [t('result.strategy')]}
          />
        </thead>
        <tbody>
          {METRICS.map(({ key, kind, signed }) => {
            const own = data.metrics[key];
            const other = benchValue(key);
            return (
              <tr key={key}>
                <th scope="row" className="fw-normal">
                  {t(`metrics.${key}`)}
                </th>
                <td
                  className={['text-end', signed ? signClass(own) : ''].join(' ').trim()}
                  data-testid={`metric-${key}`}
                >
                  {formatMetric(f, kind, own, signed)}
                </td>
                {benchmark ? (
                  <td
                    className={['text-end', signed ? signClass(other) : ''].join(' ').trim()}
                    data-testid={`benchmark-${key}`}
                  >
                    {formatMetric(f, kind, other, signed)}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
