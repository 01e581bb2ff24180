import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AdminJob } from '@solstice/contracts';
import { useFormatters, type Formatters } from '../../shared/format';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { countColumn, timeColumn } from '../../shared/tables/columns';
import { TableSection } from '../../shared/tables/table-section';
import { QueryView } from '../../shared/ui/states';
import { adminGet, adminSend, errorText } from './admin-api';
import { AdminPage } from '../../shared/components/admin-nav';

export const ADMIN_JOBS_QUERY_KEY = ['admin-jobs'] as const;
/** The queue's counts shown, in this order. */
const COUNT_KEYS = ['pending', 'due', 'failed', 'done'] as const;

function jobColumns(f: Formatters, t: TFunction<'admin'>): Column<AdminJob>[] {
  return [
    countColumn('id', t('jobs.columns.id'), 'Id', (j) => j.id),
    { key: 'kind', label: t('jobs.columns.kind'), csvLabel: 'Kind', text: (j) => j.kind },
    { key: 'uniqueKey', label: t('jobs.columns.key'), csvLabel: 'Key', text: (j) => j.uniqueKey },
    {
      key: 'status',
      label: t('jobs.columns.status'),
      csvLabel: 'Status',
      text: (j) => t(`jobs.counts.${j.status}`),
      csvValue: (j) => j.status,
    },
    timeColumn('runAt', t('jobs.columns.runAt'), 'Run at', (j) => j.runAt, f.instant),
    countColumn('attempts', t('jobs.columns.attempts'), 'Attempts', (j) => j.attempts),
    { key: 'lastError', label: t('jobs.columns.lastError'), csvLabel: 'Last error', text: (j) => j.lastError ?? '' },
    timeColumn('updatedAt', t('jobs.columns.updated'), 'Updated', (j) => j.updatedAt, f.instant),
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
    <TableSection id={id} title={title} empty={jobs.length === 0 ? empty : undefined}>
      <DataTable
        rows={jobs}
        columns={jobColumns(f, t)}
        rowKey={(j) => String(j.id)}
        caption={title}
        filename={`jobs-${id}.csv`}
        testId={`jobs-${id}`}
      />
    </TableSection>
  );
}

/** /admin/jobs: the job queue's counts, due and failed jobs, and running due jobs now. */
export function AdminJobsScreen() {
  const { t } = useTranslation('admin');
  const f = useFormatters();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ADMIN_JOBS_QUERY_KEY,
    queryFn: () => adminGet('adminJobs'),
  });
  const run = useMutation({
    mutationFn: () => adminSend('adminJobsRun'),
    onSettled: () => void client.invalidateQueries({ queryKey: ADMIN_JOBS_QUERY_KEY }),
  });
  return (
    <AdminPage title={t('jobs.title')} testId="admin-jobs">
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
    </AdminPage>
  );
}

export default AdminJobsScreen;
