import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import i18n from 'i18next';
import { ApiError, apiGet } from '../../shared/api';
import { useFormatters } from '../../shared/format';
import { EChart } from '../../shared/charts/echart';
import { DOWN, PRIMARY, UP } from '../../shared/charts/colors';
import { useInstrument } from '../../shared/ui/instrument-header';
import type { TFunction } from 'i18next';
import type { SymbolChartResponse } from '@solstice/contracts';
import {
  PRESETS,
  RANGES,
  TIMEFRAMES,
  candleData,
  chartAnswerBars,
  chartBars,
  fetchStart,
  rebased,
  valuesAt,
  type CandleData,
  type Overlays,
  type Place,
  type Preset,
  type Range,
  type Study,
  type Timeframe,
} from './candles';
import { ChoiceButtons } from '../../shared/ui/choice-buttons';
import { InlineField, useCheckedText } from './inline-field';
import { rollGapMarks, type RollGapMark } from './roll-gap-marks';
import { FrontMonthNotice } from '../../shared/ui/front-month-notice';

/** The indicators drawn over the candles, each on or off. */
const OVERLAYS = ['sma', 'bollinger'] as const satisfies readonly (keyof Overlays)[];
const PRESET_KEYS = Object.keys(PRESETS) as Preset[];
/** The chart API's limit of series in one request (CHART_MAX_SERIES). */
const MAX_SERIES = 12;
const STUDY_COLORS = ['#0dcaf0', '#d63384', '#20c997', '#6610f2', '#ffc107', '#6c757d'];
const PANEL_HEIGHT = 110;
const ROLL_COLOR = '#fd7e14';

