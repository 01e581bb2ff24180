import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { EndpointBody, SeasonalScanResponse } from '@solstice/contracts';
import { apiQueryPost } from '../../shared/api';
import { useFormatters, type Formatters } from '../../shared/format';
import { QueryView, type ToolInfo } from '../../shared/ui/states';
import { SubmitColumn, TextField } from '../../shared/ui/fields';
import { DirectionUniverseFields } from './direction-universe-fields';
import { DayRangeFields } from './day-range-fields';
import { ChoiceButtons } from '../../shared/ui/choice-buttons';
import { useScreenForm } from '../../shared/ui/screen-form';
import { assetClassBody, checkDays, optionalNumber, universeBody, withoutUndefined } from '../../shared/ui/scan-form';
import { actionColumn, directionColumn, symbolColumn, timeColumn, valueColumn } from '../../shared/tables/columns';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { CHANCE_Q, TestedNote, qValueColumn } from '../../shared/stats/evidence';

// "Starting soon": the seasonality scanner's upcoming mode (analytics.md, "Upcoming windows"):
// the windows that start in the next N days after the as-of date, read with no later data.

type UpcomingResult = SeasonalScanResponse['results'][number];

/** The view's fields, the API's names (kept in the URL); `view` selects it on the scanner's page. */
export const UPCOMING_KEYS = [
  'view',
  'upcoming',
  'asOf',
  'minDollarVolume',
  'minDays',
  'maxDays',
  'direction',
  'universe',
  'assetClass',
] as const;
type UpcomingKey = (typeof UPCOMING_KEYS)[number];

export const UPCOMING_DEFAULTS: Record<UpcomingKey, string> = {
  view: 'upcoming',
  upcoming: '14',
  // empty: the latest session (today's data); a past date replays the scan as of then
  asOf: '',
  minDollarVolume: '',
  minDays: '5',
  maxDays: '20',
  direction: 'long',
  universe: 'all',
  assetClass: '',
};

/** The quick choices of the days ahead; any other number from 1 to 90 is typed. */
const DAY_CHOICES = ['7', '14', '30'] as const;
const MAX_DAYS_AHEAD = 90;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The request body of the view from its URL parameters. */
export function upcomingBody(url: Partial<Record<UpcomingKey, string>>): Record<string, unknown> {
  const num = optionalNumber;
  return withoutUndefined({
    upcoming: num(url.upcoming),
    asOf: url.asOf || undefined,
    minDollarVolume: num(url.minDollarVolume),
    minDays: num(url.minDays),
    maxDays: num(url.maxDays),
    direction: url.direction || undefined,
    universe: universeBody(url.universe),
    assetClass: assetClassBody(url.assetClass),
  });
}

type Errors = Partial<Record<UpcomingKey, string>>;

function checkUpcoming(v: Record<UpcomingKey, string>, t: TFunction<'seascan'>): Errors {
  const errors: Errors = {};
  const days = Number(v.upcoming);
  if (!/^\d+$/.test(v.upcoming) || days < 1 || days > MAX_DAYS_AHEAD) errors.upcoming = t('upcoming.errors.days');
  if (v.asOf && (!ISO_DATE.test(v.asOf) || Number.isNaN(Date.parse(`${v.asOf}T00:00:00Z`))))
    errors.asOf = t('upcoming.errors.asOf');
  Object.assign(errors, checkDays(v.minDays, v.maxDays, t));
  if (v.minDollarVolume && !(Number(v.minDollarVolume) >= 0))
    errors.minDollarVolume = t('upcoming.errors.dollarVolume');
  return errors;
}

/** Calendar days from one YYYY-MM-DD to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Millions of dollars, as the field shows them, from the URL's dollars (and back). */
const millions = (dollars: string) => (dollars === '' ? '' : String(Number(dollars) / 1e6));
const dollars = (millionsText: string) =>
  millionsText.trim() === '' ? '' : String(Math.round(Number(millionsText) * 1e6));

