import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { useFormatters } from '../../shared/format';
import { EChart } from '../../shared/charts/echart';
import { DOWN, PRIMARY, UP } from '../../shared/charts/colors';
import { useInstrument } from '../../shared/ui/instrument-header';
import type { TFunction } from 'i18next';
import { RANGES, candleData, fetchStart, type CandleData, type Overlays, type Range } from './candles';
import { ChoiceButtons } from '../../shared/ui/choice-buttons';

/** The indicators drawn over the candles, each on or off. */
const OVERLAYS = ['sma', 'bollinger'] as const satisfies readonly (keyof Overlays)[];

export function useBars(symbol: string, from: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['bars', symbol, from],
    queryFn: () => apiGet('bars', { params: { symbol }, query: { from } }, { background: true }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

const line = (name: string, data: (number | null)[], color: string, dashed = false) => ({
  type: 'line',
  name,
  data,
  showSymbol: false,
  connectNulls: false,
  lineStyle: { color, width: 1, ...(dashed ? { type: 'dashed' } : {}) },
  itemStyle: { color },
  xAxisIndex: 0,
  yAxisIndex: 0,
});

export function candlesOption(
  data: CandleData,
  overlays: Overlays,
  f: ReturnType<typeof useFormatters>,
  t: TFunction<'symbol'>,
) {
  const series: unknown[] = [
    {
      type: 'candlestick',
      name: t('candles.series.price'),
      data: data.candles,
      itemStyle: { color: UP, color0: DOWN, borderColor: UP, borderColor0: DOWN },
    },
    {
      type: 'bar',
      name: t('candles.series.volume'),
      data: data.volume.map((v, i) => ({
        value: v,
        itemStyle: { color: data.candles[i]![1] >= data.candles[i]![0] ? UP : DOWN, opacity: 0.5 },
      })),
      xAxisIndex: 1,
      yAxisIndex: 1,
    },
  ];
  if (overlays.sma) {
    series.push(
      line(t('candles.series.sma50'), data.sma50, PRIMARY),
      line(t('candles.series.sma200'), data.sma200, '#fd7e14'),
    );
  }
  if (overlays.bollinger) {
    series.push(
      line(t('candles.series.bollingerUpper'), data.bbUpper, '#6f42c1', true),
      line(t('candles.series.bollingerMiddle'), data.bbMiddle, '#adb5bd', true),
      line(t('candles.series.bollingerLower'), data.bbLower, '#6f42c1', true),
    );
  }
  return {
    animation: false,
    legend: { top: 0, type: 'scroll' },
    tooltip: { trigger: 'axis', axisPointer: { type: 'cross' } },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    grid: [
      { left: 56, right: 16, top: 32, height: '58%' },
      { left: 56, right: 16, top: '76%', height: '12%' },
    ],
    xAxis: [
      { type: 'category', data: data.dates, boundaryGap: true, axisLabel: { formatter: (v: string) => f.date(v) } },
      { type: 'category', data: data.dates, gridIndex: 1, axisLabel: { show: false }, axisTick: { show: false } },
    ],
    yAxis: [
      { scale: true, axisLabel: { formatter: (v: number) => f.number(v) } },
      { scale: true, gridIndex: 1, splitNumber: 2, axisLabel: { formatter: (v: number) => f.compact(v) } },
    ],
    dataZoom: [
      { type: 'inside', xAxisIndex: [0, 1] },
      { type: 'slider', xAxisIndex: [0, 1], bottom: 4, height: 18 },
    ],
    series,
  };
}

/** Candles with volume, SMA 50/200 and Bollinger bands on demand, range buttons and zoom. */
export function CandlesPanel({ symbol }: { symbol: string }) {
  const { t } = useTranslation('symbol');
  const f = useFormatters();
  const [range, setRange] = useState<Range>('1Y');
  const [overlays, setOverlays] = useState<Overlays>({ sma: false, bollinger: false });
  const instrument = useInstrument(symbol);
  const last = instrument.data?.lastDate ?? null;
  const from = last ? fetchStart(range, last) : null;
  const bars = useBars(symbol, from, Boolean(last));
  const data = useMemo(() => (bars.data ? candleData(bars.data.bars, range) : null), [bars.data, range]);
  const option = useMemo(() => (data ? candlesOption(data, overlays, f, t) : null), [data, overlays, f, t]);
  const toggle = (key: keyof Overlays) => setOverlays((o) => ({ ...o, [key]: !o[key] }));
  return (
    <div data-testid="candles-panel">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <ChoiceButtons
          label={t('candles.range')}
          choices={RANGES}
          value={range}
          onChoose={setRange}
          text={(r) => t(`candles.ranges.${r}`)}
        />
        <div className="btn-group btn-group-sm" role="group" aria-label={t('candles.indicators')}>
          {OVERLAYS.map((key) => (
            <button
              key={key}
              type="button"
              className={`btn ${overlays[key] ? 'btn-secondary' : 'btn-outline-secondary'}`}
              aria-pressed={overlays[key]}
              onClick={() => toggle(key)}
            >
              {t(`candles.${key}`)}
            </button>
          ))}
        </div>
        {data && data.period !== 'day' ? (
          <span className="small text-muted">{t(`candles.onePer.${data.period}`)}</span>
        ) : null}
      </div>
      {instrument.isError ? (
        <p className="text-danger small">{t('candles.noMarketData', { symbol })}</p>
      ) : bars.isError ? (
        <p className="text-danger small">{t('candles.loadFailed', { symbol })}</p>
      ) : !option ? (
        <p className="text-muted small">{t('candles.loading')}</p>
      ) : data && data.dates.length === 0 ? (
        <p className="text-muted small">{t('candles.noPrices', { symbol })}</p>
      ) : (
        <EChart
          kinds={['candles']}
          option={option}
          label={t('candles.label', { symbol })}
          height={360}
          testId="candles-chart"
        />
      )}
    </div>
  );
}

export default CandlesPanel;
