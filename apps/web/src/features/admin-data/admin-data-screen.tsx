import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { instrumentCreateSchema, type AdminDataResponse } from '@solstice/contracts';
import { serverFieldErrors } from '../../auth/auth-form';
import { formatDateTime } from '../../lib/dates';
import { FRESHNESS_QUERY_KEY } from '../../lib/market-freshness';
import { apiGet, apiQuietDelete, apiQuietPost, retryServerErrors } from '../api';
import { useFormatters, type Formatters } from '../format';
import { Modal, useLocalePrefs } from '../shell';
import { DataTable, type Column } from '../tables/data-table';
import { csvInstant } from '../tables/csv';
import { QueryView } from '../ui/states';
import { AdminNav } from '../admin/admin-nav';

type Run = AdminDataResponse['runs'][number];
type Instrument = AdminDataResponse['instruments'][number];
type Failing = AdminDataResponse['failing'][number];

export const ADMIN_DATA_QUERY_KEY = ['admin-data'] as const;
/** How often the page asks while an update it started is queued or running. */
export const POLL_MS = 2_000;
/** How often the page asks while an update it did not start (the schedule's) is running. */
const RUNNING_POLL_MS = 10_000;
/** Polling for a started update stops after this long (a stopped job queue never picks it up). */
const POLL_LIMIT_MS = 10 * 60_000;
/** After a run is written, each process's market cache follows within seconds (the change notification). */
const SETTLE_MS = 15_000;

interface Awaiting {
  /** The newest run id when the update was asked for: the awaited run has a larger one. */
  afterId: number;
  since: number;
}

const STATUS_CLASS: Record<Run['status'], string> = {
  running: 'text-bg-info',
  ok: 'text-bg-success',
  partial: 'text-bg-warning',
  failed: 'text-bg-danger',
  abandoned: 'text-bg-secondary',
};
const STATUS_LABEL: Record<Run['status'], string> = {
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

function newestId(data: AdminDataResponse | undefined): number {
  return data?.runs.reduce((max, r) => Math.max(max, r.id), 0) ?? 0;
}

/** The admin's data page: freshness, the schedule and its runs, failing symbols, run now, the instruments. */
export function AdminDataScreen() {
  const f = useFormatters();
  const { locale, timeZone } = useLocalePrefs();
  const at = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms, { locale, timeZone }));
  const client = useQueryClient();
  const [awaiting, setAwaiting] = useState<Awaiting | null>(null);
  const finishedSeen = useRef<number | null>(null);

  const query = useQuery({
    queryKey: ADMIN_DATA_QUERY_KEY,
    retry: retryServerErrors,
    queryFn: () => apiGet<AdminDataResponse>('/api/v1/admin/data', undefined, { background: true }),
    refetchInterval: (q) => {
      const d = q.state.data;
      const waiting = awaiting !== null && Date.now() - awaiting.since <= POLL_LIMIT_MS;
      if (!waiting) return d?.runs.some((r) => r.status === 'running') ? RUNNING_POLL_MS : false;
      const run = d?.runs.find((r) => r.id > awaiting.afterId);
      if (!d || !run || run.status === 'running') return POLL_MS;
      // Written: keep asking a little until the market (and its freshness) has moved to it.
      finishedSeen.current ??= Date.now();
      const settled = run.session === null || d.freshness.asOf === run.session;
      return settled || Date.now() - finishedSeen.current > SETTLE_MS ? false : POLL_MS;
    },
  });
  const data = query.data;

  // The shell's stale-data warning follows what this page learns.
  const freshness = data?.freshness;
  useEffect(() => {
    if (freshness) client.setQueryData(FRESHNESS_QUERY_KEY, freshness);
  }, [client, freshness]);

  const startWaiting = () => {
    finishedSeen.current = null;
    setAwaiting({ afterId: newestId(client.getQueryData(ADMIN_DATA_QUERY_KEY)), since: Date.now() });
    void client.invalidateQueries({ queryKey: ADMIN_DATA_QUERY_KEY });
  };

  const runNow = useMutation({
    mutationFn: () => apiQuietPost<{ data: { job: string } }>('/api/v1/admin/data/update', {}),
    onSuccess: startWaiting,
  });

  return (
    <div className="container-fluid py-3" data-testid="admin-data-screen">
      <h1 className="h4">Data updates</h1>
      <AdminNav />
      <QueryView query={query}>
        {(d) => (
          <>
            <div className="row g-3">
              <div className="col-12 col-xl-6">
                <StatusCard data={d} f={f} at={at} />
              </div>
              <div className="col-12 col-xl-6">
                <RunNowCard
                  data={d}
                  at={at}
                  awaiting={awaiting}
                  pending={runNow.isPending}
                  error={runNow.isError ? (runNow.error as Error).message : null}
                  onRun={() => runNow.mutate()}
                />
              </div>
            </div>
            <RunsSection runs={d.runs} f={f} at={at} />
            <FailingSection failing={d.failing} />
            <InstrumentsSection instruments={d.instruments} f={f} onAdded={startWaiting} />
          </>
        )}
      </QueryView>
    </div>
  );
}

