/* `solstice seasonality backtest`: the seasonal backtest of analytics.md, with the API's schema and answer. */

import type { Command } from 'commander';
import {
  BACKTEST_LIMITS,
  backtestBodySchema,
  backtestFieldLabel,
  type BacktestLegInput,
  type BacktestOptions,
  type BacktestResponse,
} from '@solstice/contracts';
import { AppError } from '../../http/errors.js';
import type { MarketCache } from '../../modules/market/market-cache.js';
import { backtestOf } from '../../modules/seasonality/backtest.service.js';
import { CliError, type CliOutput, type CommandResult } from '../output.js';
import { num, pct, table } from './seasonality-text.js';

export interface BacktestCommandOptions {
  leg?: string[];
  from?: string;
  to?: string;
  cycle?: string;
  parity?: string;
  exclude?: string;
  costBps?: string;
  benchmark?: string;
  rollAdjust?: string;
}

const LEG_FORMAT = 'SYMBOL:MM-DD:MM-DD[:long|short]';
const OPTION_NAMES: Record<string, string> = {
  legs: '--leg',
  from: '--from',
  to: '--to',
  cycle: '--cycle',
  parity: '--parity',
  exclude: '--exclude',
  costBps: '--cost-bps',
  benchmark: '--benchmark',
  rollAdjust: '--roll-adjust',
};

/** `AAPL:10-05:11-01:long` → a leg (direction long when left out); the schema checks the parts. */
export function parseLegOption(text: string): BacktestLegInput {
  const parts = text.split(':').map((p) => p.trim());
  if (parts.length < 3 || parts.length > 4 || parts.some((p) => p === '')) {
    throw new CliError(`--leg ${text}: expected ${LEG_FORMAT}`, 2);
  }
  const [symbol, start, end, direction] = parts as [string, string, string, string | undefined];
  return direction === undefined
    ? { symbol, start, end }
    : { symbol, start, end, direction: direction as BacktestLegInput['direction'] };
}

/** Parses the options with the API's schema; a problem names the leg (`legs[2].start`) or the option. */
function parseBacktestOptions(o: BacktestCommandOptions): BacktestOptions {
  const legs = (o.leg ?? []).map(parseLegOption);
  const value = Object.fromEntries(
    Object.entries({
      legs,
      from: o.from,
      to: o.to,
      cycle: o.cycle,
      parity: o.parity,
      exclude: o.exclude,
      costBps: o.costBps,
      benchmark: o.benchmark,
      rollAdjust: o.rollAdjust,
    }).filter(([, v]) => v !== undefined),
  );
  const result = backtestBodySchema.safeParse(value);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => {
    const [key, index] = issue.path;
    if (key === 'legs' && typeof index === 'number') {
      return `${backtestFieldLabel(issue.path)}: ${issue.message} (--leg ${o.leg?.[index] ?? ''})`;
    }
    const name = OPTION_NAMES[String(key ?? '')];
    return name ? `${name}: ${issue.message}` : `${backtestFieldLabel(issue.path)}: ${issue.message}`;
  });
  throw new CliError(messages.join('; '), 2);
}

