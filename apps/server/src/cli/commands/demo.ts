import type { Command } from 'commander';
import { dropDemoUniverse } from '../../modules/market/seed/seed.js';
import { withContext } from '../program.js';

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
}
