import type { Command } from 'commander';
import { BackupError, backupDatabase, restoreDatabase } from '../../db/backup.js';
import { DatabaseOpenError } from '../../db/database.js';
import { commandSettings, withContext, type GlobalOptions } from '../command-context.js';
import { CliError, createOutput } from '../output.js';

async function asCliErrors<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof BackupError || error instanceof DatabaseOpenError) throw new CliError(error.message, 1);
    throw error;
  }
}

/**
 * The action of a `db` command on FILE with --force (backup, restore): runs `work` on the
 * configured DATABASE_URL outside the app (it runs beside the server, or with it stopped)
 * and prints `says(report)`.
 */
function databaseFileAction<R>(
  work: (databaseUrl: string, file: string, options: { force: boolean }) => Promise<R>,
  says: (report: R) => string,
) {
  return async (file: string, opts: { force?: boolean }, command: Command) => {
    const settings = commandSettings(command);
    const out = createOutput(Boolean(command.optsWithGlobals<GlobalOptions>().json));
    const report = await asCliErrors(() => work(settings.DATABASE_URL, file, { force: opts.force ?? false }));
    out.result(report, () => says(report));
  };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

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

  db.command('backup')
    .description(
      'write a consistent copy of the database to FILE while the server runs ' +
        '(SQLite: VACUUM INTO; PostgreSQL: pg_dump --format=custom, which must be on PATH)',
    )
    .argument('<file>', 'the backup file to write')
    .option('--force', 'replace FILE if it exists')
    .action(
      databaseFileAction(
        backupDatabase,
        (report) => `backed up to ${report.file} (${megabytes(report.bytes)}, ${report.method}, ${report.ms} ms)`,
      ),
    );

  db.command('restore')
    .description(
      'restore a backup made by `db backup` into an empty database (or with --force over one that has data), ' +
        'then migrate it; stop the server first (PostgreSQL: pg_restore must be on PATH)',
    )
    .argument('<file>', 'the backup file')
    .option('--force', 'replace a database that holds accounts or market data')
    .action(
      databaseFileAction(
        restoreDatabase,
        (report) =>
          `restored ${report.file}${report.replaced ? ' over the previous data' : ''}` +
          (report.migrationsApplied.length > 0 ? `; applied migrations ${report.migrationsApplied.join(', ')}` : '') +
          ` (${report.ms} ms)`,
      ),
    );
}
