import type { Command } from 'commander';
import type { DatabaseHandle } from '../../db/database.js';
import { dropDemoUniverse } from '../../modules/market/seed/seed.js';
import { repairMixedDemoBars } from '../../modules/market/seed/repair.js';
import { printResult } from '../command-context.js';
import type { CommandResult } from '../output.js';

export function registerDemoCommands(program: Command): void {
  const demo = program.command('demo').description('the synthetic demo universe');
  // The demo commands change the database only: no market to load, nothing to seed.
  const databaseCommand = (
    name: string,
    description: string,
    run: (database: DatabaseHandle) => Promise<CommandResult<unknown>>,
  ) =>
    demo
      .command(name)
      .description(description)
      .action(async (_opts, command: Command) => {
        await printResult(command, (ctx) => run(ctx.database), { loadMarket: false, seedOnEmpty: false });
      });

  databaseCommand(
    'drop',
    'remove every synthetic instrument and its bars (keeps imported data and ^GSPC)',
    async (database) => {
      const report = await dropDemoUniverse(database);
      return { value: report, text: `removed ${report.instruments} demo instruments and ${report.bars} bars` };
    },
  );
  databaseCommand(
    'repair',
    'delete demo bars left inside imported series (installs that imported instruments.csv over the demo)',
    async (database) => {
      const report = await repairMixedDemoBars(database);
      const text =
        report.repaired.length === 0
          ? 'no imported series holds demo bars'
          : [
              `removed ${report.bars} demo bars from ${report.repaired.length} imported symbols:`,
              ...report.repaired.map((r) => `  ${r.symbol}: ${r.demoBars} demo bars removed, ${r.keptBars} kept`),
            ].join('\n');
      return { value: report, text };
    },
  );
}
