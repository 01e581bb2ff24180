import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { TradingCalendar } from '@solstice/analytics';
import { PERMISSIONS, type AdminDataResponse, type FreshnessInfo } from '@solstice/contracts';
import type { Settings } from '../../../config/settings.js';
import type { DatabaseHandle } from '../../../db/database.js';
import { SIGNED_IN, needs } from '../../../http/access.js';
import { conflict, notFound, serviceUnavailable, unprocessable } from '../../../http/errors.js';
import { routeDeclarer } from '../../../http/declare-route.js';
import type { ZodTypeProvider } from '../../../http/route-schemas.js';
import type { Clock } from '../../jobs/clock.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { announceMarketChange } from '../market-events.js';
import { storeDescribed } from '../instruments/instrument-classes.js';
import { PROVIDER_IDS, type MarketDataProvider } from '../providers/provider.js';
import { ProviderError } from '../providers/provider-error.js';
import { createProvider, providerOffReason } from '../providers/registry.js';
import type { InstrumentDescription } from '../providers/yahoo-instrument.js';
import { listMismatches } from '../sync/history-mismatches.js';
import { freshnessOf, instrumentDaysBehind } from './freshness.js';
import { MARKET_UPDATE_JOB, startMarketUpdate } from './market-update.jobs.js';

export interface DataAdminDeps {
  settings: Settings;
  database: DatabaseHandle;
  /** The session the market's data is as of, as the scanner sees it (wired by the composition). */
  marketAsOf(): string | null;
  clock: Clock;
  jobs: JobQueue;
  /** Describes a symbol to add (§15.3); default Yahoo at YAHOO_BASE_URL. */
  describer?: MarketDataProvider;
}