function backtestText(value: BacktestResponse, o: BacktestOptions): string {
  const legs = o.legs.map((l) => `${l.symbol} ${l.direction} ${l.start} → ${l.end}`).join('; ');
  const m = value.metrics;
  const b = value.benchmark;
  const first = value.equity[0]?.date;
  const last = value.equity[value.equity.length - 1]?.date;
  const over = b?.strategyOverSpan ?? null;
  // the strategy over the benchmark's span, beside it, when the benchmark starts later
  const row = (label: string, own: string, overSpan: string, bench: string) =>
    over ? [label, own, overSpan, bench] : [label, own, bench];
  const lines = [
    `Seasonal backtest of ${o.legs.length} ${o.legs.length === 1 ? 'leg' : 'legs'}, cost ${o.costBps} bps per side: ${legs}`,
    first && last ? `equity ${first} → ${last} (${value.equity.length} dates)` : 'no trade: no year counts for any leg',
    ...(b?.from && b.to
      ? [
          over
            ? `benchmark ${b.symbol} over its own span ${b.from} → ${b.to} (its first close is after ${first}): compare it with the strategy over that span`
            : `benchmark ${b.symbol} over ${b.from} → ${b.to}`,
        ]
      : []),
    table(
      row('', 'strategy', `strategy ${b?.from ?? ''} → ${b?.to ?? ''}`, b ? `benchmark ${b.symbol}` : 'benchmark'),
      [
        row('total return', pct(m.totalReturn), pct(over?.totalReturn ?? null), pct(b?.totalReturn ?? null)),
        row('CAGR', pct(m.cagr), pct(over?.cagr ?? null), pct(b?.cagr ?? null)),
        row('max drawdown', pct(m.maxDrawdown), pct(over?.maxDrawdown ?? null), pct(b?.maxDrawdown ?? null)),
        row('volatility', pct(m.volatility), '', ''),
        row('sharpe', num(m.sharpe), num(over?.sharpe ?? null), num(b?.sharpe ?? null)),
        row('sortino', num(m.sortino), '', ''),
        row('exposure', pct(m.exposure), '', ''),
        row('trades', String(m.trades), '', ''),
        row('trade win rate', pct(m.tradeWinRate), '', ''),
        row('avg trade', pct(m.avgTrade), '', ''),
      ],
    ),
  ];
  if (value.trades.length > 0) {
    lines.push(
      table(
        ['year', 'symbol', 'dir', 'window', 'entry', 'exit', 'return'],
        value.trades.map((t) => [
          String(t.year),
          t.symbol,
          t.direction,
          `${t.start} → ${t.end}`,
          t.entryDate,
          t.exitDate,
          pct(t.return),
        ]),
      ),
    );
  }
  return lines.join('\n');
}

/** The backtest with the API's defaults and answer; bad legs are a CliError naming the leg. */
export function backtestCommand(market: MarketCache, o: BacktestCommandOptions): CommandResult<BacktestResponse> {
  const options = parseBacktestOptions(o);
  let value: BacktestResponse;
  try {
    value = backtestOf(market, options);
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_failed') {
      // a difference adjustment that cannot be made names its date under the option's name
      const [issue] = (error.details as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? [];
      if (issue?.path === 'body.rollAdjust') throw new CliError(`--roll-adjust: ${issue.message}`, 2);
      throw new CliError(error.message, 2);
    }
    throw error;
  }
  return { value, text: backtestText(value, options) };
}

type Runner = <T>(
  command: Command,
  body: (services: { market: MarketCache }, out: CliOutput) => Promise<T>,
) => Promise<T>;

/** Adds `backtest` to the `seasonality` command. */
export function registerBacktestCommand(seasonality: Command, run: Runner): void {
  seasonality
    .command('backtest')
    .description(`a strategy of 1 to ${BACKTEST_LIMITS.maxLegs} seasonal legs: equity, trades, metrics, benchmark`)
    .option(
      '--leg <SYMBOL:MM-DD:MM-DD:DIR>',
      `a leg, ${LEG_FORMAT} (repeat for each leg)`,
      (v: string, all: string[] = []) => [...all, v],
    )
    .option('--from <YYYY>', 'first start year')
    .option('--to <YYYY>', 'last start year')
    .option(
      '--cycle <phases>',
      'only start years of these presidential-cycle phases: election,post-election,midterm,pre-election',
    )
    .option('--parity <odd|even>', 'only odd or even start years')
    .option('--exclude <years>', 'leave out these start years, e.g. 2008,2009')
    .option('--cost-bps <N>', 'cost per side, basis points', String(BACKTEST_LIMITS.defaultCostBps))
    .option('--benchmark <SYMBOL>', 'buy and hold to compare with (default SPY, else ^GSPC)')
    .option(
      '--roll-adjust <none|ratio|difference>',
      "every future's back-adjustment at its roll gaps, legs and benchmark (default none; other classes have none)",
    )
    .action((opts: BacktestCommandOptions, command: Command) =>
      run(command, async ({ market }, out) => {
        const { value, text } = backtestCommand(market, opts);
        out.result(value, () => text);
      }),
    );
}
