import type { Command } from 'commander';
import { dropDemoUniverse } from '../../modules/market/seed/seed.js';
import { repairMixedDemoBars } from '../../modules/market/seed/repair.js';
import { withContext } from '../command-context.js';

export function registerDemoCommands(program: Command): void {
  const demo = program.command('demo').description('the synthetic demo universe');
  demo
    .command('drop')
    .description('remove every synthetic instrument and its bars (keeps imported data and ^GSPC)')
    .action(async (_opts, command: Command) => {
      await withContext(
        command,
        async (ctx, out) => {
          const report = await dropDemoUniverse(ctx.database);
          out.result(report, () => `removed ${report.instruments} demo instruments and ${report.bars} bars`);
        },
        { loadMarket: false, seedOnEmpty: false },
      );
    });
  demo
    .command('repair')
    .description('delete demo bars left inside imported series (installs that imported instruments.csv over the demo)')
    .action(async (_opts, command: Command) => {
      await withContext(
        command,
        async (ctx, out) => {
          const report = await repairMixedDemoBars(ctx.database);
          out.result(report, () =>
            report.repaired.length === 0
              ? 'no imported series holds demo bars'
              : [
                  `removed ${report.bars} demo bars from ${report.repaired.length} imported symbols:`,
                  ...report.repaired.map((r) => `  ${r.symbol}: ${r.demoBars} demo bars removed, ${r.keptBars} kept`),
                ].join('\n'),
          );
        },
        { loadMarket: false, seedOnEmpty: false },
      );
    });
}
