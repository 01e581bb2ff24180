import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link, useSearchParams } from 'react-router';
import { seasonalAlertLink } from '../../shared/links/alert-links';
import { apiQueryPost } from '../../shared/api';
import type { EndpointBody, SeasonalScanResponse, WindowRank } from '@solstice/contracts';
import { premiumScreen } from '../../shared/ui/premium-gate';
import { useFormatters } from '../../shared/format';
import { QueryView, type ToolInfo } from '../../shared/ui/states';
import { Field, SubmitColumn, TextField } from '../../shared/ui/fields';
import { DirectionUniverseFields } from './direction-universe-fields';
import { DayRangeFields } from './day-range-fields';
import { YearRangeFields } from '../../shared/ui/seasonality-form';
import { DEFAULTS, KEYS, check, scanBody, upcomingStarts, type Key } from '../../shared/ui/scan-form';
import { useMarketFreshness } from '../../shared/lib/market-freshness';
import { useScreenForm } from '../../shared/ui/screen-form';
import { AddToWatchlistButton } from '../../shared/ui/symbol-link';
import { directionColumn, symbolColumn } from '../../shared/tables/columns';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { conditionRemovedColumn, windowStatColumns } from '../../shared/stats/window-columns';
import { signalColumn } from '../../shared/stats/trade-signal';
import { AddToBacktestLink } from '../../shared/links/add-to-backtest';
import type { LegSearch } from '../../shared/links/backtest-url';
import { MaxQValueField, TestedNote, qValueColumn } from '../../shared/stats/evidence';
import { YearSetFields } from '../../shared/ui/year-set-fields';
import { ConditionField, conditionProblem } from '../../shared/ui/condition-field';
import { RankSwitch, rankOf, riskColumns } from '../../shared/stats/risk';
import { normalizeYearSet, yearSetQuery } from '../../shared/ui/year-sets';
import { UpcomingView } from './upcoming-view';

export { scanBody };

type SeasonalScanResult = SeasonalScanResponse['results'][number] & { name?: string };

/** What the seasonality scanner does, for the subscribe card (in the interface's language). */
export const seasonalityScannerTool = (t: TFunction<'seascan'>): ToolInfo => ({
  title: t('tool.title'),
  description: t('tool.description'),
  features: [t('tool.features.universe'), t('tool.features.direction'), t('tool.features.significance')],
});

export const SeasonalityScannerScreen = premiumScreen(
  'seascan',
  seasonalityScannerTool,
  'title',
  SeasonalityScannerViews,
);

/** The scanner's two views: start days in a date range, or the windows starting soon (`view=upcoming`). */
function SeasonalityScannerViews() {
  const { t } = useTranslation('seascan');
  const [params] = useSearchParams();
  const upcoming = params.get('view') === 'upcoming';
  return (
    <>
      <nav className="container-fluid pt-3" aria-label={t('views.label')}>
        <ul className="nav nav-tabs">
          <li className="nav-item">
            <Link
              className={`nav-link${upcoming ? '' : ' active'}`}
              aria-current={upcoming ? undefined : 'page'}
              to="?"
            >
              {t('views.range')}
            </Link>
          </li>
          <li className="nav-item">
            <Link
              className={`nav-link${upcoming ? ' active' : ''}`}
              aria-current={upcoming ? 'page' : undefined}
              to="?view=upcoming"
            >
              {t('views.upcoming')}
            </Link>
          </li>
        </ul>
      </nav>
      {upcoming ? <UpcomingScreen /> : <SeasonalityScannerTool />}
    </>
  );
}

function UpcomingScreen() {
  const { t } = useTranslation('seascan');
  return (
    <div className="container-fluid py-3" data-testid="seasonality-scanner-screen">
      <h1 className="h4">{t('title')}</h1>
      <UpcomingView tool={seasonalityScannerTool(t)} />
    </div>
  );
}

