// Pieces of the ECharts options the result screens share.
import type { Formatters } from '../format';
import { DOWN, PRIMARY, UP } from './colors';

type Num = number | null | undefined;

/**
 * An axis tick as a percentage with as many decimals as the tick needs (0 to 3): ticks 0.5 %
 * apart read −1 %, −0.5 %, 0 %, +0.5 %, never −1 %, −1 %, 0 %, 0 %.
 */
export function tickPercent(f: Pick<Formatters, 'percent'>, v: number, signed = true): string {
  const points = v * 100;
  let digits = 0;
  while (digits < 3 && Math.abs(Number(points.toFixed(digits)) - points) > 1e-9) digits++;
  return f.percent(v, digits, signed);
}

/** A value axis of percentages, each tick with the decimals it needs. */
export function percentAxis(f: Pick<Formatters, 'percent'>, extra: Record<string, unknown> = {}) {
  return { type: 'value', ...extra, axisLabel: { formatter: (v: number) => tickPercent(f, v) } };
}

/** Bars of returns: green for a gain, red for a loss. */
export function signBars(name: string, values: readonly Num[]) {
  return {
    type: 'bar',
    name,
    data: values.map((value) => ({ value, itemStyle: { color: (value ?? 0) >= 0 ? UP : DOWN } })),
  };
}

/** Returns by category (years, months): a percentage axis under the given series. */
export function returnsOption(
  f: Pick<Formatters, 'percent'>,
  categories: readonly string[],
  series: readonly unknown[],
  tooltip: Record<string, unknown> = { trigger: 'axis' },
) {
  return {
    grid: { left: 48, right: 16, top: 24, bottom: 32 },
    tooltip,
    xAxis: { type: 'category', data: categories },
    yAxis: percentAxis(f),
    series,
  };
}

/** The seasonal average's line: smooth, without points, in the primary colour. */
export function averageLine(name: string, data: readonly Num[]) {
  return {
    type: 'line',
    name,
    smooth: true,
    showSymbol: false,
    data,
    lineStyle: { color: PRIMARY, width: 2 },
  };
}
