import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalkForwardResponse } from '@solstice/contracts';
import type { QueryValue } from '../../shared/api';
import type { Formatters } from '../../shared/format';
import { EChart } from '../../shared/charts/echart';
import { percentAxis } from '../../shared/charts/options';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { columnsOf } from '../../shared/stats/columns';
import { windowColumn } from '../../shared/stats/window-columns';
import { LabelledSelect } from '../../shared/select-field';
import { MeasureHeaderRow } from '../../shared/tables/headers';
import { useToolQuery } from '../../shared/ui/tool-query';
import { PanelQuery } from '../../shared/ui/panel-query';

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
  const query = useToolQuery('walk-forward', 'seasonalityWalkForward', params);
  return (
    <section className="mt-3" aria-labelledby="wf-title" data-testid="walk-forward">
      <div className="d-flex flex-wrap gap-3 align-items-end mb-2">
        <h2 className="h6 mb-0" id="wf-title">
          {t('walkForward.title')}
        </h2>
        <div>
          <LabelledSelect
            id="wf-side"
            label={t('walkForward.direction')}
            labelClassName="form-label small mb-1 me-2"
            className="form-select form-select-sm d-inline-block w-auto"
            value={side}
            onChange={(v) => setSide(v === 'short' ? 'short' : 'long')}
          >
            <option value="long">{t('walkForward.long')}</option>
            <option value="short">{t('walkForward.short')}</option>
          </LabelledSelect>
        </div>
      </div>
      <PanelQuery
        query={query}
        loading={t('walkForward.loading')}
        failed={(message) => t('walkForward.failed', { message })}
      >
        {(data) => <WalkForwardResult data={data} side={side} f={f} />}
      </PanelQuery>
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
  const c = columnsOf<Trial>(f);
  const columns: Column<Trial>[] = [
    c.year(t('walkForward.year'), (r) => r.year),
    windowColumn<Trial>(t('walkForward.window'), f),
    c.number('days', t('walkForward.days'), 'Days', (r) => r.days, { digits: 0 }),
    c.percent('return', t('walkForward.return'), 'Return', (r) => r.return, { colour: true }),
  ];
  const last = curve[curve.length - 1];
  const option = {
    grid: { left: 50, right: 16, top: 16, bottom: 30 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: curve.map((p) => String(p.year)) },
    yAxis: percentAxis(f),
    series: [{ name: t('walkForward.cumulative'), type: 'line', data: curve.map((p) => p.value), showSymbol: true }],
  };
  return (
    <>
      <p className="small text-muted mb-2">{t('walkForward.intro', { n: data.trainYears })}</p>
      <table className="table table-sm w-auto mb-3" data-testid="walk-forward-comparison">
        <caption className="caption-top small">{t('walkForward.comparison')}</caption>
        <thead>
          <MeasureHeaderRow
            measure={t('walkForward.measure')}
            numbers={[t('walkForward.inSample'), t('walkForward.outOfSample')]}
          />
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
                side: side === 'short' ? t('walkForward.sideInText.short') : t('walkForward.sideInText.long'),
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