function SeasonalityScannerTool() {
  const { t } = useTranslation('seascan');
  const f = useFormatters();
  const tool = seasonalityScannerTool(t);
  // the windows about to open after the data's last bar, as the dashboard's upcoming windows
  const asOf = useMarketFreshness().data?.asOf;
  const { url, form, setForm, field, submit } = useScreenForm(KEYS, 'seascanForm', {
    ...DEFAULTS,
    ...upcomingStarts(asOf),
  });
  // each input's value and change handler, by key
  const bound = Object.fromEntries(KEYS.map((k) => [k, field(k)])) as Record<Key, ReturnType<typeof field>>;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ready = Boolean(url.startFrom && url.startTo && url.minDays && url.maxDays);
  const query = useQuery({
    queryKey: ['seasonality-scan', url],
    queryFn: () => apiQueryPost('seasonalityScan', { body: scanBody(url) as EndpointBody<'seasonalityScan'> }),
    enabled: ready,
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const values = normalizeYearSet(form);
    const problems = check(values, t);
    setErrors(problems);
    if (!Object.keys(problems).length) submit(values);
  };
  // The rank reorders the results at once: the last scan's values with the new rank, in the
  // URL and the saved form.
  const onRank = (rank: WindowRank) => {
    setForm((v) => ({ ...v, rank }));
    submit({ ...DEFAULTS, ...url, rank });
  };
  const winRatePct = form.minWinRate === '' ? '' : String(Math.round(Number(form.minWinRate) * 1000) / 10);

  const linkParams = (r: SeasonalScanResult, extra: Record<string, string>) => {
    const p = new URLSearchParams({ symbol: r.symbol, ...extra, ...yearSetQuery(url) });
    if (url.from) p.set('from', url.from);
    if (url.to) p.set('to', url.to);
    return p.toString();
  };
  // A leg added from here carries the scan's search (its lengths, side and years): the backtest
  // deflates the window by that symbol's best-trades search over them.
  const legSearch: LegSearch = {
    minDays: Number(url.minDays),
    maxDays: Number(url.maxDays),
    direction: url.direction === 'short' || url.direction === 'both' ? url.direction : 'long',
    from: url.from,
    to: url.to,
    minYears: url.minYears,
    ...yearSetQuery(url),
  };
  const columns: Column<SeasonalScanResult>[] = [
    symbolColumn<SeasonalScanResult>(t('results.symbol')),
    directionColumn<SeasonalScanResult>(t('results.side')),
    signalColumn<SeasonalScanResult>((r) => r.direction),
    ...windowStatColumns<SeasonalScanResult>(f),
    ...(url.condition?.trim() ? [conditionRemovedColumn<SeasonalScanResult>(f)] : []),
    ...riskColumns<SeasonalScanResult>(f),
    qValueColumn<SeasonalScanResult>(f),
    {
      key: 'open',
      csv: false,
      label: t('results.open'),
      text: () => '',
      render: (r) => (
        <span className="d-inline-flex gap-2 align-items-center">
          <Link
            to={`/seasonality/pattern?${linkParams(r, { start: r.start, end: r.end, direction: r.direction })}`}
            aria-label={t('results.patternOf', { symbol: r.symbol })}
          >
            {t('results.pattern')}
          </Link>
          <Link
            to={`/seasonality/calendar?${linkParams(r, {})}`}
            aria-label={t('results.calendarOf', { symbol: r.symbol })}
          >
            {t('results.calendar')}
          </Link>
          <Link
            to={seasonalAlertLink({
              symbol: r.symbol,
              minDays: r.days,
              maxDays: r.days,
              minWinRate: Math.floor(r.stats.winRate * 100) / 100,
              minYears: Math.max(1, r.stats.count - 2),
              direction: r.direction === 'short' ? 'short' : 'long',
            })}
            aria-label={t('results.alertOf', { symbol: r.symbol })}
          >
            {t('results.alert')}
          </Link>
          <AddToBacktestLink
            leg={{ symbol: r.symbol, start: r.start, end: r.end, direction: r.direction, search: legSearch }}
          />
          <AddToWatchlistButton symbol={r.symbol} description={r.name} />
        </span>
      ),
    },
  ];
  return (
    <div className="container-fluid py-3" data-testid="seasonality-scanner-screen">
      <h1 className="h4">{t('title')}</h1>
      <form className="row g-2 align-items-end mb-3" onSubmit={onSubmit} noValidate aria-label={t('form.label')}>
        <Field id="ss-start-from" label={t('form.startFrom')} error={errors.startFrom}>
          <input id="ss-start-from" className="form-control form-control-sm" {...bound.startFrom} />
        </Field>
        <Field id="ss-start-to" label={t('form.startTo')} error={errors.startTo}>
          <input id="ss-start-to" className="form-control form-control-sm" {...bound.startTo} />
        </Field>
        <DayRangeFields idPrefix="ss" errors={errors} bound={bound} />
        <TextField
          id="ss-win-rate"
          label={t('form.minWinRate')}
          error={errors.minWinRate}
          inputMode="decimal"
          value={winRatePct}
          onChange={(e) =>
            setForm((v) => ({ ...v, minWinRate: e.target.value === '' ? '' : String(Number(e.target.value) / 100) }))
          }
        />
        <TextField
          id="ss-min-years"
          label={t('form.minYears')}
          error={errors.minYears}
          inputMode="numeric"
          placeholder={t('form.minYearsPlaceholder')}
          {...bound.minYears}
        />
        <YearRangeFields ns="seascan" idPrefix="ss" errors={errors} from={bound.from} to={bound.to} />
        <MaxQValueField id="ss-max-q" error={errors.maxQValue} {...bound.maxQValue} />
        <YearSetFields idPrefix="ss" values={form} errors={errors} onChange={(p) => setForm((v) => ({ ...v, ...p }))} />
        <ConditionField
          id="ss-condition"
          problem={url.condition?.trim() ? conditionProblem(query.error) : undefined}
          checked={url.condition}
          {...bound.condition}
        />
        <DirectionUniverseFields idPrefix="ss" form={form} setForm={setForm} />
        <SubmitColumn className="col-12 col-md-auto">{t('form.scan')}</SubmitColumn>
      </form>
      {!ready ? <p className="text-muted">{t('form.hint')}</p> : null}
      <QueryView query={query} tool={tool} isEmpty={(d) => d.results.length === 0} empty={t('results.empty')}>
        {(data) => (
          <>
            <TestedNote tested={data.tested} f={f} />
            <RankSwitch id="ss-rank" value={rankOf(url.rank)} onChange={onRank} />
            <DataTable
              rows={data.results}
              columns={columns}
              rowKey={(r) => `${r.symbol}-${r.direction}-${r.start}-${r.end}`}
              caption={t('results.caption')}
              filename={`seasonality-scan-${url.startFrom}-${url.startTo}.csv`}
              testId="seasonality-scan-results"
            />
          </>
        )}
      </QueryView>
    </div>
  );
}

export default SeasonalityScannerScreen;
