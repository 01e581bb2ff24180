import type { Command } from 'commander';
import { ASSET_CLASSES } from '@solstice/contracts';
import { scanCommand, type ScanCommandOptions } from './scan-command.js';
import { printResult } from '../command-context.js';

export function registerScanCommands(program: Command): void {
  program
    .command('scan')
    .description(
      'technical scan over every instrument (or those of --asset-class), e.g. "rsi14 < 30 and close > sma200", "weekly(rsi(close, 14)) < 40 and rs(SPY, 63) > 0"',
    )
    .argument('<expression>', 'scanner expression; seasonal fields: season<L>.winRate|mean|median|count|pValue')
    .option(
      '--column <expression>',
      'show this field or numeric expression in each row, e.g. "weekly(rsi(close, 14))" (repeatable, at most 60)',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option('--sort <field or expression>', 'sort by this field or numeric expression (nulls last, ties by symbol)')
    .option('--desc', 'sort descending')
    .option('--limit <n>', 'at most this many rows (default 50)')
    .option('--offset <n>', 'skip this many rows')
    .option(
      '--as-of <date>',
      'scan as of this date, YYYY-MM-DD: at the latest session on or before it that most symbols reach, no later data read',
    )
    .option(
      '--asset-class <list>',
      `scan only instruments of these asset classes, comma-separated (${ASSET_CLASSES.join(', ')}; default: every class)`,
    )
    .action(async (expression: string, opts: ScanCommandOptions, command: Command) => {
      await printResult(command, (ctx) => scanCommand(ctx.market, expression, opts));
    });
}
