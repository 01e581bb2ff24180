import { Option, type Command } from 'commander';
import { PROVIDER_IDS, type ProviderId } from '../../modules/market/providers/provider.js';
import { configuredProviders, createProvider, providerOffReason } from '../../modules/market/providers/registry.js';
import type { SyncReport } from '../../modules/market/sync/sync.js';
import { runMarketUpdate } from '../../modules/market/update/market-update.js';
import { recordDataUpdate } from '../../modules/metrics/data-update.js';
import { refreshMarketSnapshot } from '../../modules/market/snapshot/refresh-snapshot.js';
import { CliError } from '../output.js';
import { withContext } from '../command-context.js';
import { progressReporter } from '../progress.js';

interface SyncCliOptions {
  provider?: ProviderId;
  baseUrl?: string;
  timeout?: string;
  symbols?: string;
}

export function registerSyncCommand(program: Command): void {
  program
    .command('sync')
    .description(
      'bring the daily bars of every real instrument up to its last completed session (NYSE for US stocks; its own calendar for crypto, currencies, futures and indexes) from the providers of DATA_PROVIDERS (needs network)',
    )
    .addOption(
      new Option('--provider <name>', 'ask only this provider (default: DATA_PROVIDERS, in order)').choices([
        ...PROVIDER_IDS,
      ]),
    )
    .option('--base-url <url>', "the provider's address (a mirror or a test server); needs --provider")
    .option('--timeout <ms>', 'timeout per request in milliseconds')
    .option('--symbols <list>', 'only these symbols, comma-separated (demo instruments get real data)')
    .action(async (opts: SyncCliOptions, command: Command) => {
      const timeoutMs = opts.timeout === undefined ? undefined : Number(opts.timeout);
      if (timeoutMs !== undefined && (!Number.isInteger(timeoutMs) || timeoutMs <= 0))
        throw new CliError('--timeout: expected milliseconds', 2);
      if (opts.baseUrl !== undefined && !opts.provider) throw new CliError('--base-url: needs --provider', 2);
      if (opts.baseUrl !== undefined && !/^https?:\/\/[^\s]+$/i.test(opts.baseUrl))
        throw new CliError('--base-url: expected an http:// or https:// URL', 2);
      const symbols = opts.symbols
        ?.split(',')
        .map((s) => s.trim().toUpperCase())
        .filter((s) => s !== '');
      await withContext(
        command,
        async (ctx, out) => {
          const policy = timeoutMs === undefined ? undefined : { timeoutMs };
          let providers;
          if (opts.provider) {
            const off = providerOffReason(opts.provider, ctx.settings);
            if (off) throw new CliError(`--provider ${opts.provider}: ${off}`, 2);
            providers = [createProvider(opts.provider, ctx.settings, { baseUrl: opts.baseUrl, policy })];
          } else {
            const configured = configuredProviders(ctx.settings, { policy });
            for (const p of configured.off) out.info(`${p.id} is off: ${p.reason}`);
            providers = configured.providers;
            if (providers.length === 0) throw new CliError('DATA_PROVIDERS: no provider is configured', 2);
          }
          for (const p of providers) if (p.info.personalUseOnly) out.info(`${p.info.name}: ${p.info.terms}`);
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
            { ...(symbols ? { symbols } : {}), ...(progress ? { onProgress: progress.update } : {}) },
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
