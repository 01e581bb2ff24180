import type { Command } from 'commander';
import type { PriceSeries } from '@solstice/analytics';
import { importPaths, type ImportReport } from '../../modules/market/import/importer.js';
import { refreshMarketSnapshot } from '../../modules/market/snapshot/refresh-snapshot.js';
import { withContext } from '../command-context.js';
import { progressReporter } from '../progress.js';

export function describeImport(report: ImportReport): string {
  const lines = [
    `${report.files} file(s) read, ${report.rejectedFiles.length} rejected; ${report.instruments} instrument(s); ` +
      `${report.inserted} bar(s) inserted, ${report.updated} updated`,
  ];
  for (const i of report.issues)
    lines.push(`  ${i.file}${i.line === null ? '' : `:${i.line}`}: ${i.reason} (${i.action})`);
  return lines.join('\n');
}

export function registerImportCommand(program: Command): void {
  program
    .command('import')
    .description(
      'import daily bars and instruments from CSV files or directories (Stooq, Yahoo, plain; instruments.csv)',
    )
    .argument('<paths...>', 'CSV files or directories (read recursively)')
    .action(async (paths: string[], _opts, command: Command) => {
      await withContext(
        command,
        async (ctx, out) => {
          const progress = progressReporter(out.json, 'files');
          let written: Map<string, PriceSeries> | null = null;
          const report = await importPaths(ctx.database, paths, {
            ...(progress ? { onProgress: progress.update } : {}),
            onSeries: (series) => (written = series),
          });
          progress?.end();
          // The next server start reads the market from this file instead of every bar through SQL.
          if (report.changed)
            await refreshMarketSnapshot(ctx.database, ctx.settings, { warn: (m) => out.info(m) }, written);
          out.result(report, () => describeImport(report));
          // Rows may be skipped with exit status 0; a file that could not be imported is a failure.
          if (report.rejectedFiles.length > 0) process.exitCode = 1;
        },
        // Building a database is what this command is for: it may create the file (its folder must exist).
        { loadMarket: false, seedOnEmpty: false, createDatabase: true },
      );
    });
}
