import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartResponse } from '@solstice/contracts';
import type { Formatters } from '../../shared/format';
import { InstrumentHeader } from '../../shared/ui/instrument-header';
import { SeasonalityToolsNav } from '../../shared/ui/seasonality-tools-nav';
import type { FocusParams } from '../../shared/ui/follow-symbol';
import { EChart } from '../../shared/charts/echart';
import { StatLabel } from '../../shared/stats/stat-label';
import { BRUSH_ON, seasonalChartOption, windowOfBrush, type Window } from '../../shared/charts/chart-option';
import { WindowStats } from './window-stats';

const span = (years: readonly number[]) => (years.length ? `${years[0]}–${years[years.length - 1]}` : '');

export interface ChartResultProps {
  data: ChartResponse;
  detrended: boolean;
  f: Formatters;
  focus: FocusParams;
  compare: ChartResponse | null;
  selection: Window | null;
  onSelect: (window: Window | null) => void;
  showYears?: boolean;
  showMedian?: boolean;
}

/** The average year and its comparisons; drag across it to get a window's statistics. */
export function ChartResult({
  data,
  detrended,
  f,
  focus,
  compare,
  selection,
  onSelect,
  showYears = false,
  showMedian = false,
}: ChartResultProps) {
  const { t } = useTranslation('chart');
  const curve = (detrended ? data.detrended : data.curve) ?? [];
  // Against the benchmark, both curves come over the years both symbols use (analytics.md).
  const bench = data.benchmark && data.benchmark.years.length > 0 ? data.benchmark : null;
  const own = bench ? ((detrended ? bench.detrended : bench.curve) ?? null) : null;
  const benchCurve = bench ? ((detrended ? bench.benchmarkDetrended : bench.benchmarkCurve) ?? null) : null;
  const option = useMemo(
    () => seasonalChartOption({ data, detrended, compare, selection, f, t, showYears, showMedian }),
    [data, detrended, compare, selection, f, showYears, showMedian, t],
  );
  const onEvent = useMemo(
    () => ({
      brushEnd: (params: unknown) => {
        const window = windowOfBrush(params);
        if (window) onSelect(window);
      },
    }),
    [onSelect],
  );
  const end = curve[curve.length - 1] ?? null;
  const ownEnd = own ? (own[own.length - 1] ?? null) : null;
  const benchEnd = benchCurve ? (benchCurve[benchCurve.length - 1] ?? null) : null;
  const compareCurve = compare ? ((detrended ? compare.detrended : compare.curve) ?? null) : null;
  const compareEnd = compareCurve ? (compareCurve[compareCurve.length - 1] ?? null) : null;
  return (
    <>
      <InstrumentHeader symbol={data.symbol}>
        <SeasonalityToolsNav current="chart" focus={focus} />
      </InstrumentHeader>
      <p className="small mb-1" data-testid="chart-summary">
        {t('summary.years', { n: data.years.length, span: span(data.years) })}
        {detrended ? t('summary.detrended') : ''}: <strong>{f.percent(end)}</strong>
      </p>
      {bench && ownEnd !== null && benchEnd !== null ? (
        <p className="small mb-1" data-testid="benchmark-summary">
          {t('summary.benchmark', { benchmark: bench.symbol, n: bench.years.length, span: span(bench.years) })}{' '}
          {data.symbol} {f.percent(ownEnd)} · {bench.symbol} {f.percent(benchEnd)} ·{' '}
          <StatLabel standalone stat="relative" /> <strong>{f.percent(ownEnd - benchEnd)}</strong>
        </p>
      ) : data.benchmark ? (
        <p className="small mb-1 text-muted" data-testid="benchmark-summary">
          {t('summary.noBenchmark', { benchmark: data.benchmark.symbol })}
        </p>
      ) : null}
      {compare ? (
        <p className="small mb-1" data-testid="compare-summary">
          {t('summary.compare', { symbol: compare.symbol, n: compare.years.length, span: span(compare.years) })}{' '}
          <strong>{f.percent(compareEnd)}</strong>
        </p>
      ) : null}
      <p className="small text-muted mb-1">{t('summary.dragHint')}</p>
      <EChart
        kinds={['line']}
        option={option}
        label={t('chartLabel', { symbol: data.symbol })}
        height={400}
        onEvent={onEvent}
        actions={BRUSH_ON}
      />
      {selection && focus.symbol ? (
        <WindowStats focus={{ ...focus, symbol: data.symbol }} selection={selection} onClear={() => onSelect(null)} />
      ) : null}
    </>
  );
}