function StatusCard({ data, f, at }: { data: AdminDataResponse; f: Formatters; at: (ms: number | null) => string }) {
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

function RunNowCard({
  data,
  at,
  awaiting,
  pending,
  error,
  onRun,
}: {
  data: AdminDataResponse;
  at: (ms: number | null) => string;
  awaiting: Awaiting | null;
  pending: boolean;
  error: string | null;
  onRun: () => void;
}) {
  const running = data.runs.find((r) => r.status === 'running');
  const awaited = awaiting ? data.runs.find((r) => r.id > awaiting.afterId) : undefined;
  let progress: string | null = null;
  if (running) progress = `An update (${running.trigger}) is running since ${at(running.startedAt)}…`;
  else if (awaiting && !awaited) progress = 'Update queued: waiting for the job queue to start it…';
  else if (awaited)
    progress = `The update finished (${STATUS_LABEL[awaited.status]}): ${awaited.updated} updated, ${awaited.unchanged} unchanged, ${awaited.failed} failed, ${awaited.inserted} bars added.`;
  return (
    <section className="card h-100" aria-labelledby="run-now-title">
      <div className="card-body">
        <h2 className="h6" id="run-now-title">
          Update now
        </h2>
        <p className="small text-muted">
          Brings every tracked instrument up to the last completed session through the providers, in their fallback
          order, as the scheduled run does.
        </p>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={onRun}
          disabled={pending || Boolean(running) || Boolean(awaiting && !awaited)}
        >
          Run update now
        </button>
        <div role="status" className="small mt-2" data-testid="run-progress">
          {progress}
        </div>
        {error ? (
          <div className="alert alert-danger py-1 small mt-2" role="alert">
            {error}
          </div>
        ) : null}
      </div>
    </section>
  );
}

function RunsSection({ runs, f, at }: { runs: Run[]; f: Formatters; at: (ms: number | null) => string }) {
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

function FailingSection({ failing }: { failing: Failing[] }) {
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

function InstrumentsSection({
  instruments,
  f,
  onAdded,
}: {
  instruments: Instrument[];
  f: Formatters;
  onAdded: () => void;
}) {
  const [removing, setRemoving] = useState<Instrument | null>(null);
  const columns: Column<Instrument>[] = [
    { key: 'symbol', label: 'Symbol', text: (r) => r.symbol },
    { key: 'name', label: 'Name', text: (r) => r.name },
    { key: 'source', label: 'Data', text: (r) => (r.synthetic ? 'Demo' : 'Real') },
    { key: 'tracked', label: 'Updates', text: (r) => (r.tracked ? 'Updated' : 'Removed (history kept)') },
    {
      key: 'firstBar',
      label: 'First bar',
      sortValue: (r) => r.firstBar,
      text: (r) => f.date(r.firstBar),
      csvValue: (r) => r.firstBar,
    },
    {
      key: 'lastBar',
      label: 'Last bar',
      sortValue: (r) => r.lastBar,
      text: (r) => f.date(r.lastBar),
      csvValue: (r) => r.lastBar,
    },
    { key: 'bars', label: 'Bars', align: 'end', sortValue: (r) => r.bars, text: (r) => String(r.bars) },
    {
      key: 'remove',
      label: 'Remove',
      csv: false,
      text: () => '',
      render: (r) => (
        <button
          type="button"
          className="btn btn-sm btn-outline-danger py-0"
          aria-label={`Remove ${r.symbol}`}
          onClick={() => setRemoving(r)}
        >
          Remove…
        </button>
      ),
    },
  ];
  return (
    <section className="mt-4" aria-labelledby="instruments-title">
      <h2 className="h6" id="instruments-title">
        Instruments
      </h2>
      <AddTicker onAdded={onAdded} />
      <DataTable
        rows={instruments}
        columns={columns}
        rowKey={(r) => r.symbol}
        caption="Instruments"
        filename="instruments.csv"
        initialSort={{ key: 'symbol', desc: false }}
        testId="data-instruments"
      />
      <RemoveDialog instrument={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}

function AddTicker({ onAdded }: { onAdded: () => void }) {
  const client = useQueryClient();
  const [values, setValues] = useState({ symbol: '', name: '', type: 'stock' });
  const [errors, setErrors] = useState<{ symbol?: string; name?: string }>({});
  const [added, setAdded] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (body: { symbol: string; name?: string; type: string }) =>
      apiQuietPost<{ data: { symbol: string; job: string } }>('/api/v1/admin/instruments', body),
    onSuccess: (res) => {
      setAdded(res.data.symbol);
      setValues({ symbol: '', name: '', type: 'stock' });
      void client.invalidateQueries({ queryKey: ADMIN_DATA_QUERY_KEY });
      onAdded();
    },
    onError: (error) => setErrors(serverFieldErrors(error, ['symbol', 'name'] as const)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAdded(null);
    const parsed = instrumentCreateSchema.safeParse({
      symbol: values.symbol,
      type: values.type,
      ...(values.name.trim() ? { name: values.name } : {}),
    });
    if (!parsed.success) {
      const problems: { symbol?: string; name?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        if ((key === 'symbol' || key === 'name') && !problems[key]) problems[key] = issue.message;
      }
      setErrors(problems);
      return;
    }
    setErrors({});
    add.mutate(parsed.data);
  };
  const fieldError = errors.symbol ?? errors.name;
  return (
    <form className="row g-2 align-items-end mb-3" onSubmit={submit} noValidate aria-label="Add a ticker">
      <div className="col-6 col-md-2">
        <label htmlFor="add-symbol" className="form-label small mb-1">
          Ticker
        </label>
        <input
          id="add-symbol"
          className={`form-control form-control-sm${errors.symbol ? ' is-invalid' : ''}`}
          value={values.symbol}
          autoComplete="off"
          aria-invalid={errors.symbol ? true : undefined}
          aria-describedby={errors.symbol ? 'add-symbol-error' : undefined}
          onChange={(e) => setValues((v) => ({ ...v, symbol: e.target.value }))}
        />
      </div>
      <div className="col-6 col-md-3">
        <label htmlFor="add-name" className="form-label small mb-1">
          Name (optional)
        </label>
        <input
          id="add-name"
          className={`form-control form-control-sm${errors.name ? ' is-invalid' : ''}`}
          value={values.name}
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'add-name-error' : undefined}
          onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
        />
      </div>
      <div className="col-6 col-md-2">
        <label htmlFor="add-type" className="form-label small mb-1">
          Type
        </label>
        <select
          id="add-type"
          className="form-select form-select-sm"
          value={values.type}
          onChange={(e) => setValues((v) => ({ ...v, type: e.target.value }))}
        >
          <option value="stock">Stock</option>
          <option value="etf">ETF</option>
          <option value="index">Index</option>
        </select>
      </div>
      <div className="col-6 col-md-auto">
        <button type="submit" className="btn btn-outline-primary btn-sm" disabled={add.isPending}>
          Add ticker
        </button>
      </div>
      <div className="col-12 small" role="status">
        {errors.symbol ? (
          <span className="text-danger" id="add-symbol-error">
            {errors.symbol}
          </span>
        ) : errors.name ? (
          <span className="text-danger" id="add-name-error">
            {errors.name}
          </span>
        ) : add.isError && !fieldError ? (
          <span className="text-danger">{(add.error as Error).message}</span>
        ) : added ? (
          <span>{added} added: its whole history is being fetched (a backfill update).</span>
        ) : null}
      </div>
    </form>
  );
}

function RemoveDialog({ instrument, onClose }: { instrument: Instrument | null; onClose: () => void }) {
  const client = useQueryClient();
  const [purge, setPurge] = useState(false);
  const remove = useMutation({
    mutationFn: ({ symbol, purge: p }: { symbol: string; purge: boolean }) =>
      apiQuietDelete<void>(`/api/v1/admin/instruments/${encodeURIComponent(symbol)}`, p ? { purge: 'true' } : {}),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ADMIN_DATA_QUERY_KEY });
      setPurge(false);
      onClose();
    },
  });
  const close = () => {
    setPurge(false);
    remove.reset();
    onClose();
  };
  const symbol = instrument?.symbol ?? '';
  return (
    <Modal
      show={instrument !== null}
      title={`Remove ${symbol}?`}
      onClose={close}
      testId="remove-instrument"
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-danger btn-sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ symbol, purge })}
          >
            {purge ? 'Remove and delete history' : 'Remove'}
          </button>
        </>
      }
    >
      <p className="small">
        Updates stop fetching {symbol}. Its {instrument?.bars ?? 0} bars stay, so its charts and history remain, unless
        you also delete them.
      </p>
      <div className="form-check">
        <input
          id="remove-purge"
          type="checkbox"
          className="form-check-input"
          checked={purge}
          onChange={(e) => setPurge(e.target.checked)}
        />
        <label htmlFor="remove-purge" className="form-check-label small">
          Also delete its price history (cannot be undone)
        </label>
      </div>
      {remove.isError ? (
        <div className="alert alert-danger py-1 small mt-2" role="alert">
          {(remove.error as Error).message}
        </div>
      ) : null}
    </Modal>
  );
}

export default AdminDataScreen;
