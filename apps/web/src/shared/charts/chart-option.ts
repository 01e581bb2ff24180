import type { ChartResponse } from '@solstice/contracts';
import type { Formatters } from '../format';
import { PRIMARY } from './colors';
import { averageLine } from './options';
import type { TFunction } from 'i18next';

const DAYS = 365;

/** MM-DD of day index 0…364 of a non-leap year. */
export function dayLabel(index: number): string {
  const d = new Date(Date.UTC(2001, 0, 1 + index));
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** Day index of an MM-DD (29 February counts as 28 February); -1 when it is no date. */
export function dayIndex(mmdd: string): number {
  const [m, d] = mmdd.split('-').map(Number);
  if (!m || !d || m > 12) return -1;
  const day = m === 2 && d === 29 ? 28 : d;
  const t = Date.UTC(2001, m - 1, day);
  if (new Date(t).getUTCMonth() !== m - 1) return -1;
  return Math.round((t - Date.UTC(2001, 0, 1)) / 86_400_000);
}

export interface Window {
  start: string;
  end: string;
}

/**
 * The window a drag across the chart selected, from the brush's range in day indices; null
 * for a click (one day) or nothing. A drag from right to left is the same window.
 */
export function windowOfBrush(params: unknown): Window | null {
  const areas = (params as { areas?: { coordRange?: unknown }[] } | null)?.areas;
  const range = areas?.[0]?.coordRange;
  if (!Array.isArray(range) || range.length < 2) return null;
  const [a, b] = (range as unknown[]).map((v) => Math.min(DAYS - 1, Math.max(0, Math.round(Number(v)))));
  if (a === undefined || b === undefined || Number.isNaN(a) || Number.isNaN(b) || a === b) return null;
  return { start: dayLabel(Math.min(a, b)), end: dayLabel(Math.max(a, b)) };
}

/** Turns drag-to-select on (the brush as the chart's cursor, one horizontal range). */
export const BRUSH_ON = [
  { type: 'takeGlobalCursor', key: 'brush', brushOption: { brushType: 'lineX', brushMode: 'single' } },
];

export interface ChartOptionInput {
  data: ChartResponse;
  detrended: boolean;
  compare: ChartResponse | null;
  selection: Window | null;
  f: Formatters;
  /** The chart namespace's texts (series names). */
  t: TFunction<'chart'>;
  /** Each year of the average as a thin line (needs the answer's `paths`). */
  showYears?: boolean;
  /** The day-by-day median of the years (needs the answer's `median`). */
  showMedian?: boolean;
}

const span = (years: readonly number[]) => (years.length ? `${years[0]}–${years[years.length - 1]}` : '');

/** The seasonal chart: average year, this year, benchmark, a compared symbol, the selected window. */
export function seasonalChartOption({
  data,
  detrended,
  compare,
  selection,
  f,
  t,
  showYears = false,
  showMedian = false,
}: ChartOptionInput) {
  const curve = (detrended ? data.detrended : data.curve) ?? [];
  const bench = data.benchmark && data.benchmark.years.length > 0 ? data.benchmark : null;
  const own = bench ? ((detrended ? bench.detrended : bench.curve) ?? null) : null;
  const benchCurve = bench ? ((detrended ? bench.benchmarkDetrended : bench.benchmarkCurve) ?? null) : null;
  const labels = curve.map((_, i) => dayLabel(i));
  const main: Record<string, unknown> = {
    ...averageLine(t('series.average', { symbol: data.symbol }), curve),
    itemStyle: { color: PRIMARY },
    areaStyle: { opacity: 0.08 },
  };
  if (selection) {
    main.markArea = {
      silent: true,
      itemStyle: { color: 'rgba(13, 110, 253, 0.12)' },
      data: [[{ xAxis: selection.start }, { xAxis: selection.end }]],
    };
  }
  const series: unknown[] = [main];
  if (data.current) {
    series.push({
      type: 'line',
      name: `${data.current.year}`,
      showSymbol: false,
      data: data.current.values,
      lineStyle: { type: 'dashed' },
    });
  }
  if (bench && own && benchCurve) {
    const years = span(bench.years);
    series.push({
      type: 'line',
      name: t('series.averageYears', { symbol: bench.symbol, span: years }),
      smooth: true,
      showSymbol: false,
      data: benchCurve,
      lineStyle: { color: '#6c757d' },
      itemStyle: { color: '#6c757d' },
    });
    series.push({
      type: 'line',
      name: t('series.versus', { symbol: data.symbol, benchmark: bench.symbol, span: years }),
      smooth: true,
      showSymbol: false,
      data: own.map((v, i) => v - (benchCurve[i] ?? 0)),
      lineStyle: { type: 'dotted' },
    });
  }
  if (showMedian && data.median) {
    series.push({
      type: 'line',
      name: t('series.median', { symbol: data.symbol }),
      smooth: true,
      showSymbol: false,
      data: data.median,
      lineStyle: { color: '#212529', type: 'dashed', width: 1.5 },
      itemStyle: { color: '#212529' },
    });
  }
  if (showYears) {
    for (const year of data.paths ?? []) {
      series.push({
        type: 'line',
        name: String(year.year),
        showSymbol: false,
        silent: true,
        data: year.values,
        lineStyle: { width: 0.75, opacity: 0.45 },
        emphasis: { disabled: true },
      });
    }
  }
  const other = compare ? ((detrended ? compare.detrended : compare.curve) ?? null) : null;
  if (compare && other) {
    series.push({
      type: 'line',
      name: t('series.averageYears', { symbol: compare.symbol, span: span(compare.years) }),
      smooth: true,
      showSymbol: false,
      data: other,
      lineStyle: { color: '#d63384', width: 2 },
      itemStyle: { color: '#d63384' },
    });
  }
  return {
    animation: false,
    grid: { left: 52, right: 16, top: 40, bottom: 64 },
    legend: { top: 0, type: 'scroll' },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => f.percent(v) },
    toolbox: { show: false },
    brush: { toolbox: [], xAxisIndex: 0, brushType: 'lineX', brushMode: 'single', throttleType: 'debounce' },
    // the wheel zooms and the slider pans; a drag on the chart selects a window
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, moveOnMouseMove: false, zoomOnMouseWheel: true },
      { type: 'slider', xAxisIndex: 0, bottom: 8, height: 18, labelFormatter: (_: number, v: string) => f.monthDay(v) },
    ],
    xAxis: { type: 'category', data: labels, axisLabel: { formatter: (v: string) => f.monthDay(v), interval: 29 } },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => f.percent(v, 0) } },
    series,
  };
}