export function useBars(symbol: string, from: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['bars', symbol, from],
    queryFn: () => apiGet('bars', { params: { symbol }, query: { from } }, { background: true }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

const line = (name: string, data: (number | null)[], color: string, dashed = false, axis = 0) => ({
  type: 'line',
  name,
  data,
  showSymbol: false,
  connectNulls: false,
  lineStyle: { color, width: 1, ...(dashed ? { type: 'dashed' } : {}) },
  itemStyle: { color },
  xAxisIndex: axis,
  yAxisIndex: axis,
});

/** What the chart draws besides the candles: studies' values and the comparison, at the candles' dates. */
export interface ChartExtras {
  studies: { study: Study; names: string[]; values: (number | null)[][] }[];
  compare: { symbol: string; close: (number | null)[] } | null;
  /** A future's suspected contract rolls on the candles that hold them. */
  rollGaps?: RollGapMark[];
}

export interface ChartView {
  log: boolean;
  /** The first visible candle (the zoom's start), where the comparison is rebased. */
  firstVisible: number;
  zoom: { start: number; end: number } | null;
}

export function candlesOption(
  data: CandleData,
  overlays: Overlays,
  f: ReturnType<typeof useFormatters>,
  t: TFunction<'symbol'>,
  extras: ChartExtras = { studies: [], compare: null },
  view: ChartView = { log: false, firstVisible: 0, zoom: null },
) {
  const series: unknown[] = [
    {
      type: 'candlestick',
      name: t('candles.series.price'),
      data: data.candles,
      itemStyle: { color: UP, color0: DOWN, borderColor: UP, borderColor0: DOWN },
      ...(extras.rollGaps?.length ? { markPoint: rollGapPoints(data, extras.rollGaps, f, t) } : {}),
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
  if (extras.compare) {
    const closes = data.candles.map((c) => c[1]);
    series.push(
      line(
        t('candles.series.compare', { symbol: extras.compare.symbol }),
        rebased(closes, extras.compare.close, view.firstVisible),
        '#212529',
      ),
    );
  }
  const panels = extras.studies.filter((s) => s.study.place === 'panel');
  let color = 0;
  for (const { study, names, values } of extras.studies) {
    const axis =
      study.place === 'overlay' ? 0 : study.place === 'volume' ? 1 : 2 + panels.findIndex((p) => p.study === study);
    values.forEach((v, k) => {
      const c = STUDY_COLORS[color++ % STUDY_COLORS.length]!;
      // MACD's histogram as bars, every other study as lines
      if (study.kind === 'macd' && k === 2) {
        series.push({
          type: 'bar',
          name: names[k],
          data: v,
          xAxisIndex: axis,
          yAxisIndex: axis,
          itemStyle: { color: '#adb5bd' },
        });
      } else series.push(line(names[k]!, v, c, false, axis));
    });
  }
  const top = 32;
  const priceHeight = 230;
  const volumeTop = top + priceHeight + 24;
  const volumeHeight = 56;
  const panelTop = (k: number) => volumeTop + volumeHeight + 16 + k * PANEL_HEIGHT;
  const grids = [
    { left: 56, right: 16, top, height: priceHeight },
    { left: 56, right: 16, top: volumeTop, height: volumeHeight },
    ...panels.map((_, k) => ({ left: 56, right: 16, top: panelTop(k), height: PANEL_HEIGHT - 30 })),
  ];
  const hidden = { axisLabel: { show: false }, axisTick: { show: false } };
  const indices = grids.map((_, i) => i);
  const zoom = view.zoom ?? {};
  return {
    animation: false,
    legend: { top: 0, type: 'scroll' },
    tooltip: { trigger: 'axis', axisPointer: { type: 'cross' } },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    grid: grids,
    xAxis: [
      { type: 'category', data: data.dates, boundaryGap: true, axisLabel: { formatter: (v: string) => f.date(v) } },
      ...grids.slice(1).map((_, k) => ({ type: 'category', data: data.dates, gridIndex: k + 1, ...hidden })),
    ],
    yAxis: [
      view.log
        ? { type: 'log', min: 'dataMin', max: 'dataMax', axisLabel: { formatter: (v: number) => f.number(v) } }
        : { scale: true, axisLabel: { formatter: (v: number) => f.number(v) } },
      { scale: true, gridIndex: 1, splitNumber: 2, axisLabel: { formatter: (v: number) => f.compact(v) } },
      ...panels.map((_, k) => ({
        scale: true,
        gridIndex: k + 2,
        splitNumber: 2,
        name: panels[k]!.names.length === 1 ? panels[k]!.names[0] : panels[k]!.study.kind.toUpperCase(),
        nameTextStyle: { align: 'left' },
        axisLabel: { formatter: (v: number) => f.number(v) },
      })),
    ],
    dataZoom: [
      { type: 'inside', xAxisIndex: indices, ...zoom },
      { type: 'slider', xAxisIndex: indices, bottom: 4, height: 18, ...zoom },
    ],
    series,
  };
}

/** A pin over each candle that holds a roll gap, labelled with the gap; its tooltip says what it is. */
function rollGapPoints(
  data: CandleData,
  marks: readonly RollGapMark[],
  f: ReturnType<typeof useFormatters>,
  t: TFunction<'symbol'>,
) {
  return {
    symbol: 'pin',
    symbolSize: 30,
    itemStyle: { color: ROLL_COLOR },
    label: { fontSize: 9, formatter: (p: { value?: unknown }) => String(p.value ?? '') },
    tooltip: { trigger: 'item', formatter: (p: { name?: string }) => p.name ?? '' },
    data: marks.map((m) => ({
      name: rollGapText(m, f, t),
      coord: [data.dates[m.index], data.candles[m.index]![3]],
      value: f.percent(m.gap, 1),
    })),
  };
}

/** "Suspected contract roll of the unadjusted front month on 27 Aug 2025: gap +3.10%". */
function rollGapText(gap: RollGapMark, f: ReturnType<typeof useFormatters>, t: TFunction<'symbol'>): string {
  return t('candles.rollGaps.mark', { date: f.date(gap.date), gap: f.percent(gap.gap) });
}

/** The chart's total height: the candles and volume, then each panel. */
export function chartHeight(extras: ChartExtras): number {
  return 360 + extras.studies.filter((s) => s.study.place === 'panel').length * PANEL_HEIGHT;
}

/** An expression's problem from the chart API, in the reader's language when the scanner's texts know its code. */
export interface ExpressionProblem {
  message: string;
  position: number;
}

function problemOf(error: unknown, t: TFunction<'symbol'>): ExpressionProblem {
  if (error instanceof ApiError && typeof error.details?.position === 'number') {
    const code = (error.details as { code?: unknown }).code;
    const params = ((error.details as { params?: unknown }).params ?? {}) as Record<string, unknown>;
    const key = `scanner:problems.${String(code)}`;
    // The server's English message names the position itself; the text below names it once.
    const message =
      typeof code === 'string' && i18n.exists(key)
        ? String(i18n.t(key as never, params as never))
        : error.message.replace(/ at position \d+$/, '');
    return { message, position: error.details.position };
  }
  return { message: error instanceof Error ? error.message : t('candles.loadFailed', { symbol: '' }), position: 0 };
}

const studyNames = (study: Study, t: TFunction<'symbol'>): string[] =>
  study.kind === 'expression'
    ? study.expressions
    : study.expressions.map((_, k) => t(`candles.studies.${study.kind}Series.${k}` as never));

/**
 * Candles with volume on daily, weekly or monthly bars, SMA 50/200 and Bollinger bands on
 * demand, studies in the scan language (presets and typed expressions, over the price or in
 * panels of their own), a comparison line against any symbol, log scale, range buttons and zoom.
 * The daily candles come from the bars API as they always did; the chart API is asked only
 * for what the reader turns on (another timeframe, a study, a comparison).
 */
export function CandlesPanel({ symbol }: { symbol: string }) {
  const { t } = useTranslation('symbol');
  const f = useFormatters();
  const [range, setRange] = useState<Range>('1Y');
  const [timeframe, setTimeframe] = useState<Timeframe>('daily');
  const [log, setLog] = useState(false);
  const [overlays, setOverlays] = useState<Overlays>({ sma: false, bollinger: false });
  const [studies, setStudies] = useState<Study[]>([]);
  const [compare, setCompare] = useState<string | null>(null);
  const [zoom, setZoom] = useState<{ start: number; end: number } | null>(null);
  const instrument = useInstrument(symbol);
  const last = instrument.data?.lastDate ?? null;
  const from = last ? fetchStart(range, last) : null;
  const daily = timeframe === 'daily';
  const bars = useBars(symbol, from, Boolean(last) && daily);
  const expressions = useMemo(() => studies.flatMap((s) => s.expressions), [studies]);
  const wantsChart = !daily || expressions.length > 0 || compare !== null;
  const chart = useQuery({
    queryKey: ['symbol-chart', symbol, timeframe, chartBars(range, timeframe), expressions, compare],
    queryFn: () =>
      apiGet(
        'symbolChart',
        {
          params: { symbol },
          query: { timeframe, bars: chartBars(range, timeframe), series: expressions, compare },
        },
        { background: true },
      ),
    enabled: wantsChart,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  const answer = wantsChart ? chart.data : undefined;
  const data = useMemo(() => {
    if (daily) return bars.data ? candleData(bars.data.bars, range) : null;
    if (!answer || answer.timeframe !== timeframe) return null;
    return candleData(chartAnswerBars(answer), range, timeframe === 'weekly' ? 'week' : 'month');
  }, [daily, bars.data, answer, range, timeframe]);
  const rollGaps = instrument.data?.rollGaps;
  const extras = useMemo(() => {
    const marks = data && rollGaps?.length ? rollGapMarks(data.dates, rollGaps) : [];
    return { ...chartExtras(data, answer, studies, compare, t), rollGaps: marks };
  }, [data, answer, studies, compare, t, rollGaps]);
  const firstVisible = data && zoom ? Math.floor((zoom.start / 100) * (data.dates.length - 1)) : 0;
  const option = useMemo(
    () => (data ? candlesOption(data, overlays, f, t, extras, { log, firstVisible, zoom }) : null),
    [data, overlays, f, t, extras, log, firstVisible, zoom],
  );
  const toggle = (key: keyof Overlays) => setOverlays((o) => ({ ...o, [key]: !o[key] }));
  const togglePreset = (key: Preset) =>
    setStudies((list) =>
      list.some((s) => s.id === key)
        ? list.filter((s) => s.id !== key)
        : [...list, { id: key, kind: key, expressions: [...PRESETS[key].expressions], place: PRESETS[key].place }],
    );
  const room = MAX_SERIES - expressions.length;
  const onZoom = (params: unknown) => {
    const p = params as { start?: number; end?: number; batch?: { start?: number; end?: number }[] };
    const start = p.batch?.[0]?.start ?? p.start;
    const end = p.batch?.[0]?.end ?? p.end;
    if (typeof start === 'number' && typeof end === 'number' && compare !== null) setZoom({ start, end });
  };
  const chartError = wantsChart && chart.isError && !answer;
  // another timeframe or range draws other bars: a zoom into the former ones no longer applies
  const unzoomed =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setZoom(null);
    };
  return (
    <div data-testid="candles-panel">
      <FrontMonthNotice assetClass={instrument.data?.assetClass} />
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <ChoiceButtons
          label={t('candles.timeframe')}
          choices={TIMEFRAMES}
          value={timeframe}
          onChoose={unzoomed(setTimeframe)}
          text={(v) => t(`candles.timeframes.${v}`)}
        />
        <ChoiceButtons
          label={t('candles.range')}
          choices={RANGES}
          value={range}
          onChoose={unzoomed(setRange)}
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
          <button
            type="button"
            className={`btn ${log ? 'btn-secondary' : 'btn-outline-secondary'}`}
            aria-pressed={log}
            onClick={() => setLog((v) => !v)}
          >
            {t('candles.log')}
          </button>
        </div>
        <div className="btn-group btn-group-sm" role="group" aria-label={t('candles.studies.label')}>
          {PRESET_KEYS.map((key) => {
            const on = studies.some((s) => s.id === key);
            return (
              <button
                key={key}
                type="button"
                className={`btn ${on ? 'btn-secondary' : 'btn-outline-secondary'}`}
                aria-pressed={on}
                disabled={!on && room < PRESETS[key].expressions.length}
                onClick={() => togglePreset(key)}
              >
                {t(`candles.studies.${key}`)}
              </button>
            );
          })}
        </div>
        {data && !daily ? null : data && data.period !== 'day' ? (
          <span className="small text-muted">{t(`candles.onePer.${data.period}`)}</span>
        ) : null}
      </div>
      <div className="d-flex flex-wrap gap-3 align-items-start mb-2">
        <ExpressionForm
          symbol={symbol}
          timeframe={timeframe}
          disabled={room < 1}
          onAdd={(expression, place) =>
            setStudies((list) => [
              ...list,
              { id: `x${Date.now()}-${list.length}`, kind: 'expression', expressions: [expression], place },
            ])
          }
        />
        <CompareForm
          symbol={symbol}
          compare={compare}
          onCompare={(s) => {
            setCompare(s);
            setZoom(null);
          }}
        />
      </div>
      {studies.some((s) => s.kind === 'expression') ? (
        <ul className="list-inline small mb-2" aria-label={t('candles.expressions.added')}>
          {studies
            .filter((s) => s.kind === 'expression')
            .map((s) => (
              <li key={s.id} className="list-inline-item badge text-bg-light border">
                <code>{s.expressions[0]}</code> · {t(`candles.expressions.places.${s.place}`)}
                <button
                  type="button"
                  className="btn-close btn-sm ms-1"
                  aria-label={t('candles.expressions.remove', { expression: s.expressions[0] })}
                  onClick={() => setStudies((list) => list.filter((x) => x.id !== s.id))}
                />
              </li>
            ))}
        </ul>
      ) : null}
      {chartError ? (
        <p className="text-danger small" role="alert">
          {chart.error instanceof ApiError ? chart.error.message : t('candles.loadFailed', { symbol })}
        </p>
      ) : null}
      {instrument.isError ? (
        <p className="text-danger small">{t('candles.noMarketData', { symbol })}</p>
      ) : daily && bars.isError ? (
        <p className="text-danger small">{t('candles.loadFailed', { symbol })}</p>
      ) : !option ? (
        chartError ? null : (
          <p className="text-muted small">{t('candles.loading')}</p>
        )
      ) : data && data.dates.length === 0 ? (
        <p className="text-muted small">{t('candles.noPrices', { symbol })}</p>
      ) : (
        <EChart
          kinds={['candles']}
          option={option}
          label={t('candles.label', { symbol })}
          height={chartHeight(extras)}
          testId="candles-chart"
          onEvent={{ datazoom: onZoom }}
        />
      )}
      {option && extras.rollGaps.length > 0 ? (
        <div className="small text-muted" data-testid="roll-gaps-legend">
          <span
            className="d-inline-block rounded-circle me-1"
            style={{ width: 8, height: 8, background: ROLL_COLOR }}
            aria-hidden="true"
          />
          {t('candles.rollGaps.legend')}
          <ul className="list-inline mb-0">
            {extras.rollGaps.map((m) => (
              <li key={m.date} className="list-inline-item">
                {t('candles.rollGaps.item', { date: f.date(m.date), gap: f.percent(m.gap) })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** The studies' values and the comparison at the candles' dates, once the chart API has answered for them. */
function chartExtras(
  data: CandleData | null,
  answer: SymbolChartResponse | undefined,
  studies: readonly Study[],
  compare: string | null,
  t: TFunction<'symbol'>,
): ChartExtras {
  if (!data || !answer) return { studies: [], compare: null };
  const byText = new Map(answer.series.map((s) => [s.expression, s.values]));
  const present = studies.filter((s) => s.expressions.every((x) => byText.has(x)));
  return {
    studies: present.map((study) => ({
      study,
      names: studyNames(study, t),
      values: study.expressions.map((x) => valuesAt(data.dates, answer.dates, byText.get(x)!)),
    })),
    compare:
      compare !== null && answer.compare
        ? { symbol: answer.compare.symbol, close: valuesAt(data.dates, answer.dates, answer.compare.close) }
        : null,
  };
}

/** Typing an expression of the scan language; the chart API checks it before it is added. */
function ExpressionForm({
  symbol,
  timeframe,
  disabled,
  onAdd,
}: {
  symbol: string;
  timeframe: Timeframe;
  disabled: boolean;
  onAdd: (expression: string, place: Place) => void;
}) {
  const { t } = useTranslation('symbol');
  const { text, problem, type, fail, clear } = useCheckedText<ExpressionProblem>();
  const [place, setPlace] = useState<Place>('panel');
  const [checking, setChecking] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const expression = text.trim();
    if (!expression) return;
    setChecking(true);
    try {
      await apiGet(
        'symbolChart',
        { params: { symbol }, query: { timeframe, bars: 1, series: [expression] } },
        { background: true },
      );
      clear();
      onAdd(expression, place);
    } catch (error) {
      fail(problemOf(error, t));
      input.current?.focus();
    } finally {
      setChecking(false);
    }
  };
  const problemId = `chart-expression-problem-${symbol}`;
  return (
    <form
      className="d-flex flex-wrap gap-1 align-items-start"
      onSubmit={submit}
      aria-label={t('candles.expressions.form')}
    >
      <InlineField
        inputRef={input}
        id={`chart-expression-${symbol}`}
        label={t('candles.expressions.label')}
        monospace
        style={{ minWidth: '14rem' }}
        placeholder={t('candles.expressions.placeholder')}
        value={text}
        maxLength={200}
        onChange={type}
        problemId={problemId}
        problemTestId="chart-expression-problem"
        problem={
          problem ? (
            <>
              <code className="d-block text-body">
                {text.slice(0, Math.max(0, problem.position - 1))}
                <mark className="text-decoration-underline text-danger">
                  {text.slice(Math.max(0, problem.position - 1), problem.position) || ' '}
                </mark>
                {text.slice(problem.position)}
              </code>
              {t('candles.expressions.problem', { message: problem.message, position: problem.position })}
            </>
          ) : null
        }
      />
      <label className="visually-hidden" htmlFor={`chart-expression-place-${symbol}`}>
        {t('candles.expressions.place')}
      </label>
      <select
        id={`chart-expression-place-${symbol}`}
        className="form-select form-select-sm w-auto"
        value={place}
        onChange={(e) => setPlace(e.target.value as Place)}
      >
        <option value="panel">{t('candles.expressions.places.panel')}</option>
        <option value="overlay">{t('candles.expressions.places.overlay')}</option>
      </select>
      <button type="submit" className="btn btn-sm btn-outline-primary" disabled={disabled || checking || !text.trim()}>
        {t('candles.expressions.add')}
      </button>
    </form>
  );
}

/** The comparison symbol: checked with the chart API (a symbol it has data for), then drawn rebased. */
function CompareForm({
  symbol,
  compare,
  onCompare,
}: {
  symbol: string;
  compare: string | null;
  onCompare: (symbol: string | null) => void;
}) {
  const { t } = useTranslation('symbol');
  const { text, problem: error, type, fail, clear } = useCheckedText<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const other = text.trim().toUpperCase();
    if (!other) return;
    try {
      await apiGet('symbolChart', { params: { symbol }, query: { bars: 1, compare: other } }, { background: true });
      clear();
      onCompare(other);
    } catch {
      fail(t('candles.compare.unknown', { symbol: other }));
    }
  };
  if (compare !== null) {
    return (
      <div className="d-flex gap-1 align-items-center small">
        <span>{t('candles.compare.showing', { symbol: compare })}</span>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onCompare(null)}>
          {t('candles.compare.remove', { symbol: compare })}
        </button>
      </div>
    );
  }
  const errorId = `chart-compare-error-${symbol}`;
  return (
    <form className="d-flex gap-1 align-items-start" onSubmit={submit} aria-label={t('candles.compare.form')}>
      <InlineField
        id={`chart-compare-${symbol}`}
        label={t('candles.compare.label')}
        style={{ width: '7rem' }}
        placeholder={t('candles.compare.placeholder')}
        value={text}
        maxLength={20}
        onChange={type}
        problemId={errorId}
        problem={error}
      />
      <button type="submit" className="btn btn-sm btn-outline-primary" disabled={!text.trim()}>
        {t('candles.compare.button')}
      </button>
    </form>
  );
}

export default CandlesPanel;
