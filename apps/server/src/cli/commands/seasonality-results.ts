/* What each `solstice seasonality` command computes and prints; the commands themselves are in seasonality.ts. */

import type { z } from 'zod';
import {
  bestTradesQuerySchema,
  patternQuerySchema,
  seasonalScanBodySchema,
  walkForwardQuerySchema,
  yearsQuerySchema,
  type BestTradesResponse,
  type CalendarResponse,
  type ChartResponse,
  type PatternResponse,
  type SeasonalScanResponse,
  type WalkForwardResponse,
} from '@solstice/contracts';
import type { MarketCache } from '../../modules/market/market-cache.js';
import {
  bestTradesOf,
  calendarOf,
  chartOf,
  patternOf,
  scanOf,
  universeSeries,
  walkForwardOf,
} from '../../modules/seasonality/seasonality.service.js';
import { AppError } from '../../http/errors.js';
import { CliError, type CommandResult } from '../output.js';
import { caret } from './scan-command.js';
import { num, pct, pValue, statsText, table, WINDOW_HEADERS, windowRow } from './seasonality-text.js';

const OPTION_NAMES: Record<string, string> = {
  symbol: 'SYMBOL',
  start: '--start',
  end: '--end',
  from: '--from',
  to: '--to',
  direction: '--direction',
  minDays: '--min-days',
  maxDays: '--max-days',
  minYears: '--min-years',
  trainYears: '--train-years',
  top: '--top',
  startFrom: '--start-from',
  startTo: '--start-to',
  minWinRate: '--min-win-rate',
  universe: '--symbols',
  cycle: '--cycle',
  parity: '--parity',
  exclude: '--exclude',
  maxQValue: '--max-q-value',
  rank: '--rank',
  upcoming: '--upcoming',
  asOf: '--as-of',
  minDollarVolume: '--min-dollar-volume',
  condition: '--condition',
  rollAdjust: '--roll-adjust',
  assetClass: '--asset-class',
};

/**
 * Runs a use case; a mistake in --condition exits 2 with the technical scanner's message and a
 * caret under its position, as `solstice scan` prints an expression's; so does a future's
 * back-adjustment that cannot be made (--roll-adjust difference), with its date.
 */
function withCondition<T>(text: string | undefined, run: () => T): T {
  try {
    return run();
  } catch (error) {
    const details = error instanceof AppError ? error.details : undefined;
    const path = details?.path;
    if (text !== undefined && (path === 'query.condition' || path === 'body.condition')) {
      const message = details?.issues?.[0]?.message ?? (error as Error).message;
      throw new CliError(`--condition: ${message}${caret(text.trim(), Number(details?.position ?? 0))}`, 2);
    }
    // a future's difference adjustment that gives a price ≤ 0 names the date
    const issue = details?.issues?.[0];
    if (issue?.path === 'query.rollAdjust' || issue?.path === 'body.rollAdjust')
      throw new CliError(`--roll-adjust: ${issue.message}`, 2);
    throw error;
  }
}

/** A scan's universe; one without an instrument of the classes asked exits 2 naming them. */
async function inUniverse<T>(find: () => Promise<T>): Promise<T> {
  try {
    return await find();
  } catch (error) {
    const issue = error instanceof AppError ? error.details?.issues?.[0] : undefined;
    if (issue?.path === 'body.assetClass') throw new CliError(`--asset-class: ${issue.message}`, 2);
    throw error;
  }
}

/** The condition's line of a search's heading (none without one). */
const conditionLine = (condition: string | undefined) =>
  condition === undefined ? [] : [`condition at each entry: ${condition} (statistics over the kept years)`];

/** The year set of a command's options (analytics.md, "Year sets"), as the API takes it. */
export const yearSet = (o: YearsOptions) => ({
  from: o.from,
  to: o.to,
  cycle: o.cycle,
  parity: o.parity,
  exclude: o.exclude,
});

