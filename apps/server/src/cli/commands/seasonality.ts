import type { Command } from 'commander';
import { ASSET_CLASSES } from '@solstice/contracts';
import type { MarketCache } from '../../modules/market/market-cache.js';
import { withContext } from '../command-context.js';
import type { CliOutput, CommandResult } from '../output.js';
import { registerBacktestCommand } from './seasonality-backtest.js';
import { overfittingCommand } from './seasonality-overfitting.js';
import {
  bestTradesCommand,
  calendarCommand,
  chartCommand,
  patternCommand,
  scanCommand,
  walkForwardCommand,
  type ScanOptions,
} from './seasonality-results.js';

export * from './seasonality-results.js';
export * from './seasonality-overfitting.js';

/** Runs a command body with the market data; withContext, or a test's in-memory market. */
export type MarketCommandRunner = <T>(
  command: Command,
  body: (services: { market: MarketCache }, out: CliOutput) => Promise<T>,
) => Promise<T>;

/** The subcommands that take a year set (analytics.md, "Year sets"): --cycle, --parity, --exclude. */
const YEAR_SET_COMMANDS = new Set([
  'pattern',
  'calendar',
  'chart',
  'best-trades',
  'walk-forward',
  'scan',
  'overfitting',
]);

function addYearSetOptions(command: Command): void {
  command
    .option(
      '--cycle <phases>',
      'only years of these presidential-cycle phases: election,post-election,midterm,pre-election',
    )
    .option('--parity <odd|even>', 'only odd or even years')
    .option('--exclude <years>', 'leave out these years, e.g. 2008,2009');
}

interface OptionSpec {
  flags: string;
  description: string;
  fallback?: string;
  required?: boolean;
}
const option = (flags: string, description: string, fallback?: string): OptionSpec => ({
  flags,
  description,
  fallback,
});
const required = (flags: string, description: string): OptionSpec => ({ flags, description, required: true });

function withOptions(command: Command, specs: readonly OptionSpec[]): Command {
  for (const { flags, description, fallback, required } of specs) {
    if (required) command.requiredOption(flags, description);
    else if (fallback === undefined) command.option(flags, description);
    else command.option(flags, description, fallback);
  }
  return command;
}

const YEARS = [option('--from <YYYY>', 'first year'), option('--to <YYYY>', 'last year')];
const HOLDING = [
  required('--min-days <N>', 'shortest holding, calendar days'),
  required('--max-days <N>', 'longest holding, calendar days'),
];
const RANK = option(
  '--rank <winRate|returnToRisk>',
  'rank windows by win rate, or by return per unit of risk (mean / |mean MAE|)',
  'winRate',
);
const CONDITION = option(
  '--condition <expr>',
  "keep only the years whose entry bar satisfies this technical-scanner expression (e.g. 'close > sma200')",
);
const ROLL_ADJUST = option(
  '--roll-adjust <none|ratio|difference>',
  "a future's back-adjustment at its roll gaps before computing (default none; other classes have no roll gaps)",
);
const MIN_YEARS = option('--min-years <N>', 'fewest years a window needs (default: the most any window has, less 2)');
/** The search for one symbol's best windows (best trades, walk-forward, overfitting). */
const WINDOW_SEARCH = [...HOLDING, ...YEARS, MIN_YEARS];

