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

/** The years a span covers, as read: "2005–2010", or one year alone. */
function spanYears(from: string, to: string): string {
  const a = from.slice(0, 4);
  const b = to.slice(0, 4);
  return a === b ? a : `${a}–${b}`;
}

/**
 * The strategy's metrics next to the benchmark's (it has return, CAGR, drawdown and Sharpe).
 * A benchmark that starts after the strategy is compared over its own span: the strategy's
 * figures over that span stand beside it, and a note says which years.
 */
export function BacktestMetrics({ data, f }: { data: BacktestResponse; f: Formatters }) {
  const { t } = useTranslation('backtest');
  const benchmark = data.benchmark;
  const over = benchmark?.strategyOverSpan ?? null;
  const years = benchmark?.from && benchmark.to ? spanYears(benchmark.from, benchmark.to) : '';
  const pick = (source: object | null | undefined, key: MetricKey): number | null | undefined =>
    source && key in source ? (source as Record<string, number | null>)[key] : undefined;
  const headers = [t('result.strategy')];
  if (over) headers.push(t('result.strategyOverSpan', { years }));
  if (benchmark)
    headers.push(over ? t('result.benchmarkOverSpan', { benchmark: benchmark.symbol, years }) : benchmark.symbol);
  return (
    <div className="table-responsive">
      {over && benchmark?.from && benchmark.to ? (
        <p className="small mb-1" data-testid="benchmark-span">
          {t('result.benchmarkSpan', {
            benchmark: benchmark.symbol,
            from: f.date(benchmark.from),
            to: f.date(benchmark.to),
            years,
          })}
        </p>
      ) : null}
      <table className="table table-sm w-auto mb-3" data-testid="backtest-metrics">
        <caption className="visually-hidden">{t('metrics.caption')}</caption>
        <thead>
          <MeasureHeaderRow measure={t('metrics.metric')} numbers={headers} />
        </thead>
        <tbody>
          {METRICS.map(({ key, kind, signed }) => {
            const own = data.metrics[key];
            const other = pick(benchmark, key);
            const overSpan = pick(over, key);
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
                {over ? (
                  <td
                    className={['text-end', signed ? signClass(overSpan) : ''].join(' ').trim()}
                    data-testid={`over-span-${key}`}
                  >
                    {formatMetric(f, kind, overSpan, signed)}
                  </td>
                ) : null}
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
