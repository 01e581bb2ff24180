import type { AdminDataResponse } from '@solstice/contracts';
import type { Formatters } from '../../shared/format';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { csvInstant } from '../../shared/tables/csv';

type Run = AdminDataResponse['runs'][number];
type Failing = AdminDataResponse['failing'][number];

const STATUS_CLASS: Record<Run['status'], string> = {
  running: 'text-bg-info',
  ok: 'text-bg-success',
  partial: 'text-bg-warning',
  failed: 'text-bg-danger',
  abandoned: 'text-bg-secondary',
};
export const STATUS_LABEL: Record<Run['status'], string> = {
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
  return (
    <section className="card h-100" aria-labelledby="data-status-title">
      <div className="card-body">
        <h2 className="h6" id="data-status-title">
          Status
        </h2>
        <dl className="row small mb-0" data-testid="data-status">
          <dt className="col-5 fw-normal text-muted">Data as of</dt>
          <dd className="col-7">{f.date(freshness.asOf)}</dd>
          <dt className="col-5 fw-normal text-muted">Last completed session</dt>
          <dd className="col-7">{f.date(freshness.lastSession)}</dd>
          <dt className="col-5 fw-normal text-muted">Behind</dt>
          <dd className="col-7" data-testid="data-behind">
            {behind === null
              ? 'No market data'
              : behind === 0
                ? 'Current'
                : `${behind} trading ${behind === 1 ? 'day' : 'days'}`}
          </dd>
          <dt className="col-5 fw-normal text-muted">Schedule</dt>
          <dd className="col-7">
            {schedule.enabled ? `NYSE sessions at ${schedule.time}` : 'Off (DATA_UPDATE_ENABLED=false)'}
          </dd>
          <dt className="col-5 fw-normal text-muted">Next run</dt>
          <dd className="col-7" data-testid="next-run">
            {at(schedule.nextRunAt)}
          </dd>
          <dt className="col-5 fw-normal text-muted">Last run</dt>
          <dd className="col-7" data-testid="last-run">
            {last ? (
              <>
                {at(last.finishedAt ?? last.startedAt)} · {last.trigger} · <RunStatus run={last} />
                {last.session ? ` · session ${f.date(last.session)}` : ''}
              </>
            ) : (
              'None yet'
            )}
          </dd>
          <dt className="col-5 fw-normal text-muted">Providers</dt>
          <dd className="col-7 mb-0">
            <ul className="list-unstyled mb-0" data-testid="providers">
              {providers.map((p) => (
                <li key={p.id}>
                  <strong>{p.id}</strong>: {p.on ? 'on' : `off${p.reason ? ` (${p.reason})` : ''}`}
                </li>
              ))}
            </ul>
          </dd>
        </dl>
      </div>
    </section>
  );
}

function RunStatus({ run }: { run: Run }) {
  return <span className={`badge ${STATUS_CLASS[run.status]}`}>{STATUS_LABEL[run.status]}</span>;
}

export function RunsSection({ runs, f, at }: { runs: Run[]; f: Formatters; at: (ms: number | null) => string }) {
  const columns: Column<Run>[] = [
    {
      key: 'startedAt',
      label: 'Started',
      sortValue: (r) => r.startedAt,
      text: (r) => at(r.startedAt),
      csvValue: (r) => csvInstant(r.startedAt),
    },
    { key: 'trigger', label: 'Trigger', text: (r) => r.trigger },
    {
      key: 'session',
      label: 'Session',
      sortValue: (r) => r.session,
      text: (r) => f.date(r.session),
      csvValue: (r) => r.session,
    },
    {
      key: 'status',
      label: 'Status',
      text: (r) => STATUS_LABEL[r.status],
      render: (r) => <RunStatus run={r} />,
    },
    { key: 'updated', label: 'Updated', align: 'end', sortValue: (r) => r.updated, text: (r) => String(r.updated) },
    {
      key: 'unchanged',
      label: 'Unchanged',
      align: 'end',
      sortValue: (r) => r.unchanged,
      text: (r) => String(r.unchanged),
    },
    { key: 'failed', label: 'Failed', align: 'end', sortValue: (r) => r.failed, text: (r) => String(r.failed) },
    {
      key: 'inserted',
      label: 'Bars added',
      align: 'end',
      sortValue: (r) => r.inserted,
      text: (r) => String(r.inserted),
    },
    { key: 'byProvider', label: 'By provider', text: byProviderText },
    { key: 'error', label: 'Error', text: (r) => r.error ?? '' },
  ];
  return (
    <section className="mt-4" aria-labelledby="runs-title">
      <h2 className="h6" id="runs-title">
        Recent updates
      </h2>
      {runs.length === 0 ? (
        <p className="small text-muted">No update has run yet.</p>
      ) : (
        <DataTable
          rows={runs}
          columns={columns}
          rowKey={(r) => String(r.id)}
          caption="Recent updates"
          filename="data-updates.csv"
          pageSize={10}
          testId="data-runs"
        />
      )}
    </section>
  );
}

export function FailingSection({ failing }: { failing: Failing[] }) {
  const columns: Column<Failing>[] = [
    { key: 'symbol', label: 'Symbol', text: (r) => r.symbol },
    { key: 'reason', label: 'Reason', text: (r) => r.reason ?? 'unknown' },
  ];
  return (
    <section className="mt-4" aria-labelledby="failing-title">
      <h2 className="h6" id="failing-title">
        Failing symbols (latest finished update)
      </h2>
      {failing.length === 0 ? (
        <p className="small text-muted" data-testid="no-failing">
          No symbol failed in the latest finished update.
        </p>
      ) : (
        <DataTable
          rows={failing}
          columns={columns}
          rowKey={(r) => r.symbol}
          caption="Failing symbols"
          filename="failing-symbols.csv"
          testId="data-failing"
        />
      )}
    </section>
  );
}