export function registerSeasonalityCommands(program: Command, run: MarketCommandRunner = withContext): void {
  const seasonality = program
    .command('seasonality')
    .description('seasonal patterns, calendar, chart, best trades, walk-forward, scan, overfitting, backtest');
  const print = <T>(command: Command, body: (market: MarketCache) => Promise<CommandResult<T>> | CommandResult<T>) =>
    run(command, async ({ market }, out) => {
      const { value, text } = await body(market);
      out.result(value, () => text);
    });

  const subcommand = (name: string, description: string, specs: readonly OptionSpec[], symbol = true) => {
    const command = seasonality.command(name).description(description);
    if (symbol) command.argument('<symbol>');
    return withOptions(command, specs);
  };
  /** A subcommand of one symbol that prints what `answer` makes of the symbol and its options. */
  const symbolCommand = <O, T>(
    name: string,
    description: string,
    specs: readonly OptionSpec[],
    answer: (market: MarketCache, symbol: string, opts: O) => Promise<CommandResult<T>> | CommandResult<T>,
  ) =>
    subcommand(name, description, specs).action((symbol: string, opts: O, command: Command) =>
      print(command, (market) => answer(market, symbol, opts)),
    );

  symbolCommand(
    'pattern',
    'one window (start → end) over every year, with its statistics',
    [
      required('--start <MM-DD>', 'window start'),
      required('--end <MM-DD>', 'window end (before start: crosses the year end)'),
      ...YEARS,
      option('--short', 'the short side (returns negated)'),
      CONDITION,
      ROLL_ADJUST,
    ],
    patternCommand,
  );

  symbolCommand(
    'calendar',
    'monthly and yearly returns with a per-month summary',
    [...YEARS, ROLL_ADJUST],
    calendarCommand,
  );

  symbolCommand(
    'chart',
    'the average year (and detrended), with the current year',
    [...YEARS, ROLL_ADJUST],
    chartCommand,
  );

  symbolCommand(
    'best-trades',
    'the best long and short windows of one symbol',
    [
      ...WINDOW_SEARCH,
      option('--top <K>', 'windows per side', '10'),
      option('--max-q-value <X>', 'only windows whose q-value is at most X (a fraction from 0 to 1)'),
      RANK,
      CONDITION,
      ROLL_ADJUST,
    ],
    bestTradesCommand,
  );

  symbolCommand(
    'walk-forward',
    'best trades out of sample: each year traded with the window chosen on the years before it',
    [
      ...WINDOW_SEARCH,
      option('--train-years <N>', 'fewest training years the chosen window needs to be traded', '10'),
      ROLL_ADJUST,
    ],
    walkForwardCommand,
  );

  symbolCommand(
    'overfitting',
    'whether the best window of a best-trades search is luck: deflated Sharpe ratio, PBO, reality check',
    [
      ...WINDOW_SEARCH,
      option('--direction <long|short|both>', 'the side(s) searched', 'both'),
      option('--blocks <S>', 'blocks of the PBO (even, at least 2)', '8'),
      option('--window <MM-DD:MM-DD:long|short>', 'judge this window instead of the top one'),
      option('--bootstrap <B>', "resamples of White's reality check (0: none; at most 10000)", '0'),
      option('--seed <N>', 'seed of the resamples: a decimal unsigned 64-bit integer', '1'),
      ROLL_ADJUST,
    ],
    overfittingCommand,
  );

  subcommand(
    'scan',
    "each symbol's best window starting in a date range",
    [
      option('--start-from <MM-DD>', 'first start day (required unless --upcoming)'),
      option('--start-to <MM-DD>', 'last start day (required unless --upcoming)'),
      option(
        '--upcoming <N>',
        'windows starting in the next N calendar days (1–90) after the session; replaces --start-from/--start-to',
      ),
      option(
        '--as-of <YYYY-MM-DD>',
        'with --upcoming: the scan date (its session on or before it; default the latest)',
      ),
      option(
        '--min-dollar-volume <X>',
        'with --upcoming: leave out symbols whose 20-day average dollar volume is below X',
      ),
      ...HOLDING,
      ...YEARS,
      option('--min-win-rate <X>', 'a fraction from 0 to 1', '0'),
      option(
        '--min-years <N>',
        'fewest years (default per symbol: the most any of its windows has, less 2, at least 10)',
      ),
      option('--direction <long|short|both>', 'side(s) to rank', 'long'),
      option('--symbols <A,B,…>', 'only these symbols (default: every instrument)'),
      option(
        '--asset-class <list>',
        `only instruments of these asset classes, comma-separated (${ASSET_CLASSES.join(', ')}; default: every class)`,
      ),
      option('--max-q-value <X>', 'only results whose q-value is at most X (a fraction from 0 to 1)'),
      RANK,
      CONDITION,
      ROLL_ADJUST,
    ],
    false,
  ).action((opts: ScanOptions, command: Command) => print(command, (market) => scanCommand(market, opts)));

  for (const command of seasonality.commands) if (YEAR_SET_COMMANDS.has(command.name())) addYearSetOptions(command);
  // After the loop above: backtest declares its own year-set options.
  registerBacktestCommand(seasonality, run);
}