/** Parses command options with the API's schema; a failure names the option (`names`: field → flag). */
export function parseOptions<S extends z.ZodType>(
  schema: S,
  value: Record<string, unknown>,
  names: Record<string, string> = OPTION_NAMES,
): z.infer<S> {
  const defined = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
  const result = schema.safeParse(defined);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    return `${names[key] ?? OPTION_NAMES[key] ?? key}: ${issue.message}`;
  });
  throw new CliError(messages.join('; '), 2);
}

export interface PatternOptions extends YearsOptions {
  start?: string;
  end?: string;
  short?: boolean;
  condition?: string;
  rollAdjust?: string;
}

export function patternCommand(market: MarketCache, symbol: string, o: PatternOptions): CommandResult<PatternResponse> {
  const q = parseOptions(patternQuerySchema, {
    symbol,
    start: o.start,
    end: o.end,
    ...yearSet(o),
    direction: o.short ? 'short' : 'long',
    condition: o.condition,
    rollAdjust: o.rollAdjust,
  });
  const value = withCondition(o.condition, () => patternOf(market, q));
  const lines = [
    `${value.symbol} ${value.direction} ${value.start} → ${value.end}`,
    table(
      ['year', 'entry', 'exit', 'entry close', 'exit close', 'return', 'max rise', 'max drop', 'worst day', 'best day'],
      value.years.map((y) => [
        String(y.year),
        y.entryDate,
        y.exitDate,
        num(y.entryClose),
        num(y.exitClose),
        pct(y.return),
        pct(y.maxRise),
        pct(y.maxDrop),
        `${y.maeDate} (+${y.maeDay})`,
        `${y.mfeDate} (+${y.mfeDay})`,
      ]),
    ),
    statsText(value.stats),
  ];
  if (value.condition) {
    const { expression, removed, removedYears } = value.condition;
    const kept = value.years.length;
    lines.splice(
      1,
      0,
      `${kept} of ${kept + removed} years kept (${removed} removed by ${expression}` +
        `${removed > 0 ? `: ${removedYears.join(', ')}` : ''})`,
    );
  }
  if (value.benchmark) {
    lines.push(
      `benchmark ${value.benchmark.symbol}: mean ${pct(value.benchmark.stats?.mean ?? null)}, ` +
        `win rate ${pct(value.benchmark.stats?.winRate ?? null)}, excess mean ${pct(value.benchmark.excessMean)}`,
    );
  }
  return { value, text: lines.join('\n') };
}

export interface YearsOptions {
  from?: string;
  to?: string;
  /** Comma-separated: election, post-election, midterm, pre-election. */
  cycle?: string;
  parity?: string;
  /** Comma-separated years. */
  exclude?: string;
}

