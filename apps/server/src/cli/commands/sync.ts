import { Option, type Command } from 'commander';
import { createProvider, PROVIDERS, type ProviderName } from '../../modules/market/sync/providers.js';
import { syncMarketData } from '../../modules/market/sync/sync.js';
import { CliError } from '../output.js';
import { withContext } from '../command-context.js';

export function registerSyncCommand(program: Command): void {
  program
    .command('sync')
    .description('fetch the daily bars since the latest stored date for every non-synthetic instrument (needs network)')
    .addOption(new Option('--provider <name>', 'data provider').choices([...PROVIDERS]).default('stooq'))
    .option('--base-url <url>', "the provider's address (a mirror or a test server)")
    .option('--timeout <ms>', 'timeout per request in milliseconds', '15000')
    .option('--symbols <list>', 'only these symbols, comma-separated')
    .action(
      async (
        opts: { provider: ProviderName; baseUrl?: string; timeout: string; symbols?: string },
        command: Command,
      ) => {
        const timeoutMs = Number(opts.timeout);
        if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new CliError('--timeout: expected milliseconds', 2);
        await withContext(
          command,
          async (ctx, out) => {
            const report = await syncMarketData(ctx.database, {
              provider: createProvider(opts.provider, opts.baseUrl),
              timeoutMs,
              symbols: opts.symbols?.split(',').map((s) => s.trim().toUpperCase()),
            });
            out.result(report, () =>
              [
                `${report.provider}: ${report.symbols.length} symbol(s), ${report.inserted} bar(s) inserted, ${report.updated} updated, ${report.failed} failed`,
                ...report.symbols.map(
                  (r) =>
                    `  ${r.symbol.padEnd(8)} ${r.status.padEnd(9)} from ${r.from}  +${r.inserted} ~${r.updated}` +
                    (r.error ? `  (${r.error}, ${r.attempts} attempt(s))` : ''),
                ),
              ].join('\n'),
            );
            if (report.failed > 0) process.exitCode = 1;
          },
          { loadMarket: false, seedOnEmpty: false },
        );
      },
    );
}
