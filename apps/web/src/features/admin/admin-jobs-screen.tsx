import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AdminJob, AdminJobsResponse } from '@solstice/contracts';
import { useFormatters, type Formatters } from '../../shared/format';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { QueryView } from '../../shared/ui/states';
import { adminGet, adminSend, errorText } from './admin-api';
import { AdminNav } from './admin-nav';

export const ADMIN_JOBS_QUERY_KEY = ['admin-jobs'] as const;
/** The queue's counts shown, in this order. */
const COUNT_KEYS = ['pending', 'due', 'failed', 'done'] as const;

function jobColumns(f: Formatters, t: TFunction<'admin'>): Column<AdminJob>[] {
  return [
    {
      key: 'id',
      label: t('jobs.columns.id'),
      csvLabel: 'Id',
      align: 'end',
      sortValue: (j) => j.id,
      text: (j) => String(j.id),
    },
    { key: 'kind', label: t('jobs.columns.kind'), csvLabel: 'Kind', text: (j) => j.kind },
    { key: 'uniqueKey', label: t('jobs.columns.key'), csvLabel: 'Key', text: (j) => j.uniqueKey },
    {
      key: 'status',
      label: t('jobs.columns.status'),
      csvLabel: 'Status',
      text: (j) => t(`jobs.counts.${j.status}`),
      csvValue: (j) => j.status,
    },
    {
      key: 'runAt',
      label: t('jobs.columns.runAt'),
      csvLabel: 'Run at',
      sortValue: (j) => j.runAt,
      text: (j) => f.instant(j.runAt),
      csvValue: (j) => j.runAt,
    },
    {
      key: 'attempts',
      label: t('jobs.columns.attempts'),
      csvLabel: 'Attempts',
      align: 'end',
      sortValue: (j) => j.attempts,
      text: (j) => String(j.attempts),
    },
    { key: 'lastError', label: t('jobs.columns.lastError'), csvLabel: 'Last error', text: (j) => j.lastError ?? '' },
    {
      key: 'updatedAt',
      label: t('jobs.columns.updated'),
      csvLabel: 'Updated',
      sortValue: (j) => j.updatedAt,
      text: (j) => f.instant(j.updatedAt),
      csvValue: (j) => j.updatedAt,
    },
  ];
}

function JobList({
  title,
  id,
  jobs,
  empty,
  f,
}: {
  title: string;
  id: string;
  jobs: AdminJob[];
  empty: string;
  f: Formatters;
}) {
  const { t } = useTranslation('admin');
  return (
    <section className="mt-4" aria-labelledby={`${id}-title`}>
      <h2 className="h6" id={`${id}-title`}>
        {title}
      </h2>
      {jobs.length === 0 ? (
        <p className="small text-muted">{empty}</p>
      ) : (
        <DataTable
          rows={jobs}
          columns={jobColumns(f, t)}
          rowKey={(j) => String(j.id)}
          caption={title}
          filename={`jobs-${id}.csv`}
          testId={`jobs-${id}`}
        />
      )}
    </section>
  );
}

/** /admin/jobs: the job queue's counts, due and failed jobs, and running due jobs now. */
export function AdminJobsScreen() {
  const { t } = useTranslation('admin');
  const f = useFormatters();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ADMIN_JOBS_QUERY_KEY,
    queryFn: () => adminGet<AdminJobsResponse>('/api/v1/admin/jobs'),
  });
  const run = useMutation({
    mutationFn: () => adminSend<{ ran: number }>('POST', '/api/v1/admin/jobs/run', {}),
    onSettled: () => void client.invalidateQueries({ queryKey: ADMIN_JOBS_QUERY_KEY }),
  });
  return (
    <div className="container-fluid py-3" data-testid="admin-jobs">
      <h1 className="h4">{t('jobs.title')}</h1>
      <AdminNav />
      <QueryView query={query}>
        {(d) => (
          <>
            <div className="d-flex flex-wrap align-items-center gap-3">
              <dl className="d-flex flex-wrap gap-3 mb-0 small" data-testid="job-counts">
                {COUNT_KEYS.map((k) => (
                  <div key={k} className="d-flex gap-1">
                    <dt className="fw-normal text-muted text-capitalize">{t(`jobs.counts.${k}`)}</dt>
                    <dd className="mb-0 fw-semibold">{d.counts[k]}</dd>
                  </div>
                ))}
              </dl>
              <button
                type="button"
                className="btn btn-primary btn-sm ms-auto"
                onClick={() => run.mutate()}
                disabled={run.isPending}
              >
                {t('jobs.runDue')}
              </button>
            </div>
            <div role="status" className="small mt-2" data-testid="run-result">
              {run.isSuccess ? t('jobs.ran', { count: run.data.ran }) : null}
            </div>
            {run.isError ? (
              <div className="alert alert-danger py-1 small" role="alert">
                {errorText(run.error)}
              </div>
            ) : null}
            <JobList title={t('jobs.due')} id="due" jobs={d.due} empty={t('jobs.noDue')} f={f} />
            <JobList title={t('jobs.failed')} id="failed" jobs={d.failed} empty={t('jobs.noFailed')} f={f} />
            <JobList title={t('jobs.recent')} id="recent" jobs={d.recent} empty={t('jobs.noRecent')} f={f} />
          </>
        )}
      </QueryView>
    </div>
  );
}

export default AdminJobsScreen;
