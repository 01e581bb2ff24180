import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminJob, AdminJobsResponse } from '@solstice/contracts';
import { useFormatters, type Formatters } from '../../shared/format';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { QueryView } from '../../shared/ui/states';
import { adminGet, adminSend, errorText } from './admin-api';
import { AdminNav } from './admin-nav';

export const ADMIN_JOBS_QUERY_KEY = ['admin-jobs'] as const;

function jobColumns(f: Formatters): Column<AdminJob>[] {
  return [
    { key: 'id', label: 'Id', align: 'end', sortValue: (j) => j.id, text: (j) => String(j.id) },
    { key: 'kind', label: 'Kind', text: (j) => j.kind },
    { key: 'uniqueKey', label: 'Key', text: (j) => j.uniqueKey },
    { key: 'status', label: 'Status', text: (j) => j.status },
    {
      key: 'runAt',
      label: 'Run at',
      sortValue: (j) => j.runAt,
      text: (j) => f.instant(j.runAt),
      csvValue: (j) => j.runAt,
    },
    { key: 'attempts', label: 'Attempts', align: 'end', sortValue: (j) => j.attempts, text: (j) => String(j.attempts) },
    { key: 'lastError', label: 'Last error', text: (j) => j.lastError ?? '' },
    {
      key: 'updatedAt',
      label: 'Updated',
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
          columns={jobColumns(f)}
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
      <h1 className="h4">Jobs</h1>
      <AdminNav />
      <QueryView query={query}>
        {(d) => (
          <>
            <div className="d-flex flex-wrap align-items-center gap-3">
              <dl className="d-flex flex-wrap gap-3 mb-0 small" data-testid="job-counts">
                {(['pending', 'due', 'failed', 'done'] as const).map((k) => (
                  <div key={k} className="d-flex gap-1">
                    <dt className="fw-normal text-muted text-capitalize">{k}</dt>
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
                Run due jobs now
              </button>
            </div>
            <div role="status" className="small mt-2" data-testid="run-result">
              {run.isSuccess ? `${run.data.ran} ${run.data.ran === 1 ? 'job' : 'jobs'} ran.` : null}
            </div>
            {run.isError ? (
              <div className="alert alert-danger py-1 small" role="alert">
                {errorText(run.error)}
              </div>
            ) : null}
            <JobList title="Due now" id="due" jobs={d.due} empty="No job is due." f={f} />
            <JobList title="Failed" id="failed" jobs={d.failed} empty="No job has failed." f={f} />
            <JobList title="Recent" id="recent" jobs={d.recent} empty="No job has run yet." f={f} />
          </>
        )}
      </QueryView>
    </div>
  );
}

export default AdminJobsScreen;
