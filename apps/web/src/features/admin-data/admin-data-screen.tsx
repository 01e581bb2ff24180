import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminDataResponse } from '@solstice/contracts';
import { formatDateTime } from '../../shared/lib/dates';
import { FRESHNESS_QUERY_KEY } from '../../shared/lib/market-freshness';
import { apiGet, apiQuietPost } from '../../shared/api';
import { useFormatters } from '../../shared/format';
import { useLocalePrefs } from '../../shared/shell';
import { QueryView } from '../../shared/ui/states';
import { CardSection } from '../../shared/card-section';
import { AdminPage } from '../../shared/components/admin-nav';
import { ADMIN_DATA_QUERY_KEY } from './admin-data-key';
import { FailingSection, RunsSection, StatusCard } from './data-runs';
import { HistoryMismatchesSection } from './history-mismatches-section';
import { InstrumentsSection } from './instruments-section';

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

function newestId(data: AdminDataResponse | undefined): number {
  return data?.runs.reduce((max, r) => Math.max(max, r.id), 0) ?? 0;
}

/** The admin's data page: freshness, the schedule and its runs, failing symbols, run now, the instruments. */
export function AdminDataScreen() {
  const { t } = useTranslation('admin');
  const f = useFormatters();
  const { locale, timeZone } = useLocalePrefs();
  const at = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms, { locale, timeZone }));
  const client = useQueryClient();
  const [awaiting, setAwaiting] = useState<Awaiting | null>(null);
  const finishedSeen = useRef<number | null>(null);

  const query = useQuery({
    queryKey: ADMIN_DATA_QUERY_KEY,
    queryFn: () => apiGet('adminData', undefined, { background: true }),
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
    mutationFn: () => apiQuietPost('adminDataUpdate'),
    onSuccess: startWaiting,
  });

  return (
    <AdminPage title={t('data.title')} testId="admin-data-screen">
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
            <HistoryMismatchesSection rows={d.historyMismatches} f={f} />
            <InstrumentsSection instruments={d.instruments} f={f} onAdded={startWaiting} />
          </>
        )}
      </QueryView>
    </AdminPage>
  );
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
  const { t } = useTranslation('admin');
  const f = useFormatters();
  const running = data.runs.find((r) => r.status === 'running');
  const awaited = awaiting ? data.runs.find((r) => r.id > awaiting.afterId) : undefined;
  let progress: string | null = null;
  if (running) progress = t('data.runNow.running', { trigger: running.trigger, since: at(running.startedAt) });
  else if (awaiting && !awaited) progress = t('data.runNow.queued');
  else if (awaited)
    progress = t('data.runNow.finished', {
      status: t(`data.statuses.${awaited.status}`),
      updated: f.number(awaited.updated, 0),
      unchanged: f.number(awaited.unchanged, 0),
      failed: f.number(awaited.failed, 0),
      inserted: f.number(awaited.inserted, 0),
    });
  return (
    <CardSection id="run-now" title={t('data.runNow.title')} className="card h-100">
      <p className="small text-muted">{t('data.runNow.about')}</p>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        onClick={onRun}
        disabled={pending || Boolean(running) || Boolean(awaiting && !awaited)}
      >
        {t('data.runNow.button')}
      </button>
      <div role="status" className="small mt-2" data-testid="run-progress">
        {progress}
      </div>
      {error ? (
        <div className="alert alert-danger py-1 small mt-2" role="alert">
          {error}
        </div>
      ) : null}
    </CardSection>
  );
}

export default AdminDataScreen;
