import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../shared/format';
import { QueryView, type ToolInfo } from '../../shared/ui/states';
import { TextField, checkWindowFields } from '../../shared/ui/fields';
import { ChartResult } from './chart-result';
import { MMDD } from '../../shared/ui/fields';
import { i18n } from '../../shared/i18n/i18n';
import { YearSetFields } from '../../shared/ui/year-set-fields';
import { YEAR_SET_DEFAULTS, YEAR_SET_KEYS, yearSetQuery } from '../../shared/ui/year-sets';
import { toolScreen, ToolPage, toolInfo, useSeasonalityTool } from '../../shared/ui/seasonality-tool';
import { SymbolField, ToolForm, YearRangeFields } from '../../shared/ui/seasonality-form';
import { useToolQuery } from '../../shared/ui/tool-query';
import { RollAdjustField } from '../../shared/ui/roll-adjust';
import { rollAdjustQuery } from '../../shared/ui/roll-adjust-query';

// start/end: the window dragged across the chart; compare: a second symbol's average year
// benchmark: any instrument instead of SPY; years/median: the years one by one, their median
const KEYS = [
  'symbol',
  'from',
  'to',
  'detrended',
  'compare',
  'start',
  'end',
  'benchmark',
  'years',
  'median',
  'rollAdjust',
  ...YEAR_SET_KEYS,
] as const;
const DEFAULTS = {
  symbol: 'AAPL',
  from: '',
  to: '',
  detrended: '',
  compare: '',
  start: '',
  end: '',
  benchmark: '',
  years: '',
  median: '',
  rollAdjust: '',
  ...YEAR_SET_DEFAULTS,
};

/** What the chart draws on demand; the URL keeps each (labels: chart:toggles.<key>). */
const TOGGLES = ['detrended', 'years', 'median'] as const;

/** What the tool does, in the current language (read at call time). */
export function chartTool(): ToolInfo {
  return toolInfo('chart', ['average', 'thisYear', 'benchmark']);
}

/** The chart's own checks: the compared symbol and the benchmark (the form's are added). */
function checkChart(values: Record<string, string>): Record<string, string> {
  const problems = checkWindowFields({ symbol: values.symbol, from: values.from, to: values.to });
  for (const key of ['compare', 'benchmark'] as const) {
    const value = values[key];
    if (value && !/^[A-Z0-9.^=_-]{1,20}$/.test(value)) problems[key] = i18n.t('chart:form.symbolError');
  }
  return problems;
}

const upper = (values: Record<string, string>) => ({
  ...values,
  compare: (values.compare ?? '').trim().toUpperCase(),
  benchmark: (values.benchmark ?? '').trim().toUpperCase(),
});

export { dayLabel } from '../../shared/charts/chart-option';

function useChart(params: Record<string, string | undefined>, enabled: boolean) {
  return useToolQuery('seasonal-chart', 'seasonalityChart', params, enabled);
}

export const SeasonalityChartScreen = toolScreen('chart', chartTool, SeasonalityChartTool);

function SeasonalityChartTool() {
  const { t } = useTranslation('chart');
  const f = useFormatters();
  const { url, errors, ready, onSubmit, bound, focus, yearSet, setUrl } = useSeasonalityTool({
    keys: KEYS,
    defaults: DEFAULTS,
    isReady: (u) => Boolean(u.symbol),
    check: checkChart,
    tidy: upper,
  });
  const showYears = url.years === 'true';
  const showMedian = url.median === 'true';
  const params = {
    symbol: url.symbol,
    from: url.from,
    to: url.to,
    ...yearSetQuery(url),
    ...rollAdjustQuery(url.rollAdjust),
    benchmark: url.benchmark,
    paths: showYears || showMedian ? '1' : undefined,
  };
  const chart = useChart(params, ready);
  const compareSymbol = url.compare && url.compare !== url.symbol ? url.compare : undefined;
  const compare = useChart(
    { symbol: compareSymbol, from: url.from, to: url.to, ...yearSetQuery(url), ...rollAdjustQuery(url.rollAdjust) },
    ready && Boolean(compareSymbol),
  );
  const selection =
    url.start && url.end && MMDD.test(url.start) && MMDD.test(url.end) ? { start: url.start, end: url.end } : null;
  const select = useCallback(
    (window: { start: string; end: string } | null) => setUrl({ start: window?.start, end: window?.end }),
    [setUrl],
  );
  const form = (
    <ToolForm ns="chart" onSubmit={onSubmit}>
      <SymbolField ns="chart" id="chart-symbol" error={errors.symbol} {...bound.symbol} />
      <YearRangeFields ns="chart" idPrefix="chart" errors={errors} from={bound.from} to={bound.to} />
      <TextField
        id="chart-compare"
        label={t('form.compare')}
        error={errors.compare}
        placeholder={t('form.comparePlaceholder')}
        autoComplete="off"
        {...bound.compare}
      />
      <TextField
        id="chart-benchmark"
        label={t('form.benchmark')}
        error={errors.benchmark}
        placeholder="SPY"
        autoComplete="off"
        {...bound.benchmark}
      />
      <YearSetFields idPrefix="chart" {...yearSet} />
      <RollAdjustField id="chart-roll-adjust" symbol={url.symbol} {...bound.rollAdjust} />
      {TOGGLES.map((key) => (
        <div key={key} className="col-auto form-check ms-2 mb-1">
          <input
            id={`chart-${key}`}
            type="checkbox"
            className="form-check-input"
            checked={url[key] === 'true'}
            disabled={!url.symbol}
            onChange={(e) => setUrl({ [key]: e.target.checked ? 'true' : null })}
          />
          <label htmlFor={`chart-${key}`} className="form-check-label">
            {t(`toggles.${key}`)}
          </label>
        </div>
      ))}
    </ToolForm>
  );
  return (
    <ToolPage ns="chart" testId="seasonality-chart-screen" ready={ready} form={form}>
      <QueryView query={chart} tool={chartTool()} isEmpty={(d) => d.years.length === 0 || !d.curve} empty={t('empty')}>
        {(data) => (
          <ChartResult
            data={data}
            detrended={url.detrended === 'true'}
            f={f}
            focus={{ ...focus, symbol: data.symbol }}
            compare={compare.data?.curve ? compare.data : null}
            selection={selection}
            onSelect={select}
            showYears={showYears}
            showMedian={showMedian}
          />
        )}
      </QueryView>
      {compareSymbol && compare.isError ? (
        <p className="text-danger small" role="alert">
          {t('compareError', { symbol: compareSymbol, message: (compare.error as Error).message })}
        </p>
      ) : null}
    </ToolPage>
  );
}

export default SeasonalityChartScreen;
