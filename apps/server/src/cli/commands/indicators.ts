import type { Command } from 'commander';
import { indicatorsCommand } from './indicators-command.js';
import { printResult } from '../command-context.js';

export function registerIndicatorCommands(program: Command): void {
  program
    .command('indicators')
    .description('technical indicators of a symbol at its latest bar')
    .argument('<symbol>', 'ticker symbol, e.g. AAPL')
    .action(async (symbol: string, _opts, command: Command) => {
      await printResult(command, (ctx) => indicatorsCommand(ctx.market, symbol));
    });
}
