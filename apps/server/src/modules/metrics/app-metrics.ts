import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Log } from '../../logging.js';
import type { MarketCache } from '../market/market-cache.js';
import { latestBarOf } from '../health/readiness.js';
import { DATA_UPDATE_FAILURE_KEY, DATA_UPDATE_SUCCESS_KEY } from './data-update.js';

export interface AppMetrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status_code'>;
  duration: Histogram<'method' | 'route' | 'status_code'>;
}

/**
 * No samples at all, so that an unknown value is absent (alert with absent()) rather than 0:
 * reset() alone leaves a gauge without labels at 0; remove() with no labels drops that sample.
 */
function clear(gauge: Gauge<string>, labelled = false): void {
  gauge.reset();
  if (!labelled) gauge.remove();
}

/**
 * The registry of one set of services (tests build many in a process). Counts read from the
 * database at scrape time describe the whole installation (every
 * process reports the same value: aggregate them with max, not sum); the rest is this process.
 */
export function createAppMetrics(deps: { database: DatabaseHandle; market: MarketCache; log: Log }): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  // Process, heap, GC and event-loop lag (nodejs_eventloop_lag_seconds, …_p99_seconds).
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'solstice_http_requests_total',
    help: 'HTTP requests answered, by method, matched route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'solstice_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, matched route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  const collectFailures = new Counter({
    name: 'solstice_metrics_collect_failures_total',
    help: 'Scrapes in which a metric read from the database could not be read (the metric is then absent)',
    labelNames: ['collector'] as const,
    registers,
  });
  /** Runs a database read for one gauge; on failure the gauge has no samples this scrape. */
  const fromDatabase = async (collector: string, gauge: Gauge<string>, read: () => Promise<void>, labelled = false) => {
    clear(gauge, labelled);
    try {
      await read();
    } catch (error) {
      clear(gauge, labelled);
      collectFailures.inc({ collector });
      deps.log.warn({ err: error, collector }, 'metrics: database read failed');
    }
  };
  const db = () => deps.database.db;

  /** A gauge with labels whose samples one database read (collector `collector`) sets at each scrape. */
  const labelledGauge = <L extends string>(
    { collector, ...config }: { name: string; help: string; labelNames: readonly L[]; collector: string },
    read: (gauge: Gauge<L>) => Promise<void>,
  ) =>
    new Gauge({
      ...config,
      registers,
      async collect() {
        await fromDatabase(collector, this, () => read(this), true);
      },
    });

  labelledGauge(
    {
      name: 'solstice_jobs',
      help: 'Rows of the durable job queue by status (pending = queue depth; failed = gave up after the last attempt)',
      labelNames: ['status'] as const,
      collector: 'jobs',
    },
    async (gauge) => {
      const rows = await db()
        .selectFrom('jobs')
        .select(['status', sql<number>`count(*)`.as('n')])
        .groupBy('status')
        .execute();
      for (const status of ['pending', 'done', 'failed'] as const) gauge.set({ status }, 0);
      for (const row of rows) gauge.set({ status: row.status }, Number(row.n));
    },
  );
  /** A gauge (collector `name` less its solstice_ prefix) of the pending jobs that also match `where`. */
  const pendingJobsGauge = (
    name: string,
    help: string,
    where: (eb: ExpressionBuilder<Database, 'jobs'>) => Expression<SqlBool>,
  ) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        await fromDatabase(name.replace(/^solstice_/, ''), this, async () => {
          const row = await db()
            .selectFrom('jobs')
            .select(sql<number>`count(*)`.as('n'))
            .where('status', '=', 'pending')
            .where(where)
            .executeTakeFirst();
          this.set(Number(row?.n ?? 0));
        });
      },
    });
  pendingJobsGauge(
    'solstice_jobs_due',
    'Pending jobs whose time has come (a growing value means the poller is behind or stopped)',
    (eb) => eb('run_at', '<=', Date.now()),
  );
  pendingJobsGauge(
    'solstice_jobs_retrying',
    'Pending jobs that failed at least once and wait for their next attempt',
    (eb) => eb('last_error', 'is not', null),
  );

  labelledGauge(
    {
      name: 'solstice_mail_messages',
      help: 'Mail recorded in the outbox by transport (smtp, outbox) and status (sent, failed, stored = kept without SMTP)',
      labelNames: ['transport', 'status'] as const,
      collector: 'mail',
    },
    async (gauge) => {
      const rows = await db()
        .selectFrom('mail_outbox')
        .select(['transport', 'status', sql<number>`count(*)`.as('n')])
        .groupBy(['transport', 'status'])
        .execute();
      for (const row of rows) gauge.set({ transport: row.transport, status: row.status }, Number(row.n));
    },
  );

  // Market data as this process serves it (its in-memory copy).
  new Gauge({
    name: 'solstice_market_latest_bar_age_days',
    help: 'Calendar days (weekends and holidays count) from the latest daily bar served to today (UTC); absent without data',
    registers,
    collect() {
      clear(this);
      const { ageCalendarDays } = latestBarOf(deps);
      if (ageCalendarDays !== null) this.set(ageCalendarDays);
    },
  });
  new Gauge({
    name: 'solstice_market_latest_bar_timestamp_seconds',
    help: 'Date of the latest daily bar served, as Unix time of its midnight UTC; absent without data',
    registers,
    collect() {
      clear(this);
      const asOf = deps.market.asOf();
      if (asOf !== null) this.set(Date.parse(`${asOf}T00:00:00Z`) / 1000);
    },
  });
  new Gauge({
    name: 'solstice_market_instruments',
    help: 'Instruments loaded in memory',
    registers,
    collect() {
      this.set(deps.market.instruments().length);
    },
  });
  // Written by the scheduled data update (recordDataUpdate) in whichever process runs it.
  const dataUpdate = (name: string, key: string, what: string) =>
    new Gauge({
      name,
      help: `When the scheduled data update last ${what} (Unix time); absent until it has`,
      registers,
      async collect() {
        await fromDatabase(name, this, async () => {
          const row = await db().selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
          if (row) this.set(Number(row.value) / 1000);
        });
      },
    });
  dataUpdate('solstice_data_update_last_success_timestamp_seconds', DATA_UPDATE_SUCCESS_KEY, 'succeeded');
  dataUpdate('solstice_data_update_last_failure_timestamp_seconds', DATA_UPDATE_FAILURE_KEY, 'failed');

  return { registry, requests, duration };
}
