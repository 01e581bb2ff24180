import { useTranslation } from 'react-i18next';
import type { AdminDataResponse } from '@solstice/contracts';
import type { Formatters } from '../../shared/format';
import type { Column } from '../../shared/tables/data-table';
import { csvInstant } from '../../shared/tables/csv';
import { countColumn, timeColumn } from '../../shared/tables/columns';
import { DataSection } from './data-section';
import { CardSection } from '../../shared/card-section';

type Run = AdminDataResponse['runs'][number];
type Failing = AdminDataResponse['failing'][number];

const STATUS_CLASS: Record<Run['status'], string> = {
  running: 'text-bg-info',
  ok: 'text-bg-success',
  partial: 'text-bg-warning',
  failed: 'text-bg-danger',
  abandoned: 'text-bg-secondary',
};

/** The run states as the CSV writes them (English, whatever the display language). */
const CSV_STATUS: Record<Run['status'], string> = {
  running: 'Running',
  ok: 'OK',
  partial: 'Partial',
  failed: 'Failed',
  abandoned: 'Abandoned',
};

function byProviderText(run: Run): string {
  const entries = Object.entries(run.byProvider);
  return entries.length === 0 ? '—' : entries.map(([p, n]) => `${p} ${n}`).join(', ');
}

export function StatusCard({
  data,
  f,
  at,
}: {
  data: AdminDataResponse;
  f: Formatters;
  at: (ms: number | null) => string;
}) {
  const { freshness, schedule, providers } = data;
  const last = data.runs.find((r) => r.status !== 'running') ?? null;
  const behind = freshness.tradingDaysBehind;
  const { t } = useTranslation('admin');
  return (
    <CardSection id="data-status" title={t('data.status.title')} className="card h-100">
      <dl className="row small mb-0" data-testid="data-status">
        <dt className="col-5 fw-normal text-muted">{t('data.status.asOf')}</dt>
        <dd className="col-7">{f.date(freshness.asOf)}</dd>
        <dt className="col-5 fw-normal text-muted">{t('data.status.lastSession')}</dt>
        <dd className="col-7">{f.date(freshness.lastSession)}</dd>
        <dt className="col-5 fw-normal text-muted">{t('data.status.behind')}</dt>
        <dd className="col-7" data-testid="data-behind">
          {behind === null
            ? t('data.status.noMarketData')
            : behind === 0
              ? t('data.status.current')
              : t('data.status.tradingDays', { count: behind })}
        </dd>
        <dt className="col-5 fw-normal text-muted">{t('data.status.schedule')}</dt>
        <dd className="col-7">
          {schedule.enabled ? t('data.status.scheduleOn', { time: schedule.time }) : t('data.status.scheduleOff')}
        </dd>
        <dt className="col-5 fw-normal text-muted">{t('data.status.nextRun')}</dt>
        <dd className="col-7" data-testid="next-run">
          {at(schedule.nextRunAt)}
        </dd>
        <dt className="col-5 fw-normal text-muted">{t('data.status.lastRun')}</dt>
        <dd className="col-7" data-testid="last-run">
          {last ? (
            <>
              {at(last.finishedAt ?? last.startedAt)} · {last.trigger} · <RunStatus run={last} />
              {last.session ? ` · ${t('data.status.session', { date: f.date(last.session) })}` : ''}
            </>
          ) : (
            t('data.status.noneYet')
          )}
        </dd>
        <dt className="col-5 fw-normal text-muted">{t('data.status.providers')}</dt>
        <dd className="col-7 mb-0">
          <ul className="list-unstyled mb-0" data-testid="providers">
            {providers.map((p) => (
              <li key={p.id}>
                <strong>{p.id}</strong>:{' '}
                {p.on
                  ? t('data.status.on')
                  : p.reason
                    ? t('data.status.offBecause', { reason: p.reason })
                    : t('data.status.off')}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
    </CardSection>
  );
}

function RunStatus({ run }: { run: Run }) {
  const { t } = useTranslation('admin');
  return <span className={`badge ${STATUS_CLASS[run.status]}`}>{t(`data.statuses.${run.status}`)}</span>;
}

export function RunsSection({ runs, f, at }: { runs: Run[]; f: Formatters; at: (ms: number | null) => string }) {
  const { t } = useTranslation('admin');
  const columns: Column<Run>[] = [
    {
      key: 'startedAt',
      label: t('data.runs.started'),
      csvLabel: 'Started',
      sortValue: (r) => r.startedAt,
      text: (r) => at(r.startedAt),
      csvValue: (r) => csvInstant(r.startedAt),
    },
    { key: 'trigger', label: t('data.runs.trigger'), csvLabel: 'Trigger', text: (r) => r.trigger },
    timeColumn('session', t('data.runs.session'), 'Session', (r) => r.session, f.date),
    {
      key: 'status',
      label: t('data.runs.status'),
      csvLabel: 'Status',
      text: (r) => t(`data.statuses.${r.status}`),
      csvValue: (r) => CSV_STATUS[r.status],
      render: (r) => <RunStatus run={r} />,
    },
    countColumn('updated', t('data.runs.updated'), 'Updated', (r) => r.updated),
    countColumn('unchanged', t('data.runs.unchanged'), 'Unchanged', (r) => r.unchanged),
    countColumn('failed', t('data.runs.failed'), 'Failed', (r) => r.failed),
    countColumn('inserted', t('data.runs.barsAdded'), 'Bars added', (r) => r.inserted),
    { key: 'byProvider', label: t('data.runs.byProvider'), csvLabel: 'By provider', text: byProviderText },
    { key: 'error', label: t('data.runs.error'), csvLabel: 'Error', text: (r) => r.error ?? '' },
  ];
  return (
    <DataSection
      name="runs"
      title={t('data.runs.title')}
      empty={t('data.runs.empty')}
      filename="data-updates.csv"
      pageSize={10}
      rows={runs}
      columns={columns}
      rowKey={(r) => String(r.id)}
    />
  );
}

export function FailingSection({ failing }: { failing: Failing[] }) {
  const { t } = useTranslation(['admin', 'common']);
  const columns: Column<Failing>[] = [
    { key: 'symbol', label: t('common:table.symbol'), csvLabel: 'Symbol', text: (r) => r.symbol },
    {
      key: 'reason',
      label: t('data.failing.reason'),
      csvLabel: 'Reason',
      text: (r) => r.reason ?? t('data.failing.unknown'),
      csvValue: (r) => r.reason ?? 'unknown',
    },
  ];
  return (
    <DataSection
      name="failing"
      title={t('data.failing.title')}
      caption={t('data.failing.caption')}
      empty={t('data.failing.empty')}
      filename="failing-symbols.csv"
      rows={failing}
      columns={columns}
      rowKey={(r) => r.symbol}
    />
  );
}
