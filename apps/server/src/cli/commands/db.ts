import type { Command } from 'commander';
import { withContext } from '../program.js';

export function registerDbCommands(program: Command): void {
  const db = program.command('db').description('database maintenance');
  db.command('migrate')
    .description('apply every pending migration (also done at start-up)')
    .action(async (_opts, command: Command) => {
      // createContext migrates; the report is what it printed.
      await withContext(
        command,
        async (ctx, out) => {
          out.result(
            { database: ctx.database.dialect, migrated: true },
            () => `database ${ctx.database.description} is up to date`,
          );
        },
        { loadMarket: false },
      );
    });
}