/** The freshness every screen warns with; the admin's data page: freshness, the schedule, runs and failing symbols, instruments; run now; add or remove a ticker. */
export function dataAdminRoutes(deps: DataAdminDeps): FastifyPluginAsync {
  const { settings, database, clock, jobs } = deps;
  const { db } = database;
  return async (instance) => {
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>());
    const DATA = needs(PERMISSIONS.marketImport);

    /** How far the market's session date is behind the last completed session: the screens' stale-data warning. */
    route('marketFreshness', SIGNED_IN, async (): Promise<FreshnessInfo> =>
      freshnessOf(deps.marketAsOf(), clock.now()),
    );

    route('adminData', DATA, async (): Promise<AdminDataResponse> => {
      const runs = await db.selectFrom('data_updates').selectAll().orderBy('id', 'desc').limit(20).execute();
      const ids = runs.map((r) => r.id);
      const perProvider =
        ids.length === 0
          ? []
          : await db
              .selectFrom('data_update_symbols')
              .select(['update_id', 'provider', (eb) => eb.fn.countAll<number>().as('n')])
              .where('update_id', 'in', ids)
              .where('status', '!=', 'failed')
              .groupBy(['update_id', 'provider'])
              .execute();
      // An abandoned run recorded no symbol results: the failures shown are those of the last run that finished.
      const lastFinished = runs.find((r) => r.status !== 'running' && r.status !== 'abandoned');
      const failing = lastFinished
        ? await db
            .selectFrom('data_update_symbols')
            .select(['symbol', 'reason'])
            .where('update_id', '=', lastFinished.id)
            .where('status', '=', 'failed')
            .orderBy('symbol')
            .execute()
        : [];
      const next = await db
        .selectFrom('jobs')
        .select('run_at')
        .where('series', '=', MARKET_UPDATE_JOB)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      const bars = await db
        .selectFrom('bar_chunks')
        .select([
          'symbol',
          sql<string>`min(first_date)`.as('first'),
          sql<string>`max(last_date)`.as('last'),
          (eb) => eb.fn.sum<number>('bars').as('n'),
        ])
        .groupBy('symbol')
        .execute();
      const bySymbol = new Map(bars.map((b) => [b.symbol, b]));
      const instruments = await db
        .selectFrom('instruments')
        .select(['symbol', 'name', 'synthetic', 'tracked', 'calendar', 'timezone'])
        .orderBy('symbol')
        .execute();
      const now = clock.now();
      // most instruments share a calendar and a last bar: count each pair's sessions behind once
      const behindOf = new Map<string, number | null>();
      const behind = (last: string | null, calendar: TradingCalendar, timezone: string) => {
        const key = `${calendar} ${timezone} ${last}`;
        if (!behindOf.has(key)) behindOf.set(key, instrumentDaysBehind(last, calendar, timezone, now));
        return behindOf.get(key)!;
      };
      return {
        freshness: freshnessOf(deps.marketAsOf(), now),
        schedule: {
          enabled: settings.DATA_UPDATE_ENABLED,
          time: `${settings.DATA_UPDATE_TIME} America/New_York`,
          nextRunAt: next ? Number(next.run_at) : null,
        },
        providers: PROVIDER_IDS.map((id) => {
          const reason = providerOffReason(id, settings);
          return { id, on: reason === null && settings.DATA_PROVIDERS.includes(id), reason };
        }),
        runs: runs.map((r) => ({
          id: r.id,
          trigger: r.trigger,
          session: r.session,
          startedAt: Number(r.started_at),
          finishedAt: r.finished_at === null ? null : Number(r.finished_at),
          status: r.status,
          providers: r.providers ? r.providers.split(',') : [],
          updated: r.updated,
          unchanged: r.unchanged,
          failed: r.failed,
          inserted: r.inserted,
          error: r.error,
          byProvider: Object.fromEntries(
            perProvider.filter((p) => p.update_id === r.id && p.provider).map((p) => [p.provider!, Number(p.n)]),
          ),
        })),
        failing,
        historyMismatches: await listMismatches(database),
        instruments: instruments.map((i) => {
          const b = bySymbol.get(i.symbol);
          return {
            symbol: i.symbol,
            name: i.name,
            synthetic: Number(i.synthetic) === 1,
            tracked: Number(i.tracked) === 1,
            firstBar: b?.first ?? null,
            lastBar: b?.last ?? null,
            bars: Number(b?.n ?? 0),
            tradingDaysBehind: behind(b?.last ?? null, i.calendar, i.timezone),
          };
        }),
      };
    });

    route('adminDataUpdate', DATA, async (request, reply) => {
      const body = request.body;
      const job = await startMarketUpdate(jobs, clock.now(), {
        trigger: 'admin',
        ...(body.symbols ? { symbols: body.symbols } : {}),
      });
      return reply.code(202).send({ data: { job } });
    });

    /**
     * A new instrument as Yahoo describes it (class, currency, zone, calendar: §15.3), its row
     * now, its whole history by a backfill job. Nothing is stored for a symbol Yahoo does not
     * know, nor when a given type is not the provider's.
     */
    route('adminInstrumentAdd', DATA, async (request, reply) => {
      const body = request.body;
      const existing = await db
        .selectFrom('instruments')
        .select(['symbol', 'tracked'])
        .where('symbol', '=', body.symbol)
        .executeTakeFirst();
      if (existing && Number(existing.tracked) === 1)
        throw conflict(`${body.symbol} is already an instrument.`, {
          issues: [{ path: 'body.symbol', message: 'already an instrument' }],
        });
      const describer = deps.describer ?? createProvider('yahoo', settings);
      let described: InstrumentDescription;
      try {
        described = await describer.describe!(body.symbol, clock.now());
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        const said = `${body.symbol}: ${error.detail}`;
        if (error.kind === 'unknown-symbol' || error.kind === 'unsupported' || error.kind === 'no-data')
          throw unprocessable(said, { issues: [{ path: 'body.symbol', message: said }] });
        throw serviceUnavailable(`Yahoo could not describe ${said}`);
      }
      if (body.type !== undefined && body.type !== described.type)
        throw unprocessable(`${body.symbol} is ${described.type} (Yahoo), not ${body.type}.`, {
          issues: [{ path: 'body.type', message: `Yahoo says ${described.type}, not ${body.type}` }],
        });
      const named = body.name === undefined ? described : { ...described, name: body.name };
      await storeDescribed(database, named, clock.now());
      const job = await startMarketUpdate(jobs, clock.now(), { trigger: 'backfill', symbols: [body.symbol] });
      return reply.code(202).send({
        data: {
          symbol: body.symbol,
          job,
          assetClass: described.assetClass,
          currency: described.currency,
          calendar: described.calendar,
        },
      });
    });

    /** Stops updating an instrument; its history stays unless purge=true. */
    route('adminInstrumentRemove', DATA, async (request, reply) => {
      const { symbol } = request.params;
      const { purge } = request.query;
      const found = await db.selectFrom('instruments').select('symbol').where('symbol', '=', symbol).executeTakeFirst();
      if (!found) throw notFound(`No instrument ${symbol}.`);
      if (purge === 'true') {
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom('bar_chunks').where('symbol', '=', symbol).execute();
          await trx.deleteFrom('instruments').where('symbol', '=', symbol).execute();
        });
        await announceMarketChange(database);
      } else {
        await db
          .updateTable('instruments')
          .set({ tracked: 0, updated_at: clock.now() })
          .where('symbol', '=', symbol)
          .execute();
      }
      return reply.code(204).send();
    });
  };
}