export function UpcomingView({ tool }: { tool: ToolInfo }) {
  const { t } = useTranslation('seascan');
  const f = useFormatters();
  const { url, form, setForm, field, submit } = useScreenForm(UPCOMING_KEYS, null, UPCOMING_DEFAULTS);
  const bound = Object.fromEntries(UPCOMING_KEYS.map((k) => [k, field(k)])) as Record<
    UpcomingKey,
    ReturnType<typeof field>
  >;
  const [errors, setErrors] = useState<Errors>({});
  const [volumeText, setVolumeText] = useState(() => millions(form.minDollarVolume));
  // back/forward or a link changed the URL's minimum: show it in millions
  const urlVolume = url.minDollarVolume ?? '';
  useEffect(() => setVolumeText(millions(urlVolume)), [urlVolume]);
  const values = { ...UPCOMING_DEFAULTS, ...url };
  const query = useQuery({
    queryKey: ['seasonality-upcoming', values],
    queryFn: () => apiQueryPost('seasonalityScan', { body: upcomingBody(values) as EndpointBody<'seasonalityScan'> }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = { ...form, view: 'upcoming', minDollarVolume: dollars(volumeText) };
    const problems = checkUpcoming(next, t);
    if (volumeText.trim() !== '' && !(Number(volumeText) >= 0))
      problems.minDollarVolume = t('upcoming.errors.dollarVolume');
    setErrors(problems);
    if (!Object.keys(problems).length) submit(next);
  };

  return (
    <section aria-labelledby="ss-upcoming-title" data-testid="seasonality-upcoming">
      <h2 id="ss-upcoming-title" className="h5">
        {t('upcoming.title')}
      </h2>
      <p className="text-muted small">{t('upcoming.intro')}</p>
      <form className="row g-2 align-items-end mb-3" onSubmit={onSubmit} noValidate aria-label={t('upcoming.form')}>
        <div className="col-12 col-md-auto">
          <div className="form-label small mb-1" aria-hidden="true">
            {t('upcoming.next')}
          </div>
          <ChoiceButtons<string>
            label={t('upcoming.next')}
            choices={DAY_CHOICES}
            value={form.upcoming}
            onChoose={(upcoming) => setForm((v) => ({ ...v, upcoming }))}
            text={(n) => t('upcoming.days', { count: Number(n) })}
          />
        </div>
        <TextField
          id="ss-up-days"
          label={t('upcoming.custom')}
          error={errors.upcoming}
          inputMode="numeric"
          {...bound.upcoming}
        />
        <TextField
          id="ss-up-as-of"
          label={t('upcoming.asOf')}
          hint={t('upcoming.asOfHint')}
          error={errors.asOf}
          type="date"
          {...bound.asOf}
        />
        <TextField
          id="ss-up-volume"
          label={t('upcoming.minDollarVolume')}
          error={errors.minDollarVolume}
          inputMode="decimal"
          value={volumeText}
          onChange={(e) => setVolumeText(e.target.value)}
        />
        <DayRangeFields idPrefix="ss-up" errors={errors} bound={bound} />
        <DirectionUniverseFields idPrefix="ss-up" form={form} setForm={setForm} />
        <SubmitColumn className="col-12 col-md-auto">{t('upcoming.show')}</SubmitColumn>
      </form>
      <QueryView query={query} tool={tool}>
        {(data) => <UpcomingResults data={data} f={f} />}
      </QueryView>
    </section>
  );
}

function UpcomingResults({ data, f }: { data: SeasonalScanResponse; f: Formatters }) {
  const { t } = useTranslation('seascan');
  const asOf = data.asOf ?? null;
  if (asOf === null) return <p data-testid="upcoming-no-session">{t('upcoming.noSession')}</p>;
  const significant = data.results.filter((r) => r.stats.qValue !== null && r.stats.qValue <= CHANCE_Q).length;
  const columns: Column<UpcomingResult>[] = [
    symbolColumn<UpcomingResult>(t('results.symbol')),
    directionColumn<UpcomingResult>(t('results.side')),
    timeColumn<UpcomingResult>(
      'startDate',
      t('upcoming.columns.startDate'),
      'Start date',
      (r) => r.startDate ?? null,
      f.date,
    ),
    timeColumn<UpcomingResult>('endDate', t('upcoming.columns.endDate'), 'End date', (r) => r.endDate ?? null, f.date),
    valueColumn<UpcomingResult>(
      'daysUntil',
      t('upcoming.columns.daysUntil'),
      'Days until start',
      (r) => (r.startDate ? daysBetween(asOf, r.startDate) : null),
      (v) => (v == null ? '' : f.number(v, 0)),
    ),
    valueColumn<UpcomingResult>(
      'days',
      t('upcoming.columns.days'),
      'Days',
      (r) => r.days,
      (v) => f.number(v, 0),
    ),
    valueColumn<UpcomingResult>(
      'count',
      t('upcoming.columns.years'),
      'Years',
      (r) => r.stats.count,
      (v) => f.number(v, 0),
    ),
    valueColumn<UpcomingResult>(
      'winRate',
      t('upcoming.columns.winRate'),
      'Win rate',
      (r) => r.stats.winRate,
      (v) => f.percent(v, 0, false),
      'fraction',
    ),
    valueColumn<UpcomingResult>(
      'mean',
      t('upcoming.columns.mean'),
      'Mean',
      (r) => r.stats.mean,
      (v) => f.percent(v),
      'fraction',
    ),
    qValueColumn<UpcomingResult>(f),
    valueColumn<UpcomingResult>(
      'dollarVolume20',
      t('upcoming.columns.dollarVolume'),
      'Dollar volume 20d',
      (r) => r.dollarVolume20,
      (v) => (v == null ? '—' : `$${f.compact(v)}`),
      'USD',
    ),
    actionColumn<UpcomingResult>('open', t('results.open'), (r) => (
      <Link
        to={`/seasonality/pattern?${new URLSearchParams({ symbol: r.symbol, start: r.start, end: r.end, direction: r.direction }).toString()}`}
        aria-label={t('results.patternOf', { symbol: r.symbol })}
      >
        {t('results.pattern')}
      </Link>
    )),
  ];
  return (
    <>
      <p className="mb-1" data-testid="upcoming-summary">
        {t('upcoming.summary', {
          date: f.date(asOf),
          from: f.monthDay(data.startFrom!),
          to: f.monthDay(data.startTo!),
        })}
      </p>
      <p className="mb-1 text-muted" data-testid="upcoming-left-out">
        {t('upcoming.leftOut', { stale: data.stale ?? 0, illiquid: data.illiquid ?? 0, date: f.date(asOf) })}
      </p>
      <p
        className={significant === 0 ? 'alert alert-warning py-2' : 'mb-2'}
        role={significant === 0 ? 'status' : undefined}
        data-testid="upcoming-evidence"
      >
        {significant === 0
          ? t('upcoming.noneSignificant', { tested: f.number(data.tested, 0) })
          : t('upcoming.someSignificant', { count: significant })}
      </p>
      {data.results.length === 0 ? (
        <p>{t('upcoming.empty')}</p>
      ) : (
        <>
          <TestedNote tested={data.tested} f={f} />
          <DataTable
            rows={data.results}
            columns={columns}
            rowKey={(r) => `${r.symbol}-${r.direction}-${r.start}-${r.end}`}
            caption={t('upcoming.caption')}
            filename={`seasonality-upcoming-${asOf}.csv`}
            testId="seasonality-upcoming-results"
          />
        </>
      )}
    </>
  );
}
