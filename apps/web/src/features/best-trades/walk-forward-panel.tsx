import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { WalkForwardResponse } from '@solstice/contracts';
import { apiGet, type QueryValue } from '../../shared/api';
import type { Formatters } from '../../shared/format';
import { EChart } from '../../shared/charts/echart';
import { DataTable, signClass, type Column } from '../../shared/tables/data-table';

type Trial = WalkForwardResponse['long']['trials'][number];

/** Year by year, the compounded out-of-sample return after each trial. */
export function cumulativeReturns(trials: readonly Trial[]): { year: number; value: number }[] {
  let equity = 1;
  return trials.map((trial) => {
    equity *= 1 + trial.return;
    return { year: trial.year, value: equity - 1 };
  });
}

/**
 * Walk-forward on the best-trades screen (analytics.md, "Walk-forward"): the chosen side's
 * in-sample figures beside its out-of-sample ones, the years traded and their cumulative return.
 */
export function WalkForwardPanel({ params, f }: { params: Record<string, QueryValue>; f: Formatters }) {
  const { t } = useTranslation('evidence');
  const [side, setSide] = useState<'long' | 'short'>('long');
  const query = useQuery({
    queryKey: ['walk-forward', params],
    queryFn: () => apiGet<WalkForwardResponse>('/api/v1/seasonality/walk-forward', params),
  });
  return (
    <section className="mt-3" aria-labelledby="wf-title" data-testid="walk-forward">
      <div className="d-flex flex-wrap gap-3 align-items-end mb-2">
        <h2 className="h6 mb-0" id="wf-title">
          {t('walkForward.title')}
        </h2>
        <div>
          <label htmlFor="wf-side" className="form-label small mb-1 me-2">
            {t('walkForward.direction')}
          </label>
          <select
            id="wf-side"
            className="form-select form-select-sm d-inline-block w-auto"
            value={side}
            onChange={(e) => setSide(e.target.value === 'short' ? 'short' : 'long')}
          >
            <option value="long">{t('walkForward.long')}</option>
            <option value="short">{t('walkForward.short')}</option>
          </select>
        </div>
      </div>
      {query.isPending ? (
        <p className="text-muted small" role="status">
          {t('walkForward.loading')}
        </p>
      ) : query.isError ? (
        <p className="text-danger small" role="alert">
          {t('walkForward.failed', { message: query.error.message })}
        </p>
      ) : (
        <WalkForwardResult data={query.data} side={side} f={f} />
      )}
    </section>
  );
}

function WalkForwardResult({ data, side, f }: { data: WalkForwardResponse; side: 'long' | 'short'; f: Formatters }) {
  const { t } = useTranslation('evidence');
  const out = data[side];
  const inSample = data.inSample[side];
  const curve = useMemo(() => cumulativeReturns(out.trials), [out.trials]);
  const rows = [
    {
      key: 'winRate',
      label: t('walkForward.winRate'),
      a: f.percent(inSample?.winRate, 0, false),
      b: f.percent(out.stats.winRate, 0, false),
    },
    { key: 'mean', label: t('walkForward.mean'), a: f.percent(inSample?.mean), b: f.percent(out.stats.mean) },
    { key: 'count', label: t('walkForward.trials'), a: f.number(inSample?.count, 0), b: f.number(out.stats.count, 0) },
  ];
  const columns: Column<Trial>[] = [
    {
      key: 'year',
      label: t('walkForward.year'),
      csvLabel: 'Year',
      sortValue: (r) => r.year,
      text: (r) => String(r.year),
    },
    {
      key: 'window',
      label: t('walkForward.window'),
      csvLabel: 'Window',
      sortValue: (r) => r.start,
      text: (r) => `${r.start} – ${r.end}`,
      render: (r) => `${f.monthDay(r.start)} – ${f.monthDay(r.end)}`,
    },
    {
      key: 'days',
      label: t('walkForward.days'),
      csvLabel: 'Days',
      align: 'end',
      sortValue: (r) => r.days,
      text: (r) => f.number(r.days, 0),
      csvValue: (r) => r.days,
    },
    {
      key: 'return',
      label: t('walkForward.return'),
      csvLabel: 'Return',
      align: 'end',
      sortValue: (r) => r.return,
      text: (r) => f.percent(r.return),
      csvValue: (r) => r.return,
      unit: 'fraction',
      className: (r) => signClass(r.return),
    },
  ];
  const last = curve[curve.length - 1];
  const option = {
    grid: { left: 50, right: 16, top: 16, bottom: 30 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: curve.map((p) => String(p.year)) },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => f.percent(v, 0) } },
    series: [{ name: t('walkForward.cumulative'), type: 'line', data: curve.map((p) => p.value), showSymbol: true }],
  };
  return (
    <>
      <p className="small text-muted mb-2">{t('walkForward.intro', { n: data.trainYears })}</p>
      <table className="table table-sm w-auto mb-3" data-testid="walk-forward-comparison">
        <caption className="caption-top small">{t('walkForward.comparison')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('walkForward.measure')}</th>
            <th scope="col" className="text-end">
              {t('walkForward.inSample')}
            </th>
            <th scope="col" className="text-end">
              {t('walkForward.outOfSample')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-testid={`wf-${r.key}`}>
              <th scope="row" className="fw-normal">
                {r.label}
              </th>
              <td className="text-end">{r.a}</td>
              <td className="text-end">{r.b}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {out.trials.length === 0 || !last ? (
        <p className="text-muted small" data-testid="walk-forward-none">
          {t('walkForward.none')}
        </p>
      ) : (
        <div className="row">
          <div className="col-12 col-xl-5">
            <DataTable
              rows={out.trials}
              columns={columns}
              rowKey={(r) => String(r.year)}
              caption={t('walkForward.trialsCaption')}
              filename={`walk-forward-${side}-${data.symbol}.csv`}
              testId="walk-forward-trials"
            />
          </div>
          <div className="col-12 col-xl-7">
            <EChart
              kinds={['line']}
              option={option}
              height={260}
              testId="walk-forward-chart"
              label={t('walkForward.chartLabel', {
                side: side === 'short' ? t('walkForward.short') : t('walkForward.long'),
                total: f.percent(last.value),
                n: curve.length,
                years: `${curve[0]!.year}–${last.year}`,
              })}
            />
          </div>
        </div>
      )}
    </>
  );
}
