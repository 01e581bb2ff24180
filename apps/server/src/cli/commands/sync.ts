import type { Command } from 'commander';
import type { SyncReport } from '../../modules/market/sync/sync.js';
import { runMarketUpdate } from '../../modules/market/update/market-update.js';
import { recordDataUpdate } from '../../modules/metrics/data-update.js';
import { refreshMarketSnapshot } from '../../modules/market/snapshot/refresh-snapshot.js';
import { withContext } from '../command-context.js';
import { addProviderOptions, checkProviderOptions, providersOf, type ProviderCliOptions } from '../provider-options.js';
import { progressReporter } from '../progress.js';

interface SyncCliOptions extends ProviderCliOptions {
  symbols?: string;
  bulkDay: boolean;
}

export function registerSyncCommand(program: Command): void {
  addProviderOptions(
    program
      .command('sync')
      .description(
        'bring the daily bars of every real instrument up to its last completed session (NYSE for US stocks; its own calendar for crypto, currencies, futures and indexes) from the providers of DATA_PROVIDERS (needs network). With EODHD first (--provider eodhd, or first in DATA_PROVIDERS) and no --symbols, the whole universe comes from one request for the market (/eod-bulk-last-day/US, paid plans), and only what that answer lacks is asked per symbol',
      ),
  )
    .option('--symbols <list>', 'only these symbols, comma-separated (demo instruments get real data)')
    .option('--no-bulk-day', 'ask EODHD per symbol even for the whole universe (no /eod-bulk-last-day/US)')
    .action(async (opts: SyncCliOptions, command: Command) => {
      const { timeoutMs } = checkProviderOptions(opts);
      const symbols = opts.symbols
        ?.split(',')
        .map((s) => s.trim().toUpperCase())
        .filter((s) => s !== '');
      await withContext(
        command,
        async (ctx, out) => {
          const providers = providersOf(opts, timeoutMs, ctx.settings, out);
          const progress = progressReporter(out.json, 'symbols');
          // The scheduled job's code: the run and every symbol's result are recorded for the data page.
          const { report } = await runMarketUpdate(
            {
              database: ctx.database,
              settings: ctx.settings,
              now: () => Date.now(),
              providers,
              onFinished: (outcome) => recordDataUpdate(ctx.database.db, outcome),
            },
            'cli',
            {
              ...(symbols ? { symbols } : {}),
              bulkDay: opts.bulkDay,
              ...(progress ? { onProgress: progress.update } : {}),
            },
          );
          progress?.end();
          if (report.inserted + report.rewritten + report.removed > 0)
            await refreshMarketSnapshot(ctx.database, ctx.settings, { warn: (m) => out.info(m) });
          out.result(report, () => summary(report));
          if (report.failed > 0) process.exitCode = 1;
        },
        { loadMarket: false, seedOnEmpty: false },
      );
    });
}

function summary(report: SyncReport): string {
  return [
    `session ${report.session} from ${report.providers.join(', ')}: ${report.symbols.length} symbol(s), ${report.updated} updated, ${report.unchanged} unchanged, ${report.failed} failed; ${report.inserted} bar(s) inserted, ${report.rewritten} rewritten, ${report.removed} removed`,
    ...report.symbols.map(
      (r) =>
        `  ${r.symbol.padEnd(8)} ${r.status.padEnd(9)} ${(r.provider ?? '-').padEnd(6)} last ${r.lastBar ?? '-'}  +${r.inserted} ~${r.updated} -${r.removed}` +
        (r.reason ? `  (${r.reason})` : ''),
    ),
  ].join('\n');
}
