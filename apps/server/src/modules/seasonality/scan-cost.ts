import { DAYS_IN_CALENDAR, calendarIndex, civilDate, parseMonthDay, type PriceSeries } from '@solstice/analytics';
import { SEASONALITY_LIMITS, type FieldIssue, type SeasonalScanOptions } from '@solstice/contracts';
import { validationFailed } from '../../http/errors.js';

/** The work of a seasonality scan, counted before it runs (docs/performance.md, "Cost model"). */
export interface ScanCost {
  /** Σ over the symbols of (start years in range × start days × holding lengths): the cells the scan counts. */
  windowYears: number;
  symbols: number;
  /** The most start years any one symbol has in the range. */
  years: number;
  /** The most years any one symbol has at all (from and to aside). */
  historyYears: number;
  startDays: number;
  holdingDays: number;
}

function startDaysOf(startFrom: string, startTo: string): number {
  const from = parseMonthDay(startFrom);
  // 02-29 as the first start day means 03-01 (scanner.ts), which adds no day of its own.
  const a = from.month === 2 && from.day === 29 ? calendarIndex(from) + 1 : calendarIndex(from);
  const b = calendarIndex(parseMonthDay(startTo));
  return b >= a ? b - a + 1 : DAYS_IN_CALENDAR - a + b + 1;
}

/** Start years of a series within [from, to]: the rows of its window table that the scan reads. */
function yearsOf(series: PriceSeries, from: number | undefined, to: number | undefined): number {
  const span = yearSpan(series);
  if (!span) return 0;
  const first = Math.max(span.first, from ?? -Infinity);
  const last = Math.min(span.last, to ?? Infinity);
  return Math.max(0, last - first + 1);
}

/**
 * A series' first and last year, found once: every scan request counts its cost over the whole
 * universe on the event loop, and two date conversions a symbol were most of that.
 */
function yearSpan(series: PriceSeries): { first: number; last: number } | null {
  let span = spans.get(series);
  if (span === undefined) {
    const n = series.dates.length;
    span = n === 0 ? null : { first: civilDate(series.dates[0]!).year, last: civilDate(series.dates[n - 1]!).year };
    spans.set(series, span);
  }
  return span;
}
const spans = new WeakMap<PriceSeries, { first: number; last: number } | null>();

/** The cost of a scan whose start days are known (an upcoming scan's are its session's next N days). */
export function scanCost(
  universe: readonly PriceSeries[],
  o: Partial<SeasonalScanOptions> &
    Pick<SeasonalScanOptions, 'minDays' | 'maxDays'> & { startFrom: string; startTo: string },
): ScanCost {
  const startDays = startDaysOf(o.startFrom, o.startTo);
  const holdingDays = o.maxDays - o.minDays + 1;
  let symbolYears = 0;
  let years = 0;
  let symbols = 0;
  let historyYears = 0;
  for (const s of universe) {
    historyYears = Math.max(historyYears, yearsOf(s, undefined, undefined));
    const y = yearsOf(s, o.from, o.to);
    if (y === 0) continue;
    symbols++;
    symbolYears += y;
    years = Math.max(years, y);
  }
  return { windowYears: symbolYears * startDays * holdingDays, symbols, years, historyYears, startDays, holdingDays };
}

const millions = (n: number) => `${Math.ceil(n / 1e6).toLocaleString('en-US')} million`;

/**
 * A 400 for a scan whose cost passes SEASONALITY_LIMITS.maxScanWindowYears, naming the one
 * input to narrow and how far: the one whose range is the widest share of what it could be
 * (start days of 365, holding lengths of 364, symbols of the market, years of the longest
 * history scanned), so that the advice keeps the rest of the question.
 */
export function checkScanCost(cost: ScanCost, marketSymbols: number, upcoming = false): void {
  const cap = SEASONALITY_LIMITS.maxScanWindowYears;
  if (cost.windowYears <= cap) return;
  const factor = cost.windowYears / cap;
  const narrow = (now: number) => Math.max(1, Math.floor(now / factor));
  const options: Array<{ share: number; issue: FieldIssue }> = [
    {
      share: cost.startDays / DAYS_IN_CALENDAR,
      // An upcoming scan's start days are its `upcoming` days.
      issue: upcoming
        ? {
            path: 'body.upcoming',
            message: `narrow the days ahead (upcoming, ${cost.startDays} now) to at most ${narrow(cost.startDays)}`,
          }
        : {
            path: 'body.startTo',
            message: `narrow the start days (startFrom … startTo, ${cost.startDays} now) to at most ${narrow(cost.startDays)}`,
          },
    },
    {
      share: cost.holdingDays / SEASONALITY_LIMITS.maxDays,
      issue: {
        path: 'body.maxDays',
        message: `narrow the holding lengths (minDays … maxDays, ${cost.holdingDays} now) to at most ${narrow(cost.holdingDays)}`,
      },
    },
    {
      share: cost.symbols / Math.max(1, marketSymbols),
      issue: {
        path: 'body.universe',
        message: `narrow the universe (${cost.symbols} symbols with data now) to at most ${narrow(cost.symbols)}`,
      },
    },
    {
      share: cost.years / Math.max(1, cost.historyYears),
      issue: {
        path: 'body.from',
        message: `narrow the years (from … to, up to ${cost.years} per symbol now) to at most ${narrow(cost.years)}`,
      },
    },
  ];
  // The widest share first; equal shares in the order above.
  const pick = options.reduce((a, b) => (b.share > a.share ? b : a));
  throw validationFailed(
    `This scan would count ${millions(cost.windowYears)} window-years (symbols × years × start days × holding days), ` +
      `more than the ${millions(cap)} one scan may: ${pick.issue.message}.`,
    [pick.issue],
  );
}
