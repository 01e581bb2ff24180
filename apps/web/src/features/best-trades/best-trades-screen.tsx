import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { seasonalAlertLink } from '../alerts/alert-links';
import { apiGet } from '../../shared/api';
import type { BestTradesResponse, TestedWindow } from '@solstice/contracts';
import { PremiumGate } from '../../shared/ui/premium-gate';
import { useFormatters } from '../../shared/format';
import { QueryView, type ToolInfo } from '../../shared/ui/states';
import { Field, checkWindowFields } from '../../shared/ui/fields';
import { InstrumentHeader } from '../../shared/ui/instrument-header';
import { useScreenForm } from '../../shared/ui/screen-form';
import { useFollowSymbol } from '../../shared/ui/follow-symbol';
import { SeasonalityToolsNav } from '../../shared/ui/seasonality-tools-nav';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { windowStatColumns } from '../../shared/stats/window-columns';
import { signalColumn } from '../../shared/stats/trade-signal';
import { i18n } from '../../i18n/i18n';
import { AddToBacktestLink } from '../backtest/add-to-backtest';
import { YearSetFields } from '../../shared/ui/year-set-fields';
import {
  YEAR_SET_DEFAULTS,
  YEAR_SET_KEYS,
  checkYearSet,
  normalizeYearSet,
  yearSetQuery,
} from '../../shared/ui/year-sets';
import { MaxQValueField, TestedNote, checkMaxQValue, qValueColumn } from '../../shared/stats/evidence';
import { WalkForwardPanel } from './walk-forward-panel';

const KEYS = ['symbol', 'minDays', 'maxDays', 'from', 'to', 'minYears', 'top', 'maxQValue', ...YEAR_SET_KEYS] as const;
const DEFAULTS = {
  symbol: 'AAPL',
  minDays: '10',
  maxDays: '30',
  from: '',
  to: '',
  minYears: '',
  top: '10',
  maxQValue: '',
  ...YEAR_SET_DEFAULTS,
};

/** What the tool does, in the current language (read at call time). */
export function bestTradesTool(): ToolInfo {
  return {
    title: i18n.t('bestTrades:tool.title'),
    description: i18n.t('bestTrades:tool.description'),
    features: [
      i18n.t('bestTrades:tool.features.directions'),
      i18n.t('bestTrades:tool.features.stats'),
      i18n.t('bestTrades:tool.features.pattern'),
    ],
  };
}

function checkNumbers(v: Record<string, string>): Record<string, string> {
  const errors = checkWindowFields({ symbol: v.symbol, from: v.from, to: v.to });
  const min = Number(v.minDays);
  const max = Number(v.maxDays);
  if (!Number.isInteger(min) || min < 1) errors.minDays = i18n.t('bestTrades:errors.days');
  if (!Number.isInteger(max) || max < 1) errors.maxDays = i18n.t('bestTrades:errors.days');
  else if (Number.isInteger(min) && max < min) errors.maxDays = i18n.t('bestTrades:errors.maxBelowMin');
  if (v.minYears && !/^\d+$/.test(v.minYears)) errors.minYears = i18n.t('bestTrades:errors.wholeNumber');
  if (v.top && !/^\d+$/.test(v.top)) errors.top = i18n.t('bestTrades:errors.wholeNumber');
  return { ...errors, ...checkMaxQValue(v.maxQValue), ...checkYearSet(v) };
}

export function BestTradesScreen() {
  const { t } = useTranslation('bestTrades');
  return (
    <PremiumGate tool={bestTradesTool()} title={t('title')}>
      <BestTradesTool />
    </PremiumGate>
  );
}