/** A future's back-adjustment before computing (none, ratio, difference). */
interface RollAdjustOption {
  rollAdjust?: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function calendarCommand(
  market: MarketCache,
  symbol: string,
  o: YearsOptions & RollAdjustOption,
): CommandResult<CalendarResponse> {
  const q = parseOptions(yearsQuerySchema, { symbol, ...yearSet(o), rollAdjust: o.rollAdjust });
  const value = withCondition(undefined, () => calendarOf(market, q));
  const byYear = new Map<number, (string | undefined)[]>();
  for (const m of value.months) {
    const row = byYear.get(m.year) ?? new Array<string | undefined>(13).fill(undefined);
    row[m.month - 1] = pct(m.return);
    byYear.set(m.year, row);
  }
  for (const y of value.years) {
    const row = byYear.get(y.year) ?? new Array<string | undefined>(13).fill(undefined);
    row[12] = pct(y.return);
    byYear.set(y.year, row);
  }
  const rows = [...byYear.entries()]
    .sort(([a], [b]) => a - b)
    .map(([year, cells]) => [String(year), ...cells.map((c) => c ?? '')]);
  const summary = (label: string, pick: (s: CalendarResponse['summary'][number]) => string) => [
    label,
    ...value.summary.map(pick),
    '',
  ];
  rows.push(
    summary('mean', (s) => pct(s.mean)),
    summary('median', (s) => pct(s.median)),
    summary('% up', (s) => pct(s.winRate)),
    summary('count', (s) => String(s.count)),
  );
  return { value, text: `${value.symbol} monthly returns\n${table(['year', ...MONTHS, 'year'], rows)}` };
}

export function chartCommand(
  market: MarketCache,
  symbol: string,
  o: YearsOptions & RollAdjustOption,
): CommandResult<ChartResponse> {
  const q = parseOptions(yearsQuerySchema, { symbol, ...yearSet(o), rollAdjust: o.rollAdjust });
  const value = withCondition(undefined, () => chartOf(market, q));
  if (!value.curve || !value.detrended) {
    return { value, text: `${value.symbol}: no complete year to average` };
  }
  // The first of each month on the 365-day axis.
  const firsts = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
  const rows = firsts.map((d, m) => [
    `${MONTHS[m]} 1`,
    pct(value.curve![d]!),
    pct(value.detrended![d]!),
    value.current && d < value.current.values.length ? pct(value.current.values[d]!) : '',
  ]);
  rows.push(['Dec 31', pct(value.curve[364]!), pct(value.detrended[364]!), '']);
  const years = `${value.years[0]}–${value.years[value.years.length - 1]} (${value.years.length} years)`;
  return {
    value,
    text: `${value.symbol} average year ${years}\n${table(['day', 'average', 'detrended', String(value.current?.year ?? 'current')], rows)}`,
  };
}

export interface BestTradesOptions extends YearsOptions {
  minDays?: string;
  maxDays?: string;
  minYears?: string;
  top?: string;
  maxQValue?: string;
  rank?: string;
  condition?: string;
  rollAdjust?: string;
}

export function bestTradesCommand(
  market: MarketCache,
  symbol: string,
  o: BestTradesOptions,
): CommandResult<BestTradesResponse> {
  const q = parseOptions(bestTradesQuerySchema, {
    symbol,
    minDays: o.minDays,
    maxDays: o.maxDays,
    ...yearSet(o),
    minYears: o.minYears,
    top: o.top,
    maxQValue: o.maxQValue,
    rank: o.rank,
    condition: o.condition,
    rollAdjust: o.rollAdjust,
  });
  const value = withCondition(o.condition, () => bestTradesOf(market, q));
  const side = (title: string, windows: BestTradesResponse['long']) =>
    `${title}\n${table(
      [...WINDOW_HEADERS, 'q-value'],
      windows.map((w) => [...windowRow(w.start, w.end, w.days, w.stats), pValue(w.stats.qValue)]),
    )}`;
  const heading = `${value.symbol} best trades, best of ${value.tested} windows tested (q-value: p-value adjusted for them)`;
  const text = [heading, ...conditionLine(q.condition), side('long', value.long), side('short', value.short)];
  return { value, text: text.join('\n') };
}

export interface ScanOptions extends YearsOptions {
  startFrom?: string;
  startTo?: string;
  minDays?: string;
  maxDays?: string;
  minWinRate?: string;
  minYears?: string;
  direction?: string;
  symbols?: string;
  maxQValue?: string;
  rank?: string;
  upcoming?: string;
  asOf?: string;
  minDollarVolume?: string;
  condition?: string;
  assetClass?: string;
  rollAdjust?: string;
}

export async function scanCommand(market: MarketCache, o: ScanOptions): Promise<CommandResult<SeasonalScanResponse>> {
  // Said in the command line's own words (the schema's message names the API's fields).
  if (o.upcoming !== undefined) {
    const given = [o.startFrom !== undefined && '--start-from', o.startTo !== undefined && '--start-to'].filter(
      Boolean,
    );
    if (given.length > 0)
      throw new CliError(`${given.join(' and ')} cannot be given with --upcoming (--upcoming sets the start days)`, 2);
  }
  const options = parseOptions(seasonalScanBodySchema, {
    startFrom: o.startFrom,
    startTo: o.startTo,
    minDays: o.minDays,
    maxDays: o.maxDays,
    ...yearSet(o),
    minWinRate: o.minWinRate,
    maxQValue: o.maxQValue,
    minYears: o.minYears,
    direction: o.direction,
    universe: o.symbols === undefined ? undefined : o.symbols.split(',').map((s) => s.trim()),
    rank: o.rank,
    upcoming: o.upcoming,
    asOf: o.asOf,
    minDollarVolume: o.minDollarVolume,
    condition: o.condition,
    assetClass: o.assetClass,
    rollAdjust: o.rollAdjust,
  });
  const universe = await inUniverse(() => universeSeries(market, options.universe, null, options.assetClass));
  const value = withCondition(o.condition, () => scanOf(market, universe, options));
  const upcoming = options.upcoming !== undefined;
  const text = table(
    [
      'symbol',
      'dir',
      ...(upcoming ? ['starts', 'ends'] : []),
      ...WINDOW_HEADERS,
      'q-value',
      ...(upcoming ? ['$ vol 20d'] : []),
    ],
    value.results.map((r) => [
      r.symbol,
      r.direction,
      ...(upcoming ? [r.startDate ?? '', r.endDate ?? ''] : []),
      ...windowRow(r.start, r.end, r.days, r.stats),
      pValue(r.stats.qValue),
      ...(upcoming ? [r.dollarVolume20 == null ? '–' : num(r.dollarVolume20, 0)] : []),
    ]),
  );
  const tested = `best of ${value.tested} windows tested (q-value: p-value adjusted for them)`;
  const header = upcoming
    ? value.asOf == null
      ? 'no session on or before the date given\n'
      : `as of ${value.asOf}: windows starting ${value.startFrom} … ${value.startTo}; ` +
        `left out: ${value.stale} without a bar on ${value.asOf}, ${value.illiquid} illiquid\n`
    : '';
  const condition = conditionLine(options.condition)
    .map((line) => `${line}\n`)
    .join('');
  return { value, text: `${header}${condition}${value.results.length} symbols\n${text}\n${tested}` };
}

export interface WalkForwardOptions extends YearsOptions {
  minDays?: string;
  maxDays?: string;
  minYears?: string;
  trainYears?: string;
  rollAdjust?: string;
}

export function walkForwardCommand(
  market: MarketCache,
  symbol: string,
  o: WalkForwardOptions,
): CommandResult<WalkForwardResponse> {
  const value = withCondition(undefined, () =>
    walkForwardOf(
      market,
      parseOptions(walkForwardQuerySchema, {
        symbol,
        minDays: o.minDays,
        maxDays: o.maxDays,
        ...yearSet(o),
        minYears: o.minYears,
        trainYears: o.trainYears,
        rollAdjust: o.rollAdjust,
      }),
    ),
  );
  const side = (direction: 'long' | 'short') => {
    const { trials, stats } = value[direction];
    const inSample = value.inSample[direction];
    return [
      `${direction}: ${stats.count} years traded out of sample, win rate ${pct(stats.winRate)}, mean ${pct(stats.mean)}, ` +
        `median ${pct(stats.median)}`,
      `  in sample: win rate ${pct(inSample?.winRate ?? null)}, mean ${pct(inSample?.mean ?? null)}, ` +
        `p-value ${pValue(inSample?.pValue ?? null)}, q-value ${pValue(inSample?.qValue ?? null)}`,
      table(
        ['year', 'start', 'end', 'days', 'return'],
        trials.map((t) => [String(t.year), t.start, t.end, String(t.days), pct(t.return)]),
      ),
    ].join('\n');
  };
  const heading = `${value.symbol} walk-forward: each year traded with the best window of the years before it (at least ${value.trainYears} of them)`;
  return { value, text: [heading, side('long'), side('short')].join('\n') };
}
