import type { Command } from 'commander';
import { seedEmbeddedDefault } from '../../modules/market/seed/seed.js';
import { DEFAULT_SEED } from '../../modules/market/seed/synthetic.js';
import { CliError } from '../output.js';
import { withContext } from '../command-context.js';

export function registerSeedCommand(program: Command): void {
  program
    .command('seed')
    .description('load the embedded default: the S&P 500 history (^GSPC) and the synthetic demo universe')
    .option('--seed <n>', 'random seed of the demo universe', String(DEFAULT_SEED))
    .option('--today <date>', 'generate bars up to the last weekday before this date (YYYY-MM-DD)')
    .action(async (opts: { seed: string; today?: string }, command: Command) => {
      const seed = Number(opts.seed);
      if (!Number.isInteger(seed))
        throw new CliError(`--seed: expected an integer, got ${JSON.stringify(opts.seed)}`, 2);
      if (opts.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(opts.today))
        throw new CliError(`--today: expected YYYY-MM-DD, got ${JSON.stringify(opts.today)}`, 2);
      await withContext(
        command,
        async (ctx, out) => {
          const report = await seedEmbeddedDefault(ctx.database, { today: opts.today ?? new Date(), seed });
          out.result(
            report,
            () =>
              `seeded ${report.instruments} instruments and ${report.bars} bars in ${(report.ms / 1000).toFixed(1)} s` +
              (report.keptReal.length > 0 ? `; kept real data for ${report.keptReal.join(', ')}` : ''),
          );
        },
        // Building a database is what this command is for: it may create the file (its folder must exist).
        { loadMarket: false, seedOnEmpty: false, createDatabase: true },
      );
    });
}
