import type { Command } from 'commander';
import { isoDateSchema } from '@solstice/contracts';
import { AlertRunError, replaySession, runAlertEvaluation } from '../../modules/alerts/alert-evaluation.js';
import { withContext } from '../command-context.js';
import { progressReporter } from '../progress.js';
import { CliError } from '../output.js';

interface AlertRunJson {
  asOf: string;
  previous: string | null;
  alerts: number;
  recorded: number;
  triggers: { alertId: number; symbol: string; barDate: string }[];
}

export function registerAlertCommands(program: Command): void {
  const alerts = program.command('alerts').description('alerts: evaluate (replay) and list');

  alerts
    .command('run')
    .description('evaluate every active alert as of a date and record what fires (a replay of that session)')
    .requiredOption(
      '--as-of <date>',
      'YYYY-MM-DD: the session the scanner takes for it (the latest on or before it that most symbols reach)',
    )
    .option('--deliver', 'also send the digest mail and webhooks of what is newly recorded')
    .action(async (opts: { asOf: string; deliver?: boolean }, command: Command) => {
      const date = isoDateSchema.safeParse(opts.asOf);
      if (!date.success) throw new CliError(`--as-of: ${date.error.issues[0]?.message ?? 'expected YYYY-MM-DD'}`, 2);
      await withContext(command, async (services, out) => {
        const json = command.optsWithGlobals<{ json?: boolean }>().json ?? false;
        const progress = progressReporter(json, 'alerts');
        const started = performance.now();
        const session = replaySession(services.market, date.data);
        if (session === null) throw new CliError(`--as-of: no market data on or before ${date.data}`, 2);
        let result;
        try {
          result = await runAlertEvaluation(
            {
              db: services.database.db,
              market: services.market,
              jobs: services.jobs,
              now: () => services.clock.now(),
              symbolsPerAccount: services.settings.ALERT_SYMBOLS_PER_ACCOUNT,
            },
            session,
            {
              deliver: opts.deliver ?? false,
              onProgress: (p) =>
                progress?.update({
                  done: p.done,
                  total: p.total,
                  rows: p.phase === 'recording' ? p.done : 0,
                  elapsedMs: performance.now() - started,
                }),
            },
          );
          progress?.end();
        } catch (error) {
          if (error instanceof AlertRunError) throw new CliError(`--as-of: ${error.message}`, 2);
          throw error;
        }
        const value: AlertRunJson = {
          asOf: result.asOf,
          previous: result.previous,
          alerts: result.alerts,
          recorded: result.recorded,
          triggers: result.triggers.map((t) => ({ alertId: t.alertId, symbol: t.symbol, barDate: t.barDate })),
        };
        out.result(value, () =>
          [
            `${result.alerts} active alert${result.alerts === 1 ? '' : 's'} as of ${result.asOf} (compared with ${result.previous ?? 'no earlier session'}): ` +
              `${result.triggers.length} trigger${result.triggers.length === 1 ? '' : 's'}, ${result.recorded} newly recorded`,
            ...result.triggers.map(
              (t) =>
                `  alert ${t.alertId}  ${t.symbol.padEnd(8)} ${t.event}${t.window ? `  ${t.window.direction} ${t.window.start} → ${t.window.end} (${t.window.days} days, enters ${t.window.entryDate})` : ''}`,
            ),
            ...result.paused.map((p) => `  alert ${p.alertId} paused: ${p.reason}`),
          ].join('\n'),
        );
      });
    });

  alerts
    .command('list')
    .description('every alert, with its owner, state and last trigger')
    .action(async (_opts: unknown, command: Command) => {
      await withContext(
        command,
        async (services, out) => {
          const rows = await services.database.db
            .selectFrom('alerts as a')
            .innerJoin('users as u', 'u.id', 'a.user_id')
            .select([
              'a.id',
              'u.username',
              'a.name',
              'a.kind',
              'a.expression',
              'a.symbol',
              'a.watchlist_id',
              'a.paused',
              'a.paused_reason',
              'a.last_fired_bar_date',
            ])
            .orderBy('a.id')
            .execute();
          const value = rows.map((r) => ({
            id: Number(r.id),
            user: r.username,
            name: r.name,
            kind: r.kind,
            target: r.symbol ?? (r.watchlist_id !== null ? `watchlist ${r.watchlist_id}` : null),
            expression: r.expression,
            paused: r.paused === 1,
            pausedReason: r.paused_reason,
            lastFired: r.last_fired_bar_date,
          }));
          out.result({ alerts: value }, () =>
            value.length === 0
              ? 'no alerts'
              : value
                  .map(
                    (a) =>
                      `${String(a.id).padStart(4)}  ${a.user}  ${a.kind.padEnd(9)} ${a.name}${a.target ? ` [${a.target}]` : ''}${a.expression ? `  ${a.expression}` : ''}` +
                      `${a.paused ? `  (paused${a.pausedReason ? `: ${a.pausedReason}` : ''})` : ''}  last fired ${a.lastFired ?? 'never'}`,
                  )
                  .join('\n'),
          );
        },
        { loadMarket: false },
      );
    });
}
