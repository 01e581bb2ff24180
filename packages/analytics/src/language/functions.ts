/**
 * The functions of the scan language (analytics.md, "Scan language") and its bounds: one list
 * that the parser checks against and `GET /api/v1/scanner/fields` describes.
 */

/** Limits that keep every expression cheap: a bound broken is an error, never a slow request. */
export const SCAN_BOUNDS = {
  /** The largest period n of a function (`sma(close, 1000)`). */
  maxPeriod: 1000,
  /** The largest offset k (`close[1000]`). */
  maxOffset: 1000,
  /** The most calls nested in one another (functions, timeframes, rank and rs). */
  maxDepth: 6,
  /** The most calls in one expression. */
  maxCalls: 50,
  /** The most values in an `in (…)` list. */
  maxList: 500,
} as const;

/** What each argument slot takes: a numeric expression, a period, a symbol, a group. */
export type ArgumentKind = 'src' | 'n' | 'symbol' | 'x' | 'group';

export interface ScanFunction {
  name: string;
  /** The argument slots, in order; rank's `group` is optional. */
  args: readonly ArgumentKind[];
  summary: string;
}

export const SCAN_FUNCTIONS = [
  { name: 'sma', args: ['src', 'n'], summary: 'Mean of the last n values of src' },
  { name: 'ema', args: ['src', 'n'], summary: 'Exponential average, α = 2/(n+1), seeded with the mean of the first n' },
  {
    name: 'rma',
    args: ['src', 'n'],
    summary: "Wilder's average: (previous·(n−1) + src)/n, seeded with the mean of the first n",
  },
  { name: 'rsi', args: ['src', 'n'], summary: "Wilder's relative strength index of src over n bars (0 to 100)" },
  { name: 'atr', args: ['n'], summary: "Wilder's average true range over n bars" },
  { name: 'roc', args: ['src', 'n'], summary: 'Rate of change: src / src[n] − 1 (a fraction)' },
  { name: 'change', args: ['src', 'n'], summary: 'Change: src − src[n]' },
  { name: 'sum', args: ['src', 'n'], summary: 'Sum of the last n values of src' },
  { name: 'highest', args: ['src', 'n'], summary: 'Largest of the last n values of src' },
  { name: 'lowest', args: ['src', 'n'], summary: 'Smallest of the last n values of src' },
  { name: 'stdev', args: ['src', 'n'], summary: 'Population standard deviation of the last n values of src' },
  { name: 'weekly', args: ['x'], summary: 'x on weekly bars (Monday–Sunday weeks, this week so far included)' },
  { name: 'monthly', args: ['x'], summary: 'x on monthly bars (calendar months, this month so far included)' },
  {
    name: 'rank',
    args: ['x', 'group'],
    summary:
      'Percentile (0–100) of x among the symbols scanned, optionally within the same sector, industry, type or asset class',
  },
  {
    name: 'rs',
    args: ['symbol', 'n'],
    summary: 'Relative strength over n bars: the return of the symbol over that of SYMBOL',
  },
] as const satisfies readonly ScanFunction[];

export type FunctionName = (typeof SCAN_FUNCTIONS)[number]['name'];

/** The functions `f(src, n)` of a period over a source. */
export type PeriodFunction = Extract<(typeof SCAN_FUNCTIONS)[number], { args: readonly ['src', 'n'] }>['name'];

export const TIMEFRAMES = ['weekly', 'monthly'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

/** The groups rank() may rank within. */
export const RANK_GROUPS = ['sector', 'industry', 'type', 'assetClass'] as const;
export type RankGroup = (typeof RANK_GROUPS)[number];

const BY_LOWER = new Map<string, ScanFunction & { name: FunctionName }>(SCAN_FUNCTIONS.map((f) => [f.name, f]));

/** The function a name refers to (case-insensitive), or undefined. */
export function lookupFunction(name: string): (ScanFunction & { name: FunctionName }) | undefined {
  return BY_LOWER.get(name.toLowerCase());
}