function BestTradesTool() {
  const { t } = useTranslation('bestTrades');
  const f = useFormatters();
  const { url, form, setForm, field, submit, setUrl } = useScreenForm(KEYS, null, DEFAULTS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ready = Boolean(url.symbol && url.minDays && url.maxDays);
  useFollowSymbol(url, ready, (focus) => setUrl({ ...form, ...focus }, true));
  const query = useQuery({
    queryKey: ['best-trades', url],
    queryFn: () => apiGet<BestTradesResponse>('/api/v1/seasonality/best-trades', url),
    enabled: ready,
  });
  const walkForwardParams = {
    symbol: url.symbol,
    minDays: url.minDays,
    maxDays: url.maxDays,
    from: url.from,
    to: url.to,
    minYears: url.minYears,
    ...yearSetQuery(url),
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const values = normalizeYearSet({ ...form, symbol: form.symbol.trim().toUpperCase() });
    const problems = checkNumbers(values);
    setErrors(problems);
    if (!Object.keys(problems).length) submit(values);
  };
  const text = (id: string, label: string, key: (typeof KEYS)[number], placeholder?: string) => (
    <Field key={id} id={id} label={label} error={errors[key]}>
      <input
        id={id}
        className="form-control form-control-sm"
        inputMode={key === 'symbol' ? undefined : 'numeric'}
        placeholder={placeholder}
        autoComplete="off"
        {...field(key)}
      />
    </Field>
  );
  const maxQ = field('maxQValue');
  const inputs = [
    text('bt-symbol', t('form.symbol'), 'symbol'),
    text('bt-min', t('form.minDays'), 'minDays'),
    text('bt-max', t('form.maxDays'), 'maxDays'),
    text('bt-from', t('form.from'), 'from', t('form.all')),
    text('bt-to', t('form.to'), 'to', t('form.all')),
    text('bt-min-years', t('form.minYears'), 'minYears', t('form.minYearsPlaceholder')),
    text('bt-top', t('form.top'), 'top'),
    <MaxQValueField key="bt-max-q" id="bt-max-q" error={errors.maxQValue} {...maxQ} />,
    <YearSetFields
      key="bt-year-set"
      idPrefix="bt"
      values={form}
      errors={errors}
      onChange={(patch) => setForm((v) => ({ ...v, ...patch }))}
    />,
  ];
  const link = (symbol: string, w: TestedWindow, direction: string) => {
    const p = new URLSearchParams({ symbol, start: w.start, end: w.end, direction, ...yearSetQuery(url) });
    if (url.from) p.set('from', url.from);
    if (url.to) p.set('to', url.to);
    return `/seasonality/pattern?${p.toString()}`;
  };
  const columns = (symbol: string, direction: 'long' | 'short'): Column<TestedWindow>[] => [
    signalColumn<TestedWindow>(() => direction),
    ...windowStatColumns<TestedWindow>(f),
    qValueColumn<TestedWindow>(f),
    {
      key: 'open',
      csv: false,
      label: t('table.pattern'),
      text: (w) => link(symbol, w, direction),
      render: (w) => (
        <Link to={link(symbol, w, direction)} aria-label={t('table.openLabel', { start: w.start, end: w.end })}>
          {t('table.open')}
        </Link>
      ),
    },
    {
      key: 'alert',
      csv: false,
      label: t('table.alert'),
      text: () => '',
      render: (w) => (
        <Link
          to={seasonalAlertLink({
            symbol,
            minDays: w.days,
            maxDays: w.days,
            minWinRate: Math.floor(w.stats.winRate * 100) / 100,
            minYears: Math.max(1, w.stats.count - 2),
            direction: direction,
          })}
          aria-label={t('table.alertLabel', { start: w.start, end: w.end })}
        >
          {t('table.alert')}
        </Link>
      ),
    },
    {
      key: 'backtest',
      csv: false,
      label: '',
      text: () => '',
      render: (w) => <AddToBacktestLink leg={{ symbol, start: w.start, end: w.end, direction }} />,
    },
  ];
  return (
    <div className="container-fluid py-3" data-testid="best-trades-screen">
      <h1 className="h4">{t('title')}</h1>
      <form className="row g-2 align-items-end mb-3" onSubmit={onSubmit} noValidate aria-label={t('form.label')}>
        {inputs}
        <div className="col-12 col-md-auto">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('form.submit')}
          </button>
        </div>
      </form>
      {!ready ? <p className="text-muted">{t('hint')}</p> : null}
      <QueryView
        query={query}
        tool={bestTradesTool()}
        isEmpty={(d) => d.long.length === 0 && d.short.length === 0}
        empty={t('empty')}
      >
        {(data) => {
          return (
            <>
              <InstrumentHeader symbol={data.symbol}>
                <SeasonalityToolsNav current="bestTrades" focus={{ symbol: data.symbol, from: url.from, to: url.to }} />
              </InstrumentHeader>
              <TestedNote tested={data.tested} f={f} />
              <div className="row">
                <section className="col-12 col-xl-6" aria-labelledby="bt-long">
                  <h2 className="h6" id="bt-long">
                    {t('long.title')}
                  </h2>
                  <DataTable
                    rows={data.long}
                    columns={columns(data.symbol, 'long')}
                    rowKey={(w) => `${w.start}-${w.end}`}
                    caption={t('long.caption')}
                    filename={`best-trades-long-${data.symbol}.csv`}
                    testId="best-long"
                  />
                </section>
                <section className="col-12 col-xl-6" aria-labelledby="bt-short">
                  <h2 className="h6" id="bt-short">
                    {t('short.title')}
                  </h2>
                  <DataTable
                    rows={data.short}
                    columns={columns(data.symbol, 'short')}
                    rowKey={(w) => `${w.start}-${w.end}`}
                    caption={t('short.caption')}
                    filename={`best-trades-short-${data.symbol}.csv`}
                    testId="best-short"
                  />
                </section>
              </div>
              <WalkForwardPanel params={walkForwardParams} f={f} />
            </>
          );
        }}
      </QueryView>
    </div>
  );
}

export default BestTradesScreen;
