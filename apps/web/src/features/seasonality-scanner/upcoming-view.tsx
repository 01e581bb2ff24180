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
import { ChoiceButtons } from '../../shared/ui/choice-buttons';
import { useScreenForm } from '../../shared/ui/screen-form';
import { directionColumn, symbolColumn } from '../../shared/tables/columns';
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
};

/** The quick choices of the days ahead; any other number from 1 to 90 is typed. */
const DAY_CHOICES = ['7', '14', '30'] as const;
const MAX_DAYS_AHEAD = 90;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The request body of the view from its URL parameters. */
export function upcomingBody(url: Partial<Record<UpcomingKey, string>>): Record<string, unknown> {
  const num = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));
  const universe = url.universe ?? 'all';
  const body: Record<string, unknown> = {
    upcoming: num(url.upcoming),
    asOf: url.asOf || undefined,
    minDollarVolume: num(url.minDollarVolume),
    minDays: num(url.minDays),
    maxDays: num(url.maxDays),
    direction: url.direction || undefined,
    universe:
      universe === 'all' || universe.includes(':')
        ? universe
        : universe
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
  };
  for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
  return body;
}

type Errors = Partial<Record<UpcomingKey, string>>;

function checkUpcoming(v: Record<UpcomingKey, string>, t: TFunction<'seascan'>): Errors {
  const errors: Errors = {};
  const days = Number(v.upcoming);
  if (!/^\d+$/.test(v.upcoming) || days < 1 || days > MAX_DAYS_AHEAD) errors.upcoming = t('upcoming.errors.days');
  if (v.asOf && (!ISO_DATE.test(v.asOf) || Number.isNaN(Date.parse(`${v.asOf}T00:00:00Z`))))
    errors.asOf = t('upcoming.errors.asOf');
  const min = Number(v.minDays);
  const max = Number(v.maxDays);
  if (!Number.isInteger(min) || min < 1) errors.minDays = t('errors.days');
  if (!Number.isInteger(max) || max < 1) errors.maxDays = t('errors.days');
  else if (max < min) errors.maxDays = t('errors.maxBelowMin');
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
        <TextField
          id="ss-up-min-days"
          label={t('form.minDays')}
          error={errors.minDays}
          inputMode="numeric"
          {...bound.minDays}
        />
        <TextField
          id="ss-up-max-days"
          label={t('form.maxDays')}
          error={errors.maxDays}
          inputMode="numeric"
          {...bound.maxDays}
        />
        <DirectionUniverseFields
          idPrefix="ss-up"
          direction={form.direction}
          universe={form.universe}
          onChange={(change) => setForm((v) => ({ ...v, ...change }))}
        />
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
    {
      key: 'startDate',
      label: t('upcoming.columns.startDate'),
      csvLabel: 'Start date',
      sortValue: (r) => r.startDate,
      text: (r) => f.date(r.startDate),
      csvValue: (r) => r.startDate ?? null,
    },
    {
      key: 'endDate',
      label: t('upcoming.columns.endDate'),
      csvLabel: 'End date',
      sortValue: (r) => r.endDate,
      text: (r) => f.date(r.endDate),
      csvValue: (r) => r.endDate ?? null,
    },
    {
      key: 'daysUntil',
      label: t('upcoming.columns.daysUntil'),
      csvLabel: 'Days until start',
      align: 'end',
      sortValue: (r) => (r.startDate ? daysBetween(asOf, r.startDate) : null),
      text: (r) => (r.startDate ? f.number(daysBetween(asOf, r.startDate), 0) : ''),
      csvValue: (r) => (r.startDate ? daysBetween(asOf, r.startDate) : null),
    },
    {
      key: 'days',
      label: t('upcoming.columns.days'),
      csvLabel: 'Days',
      align: 'end',
      sortValue: (r) => r.days,
      text: (r) => f.number(r.days, 0),
      csvValue: (r) => r.days,
    },
    {
      key: 'count',
      label: t('upcoming.columns.years'),
      csvLabel: 'Years',
      align: 'end',
      sortValue: (r) => r.stats.count,
      text: (r) => f.number(r.stats.count, 0),
      csvValue: (r) => r.stats.count,
    },
    {
      key: 'winRate',
      label: t('upcoming.columns.winRate'),
      csvLabel: 'Win rate',
      unit: 'fraction',
      align: 'end',
      sortValue: (r) => r.stats.winRate,
      text: (r) => f.percent(r.stats.winRate, 0, false),
      csvValue: (r) => r.stats.winRate,
    },
    {
      key: 'mean',
      label: t('upcoming.columns.mean'),
      csvLabel: 'Mean',
      unit: 'fraction',
      align: 'end',
      sortValue: (r) => r.stats.mean,
      text: (r) => f.percent(r.stats.mean),
      csvValue: (r) => r.stats.mean,
    },
    qValueColumn<UpcomingResult>(f),
    {
      key: 'dollarVolume20',
      label: t('upcoming.columns.dollarVolume'),
      csvLabel: 'Dollar volume 20d',
      unit: 'USD',
      align: 'end',
      sortValue: (r) => r.dollarVolume20,
      text: (r) => (r.dollarVolume20 == null ? '—' : `$${f.compact(r.dollarVolume20)}`),
      csvValue: (r) => r.dollarVolume20 ?? null,
    },
    {
      key: 'open',
      csv: false,
      label: t('results.open'),
      text: () => '',
      render: (r) => (
        <Link
          to={`/seasonality/pattern?${new URLSearchParams({ symbol: r.symbol, start: r.start, end: r.end, direction: r.direction }).toString()}`}
          aria-label={t('results.patternOf', { symbol: r.symbol })}
        >
          {t('results.pattern')}
        </Link>
      ),
    },
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
