// The backtest's form in its URL (`?leg=AAPL:10-05:11-01:long&leg=…&from=…&cost=5&benchmark=SPY`),
// so that a link reproduces the run, and the request body built from it.
import { BACKTEST_LIMITS, type BacktestBody } from '@solstice/contracts';
import { YEAR_SET_DEFAULTS, normalizeYearSet, yearSetBody, yearSetQuery, type YearSetValues } from '../ui/year-sets';

export interface Leg {
  symbol: string;
  start: string;
  end: string;
  direction: 'long' | 'short';
  /** The best-trades search that produced the leg (best trades, the scanner), for "Is it luck?". */
  search?: LegSearch;
}

/**
 * A best-trades search (analytics.md, "Overfitting of a best-trades search"): the lengths, the
 * side(s), and the years as that search counted them. Fields hold the API's query values.
 */
export interface LegSearch {
  minDays: number;
  maxDays: number;
  direction: 'long' | 'short' | 'both';
  from?: string;
  to?: string;
  minYears?: string;
  cycle?: string;
  parity?: string;
  exclude?: string;
}

const SEARCH_KEYS = ['from', 'to', 'minYears', 'cycle', 'parity', 'exclude'] as const;

/**
 * A search as the leg's fifth part: `5-7;both` then `;key=value` for the years
 * (`AAPL:10-10:10-15:long:5-7;both;exclude=2008,2020`): no colon, so the leg stays one value.
 */
export function searchText(s: LegSearch): string {
  const parts = [`${s.minDays}-${s.maxDays}`, s.direction];
  for (const key of SEARCH_KEYS) {
    const v = s[key]?.trim();
    if (v) parts.push(`${key}=${v}`);
  }
  return parts.join(';');
}

/** The fifth part of a leg → its search; anything else → undefined (the leg is kept without it). */
export function parseSearch(text: string | undefined): LegSearch | undefined {
  if (!text) return undefined;
  const [days = '', direction = '', ...rest] = text.split(';');
  const m = /^(\d{1,3})-(\d{1,3})$/.exec(days);
  if (!m || (direction !== 'long' && direction !== 'short' && direction !== 'both')) return undefined;
  const minDays = Number(m[1]);
  const maxDays = Number(m[2]);
  if (minDays < 1 || maxDays < minDays) return undefined;
  const out: LegSearch = { minDays, maxDays, direction };
  for (const pair of rest) {
    const at = pair.indexOf('=');
    const key = pair.slice(0, at) as (typeof SEARCH_KEYS)[number];
    if (at < 1 || !SEARCH_KEYS.includes(key)) return undefined;
    out[key] = pair.slice(at + 1);
  }
  return out;
}

/** A leg without its search: the window a backtest trades (a search does not change the trades). */
export const bareLeg = ({ symbol, start, end, direction }: Leg): Leg => ({ symbol, start, end, direction });

/** The legs, the years (from, to and a year set: `shared/ui/year-sets.ts`), the cost and the benchmark. */
export interface BacktestForm extends YearSetValues {
  legs: Leg[];
  from: string;
  to: string;
  cost: string;
  benchmark: string;
}

export const DEFAULT_FORM: BacktestForm = {
  legs: [],
  from: '',
  to: '',
  ...YEAR_SET_DEFAULTS,
  cost: String(BACKTEST_LIMITS.defaultCostBps),
  benchmark: BACKTEST_LIMITS.defaultBenchmark,
};

export const BACKTEST_PATH = '/seasonality/backtest';
const LAST_LEGS = 'solstice.backtest.legs';

/**
 * `AAPL:10-05:11-01:long` → a leg (the side defaults to long), with the search that produced it
 * after a fifth colon (searchText); text that is no leg → null.
 */
export function parseLeg(text: string): Leg | null {
  const [symbol, start, end, direction = 'long', search] = text.split(':').map((s) => s.trim());
  if (!symbol || !start || !end) return null;
  if (direction !== 'long' && direction !== 'short') return null;
  const leg: Leg = { symbol: symbol.toUpperCase(), start, end, direction };
  const parsed = parseSearch(search);
  return parsed ? { ...leg, search: parsed } : leg;
}

export const legText = (leg: Leg) =>
  `${leg.symbol}:${leg.start}:${leg.end}:${leg.direction}${leg.search ? `:${searchText(leg.search)}` : ''}`;

/** The window a leg trades, as text: two legs with the same one are the same leg. */
const windowText = (leg: Leg) => legText(bareLeg(leg));

/** The form a URL's query holds (missing fields: the defaults). */
export function formFromParams(params: URLSearchParams): BacktestForm {
  const legs = params
    .getAll('leg')
    .map(parseLeg)
    .filter((l): l is Leg => l !== null);
  const yearSet = yearSetQuery({
    cycle: params.get('cycle') ?? '',
    parity: params.get('parity') ?? '',
    exclude: params.get('exclude') ?? '',
  });
  return {
    legs,
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    ...YEAR_SET_DEFAULTS,
    ...yearSet,
    cost: params.get('cost') ?? DEFAULT_FORM.cost,
    benchmark: params.get('benchmark') ?? DEFAULT_FORM.benchmark,
  };
}

/**
 * A query as text, its legs readable (`leg=AAPL:10-05:11-01:long:5-7;both;minYears=10`): a colon,
 * a semicolon and an equals sign inside a value need no escape (a query splits on `&` and on
 * the first `=` of each pair).
 */
export function queryText(params: URLSearchParams): string {
  return params.toString().replace(/%3A/gi, ':').replace(/%3B/gi, ';').replace(/%3D/gi, '=');
}

/** The query of a form: one `leg` per leg, empty fields left out. */
export function paramsFromForm(form: BacktestForm): URLSearchParams {
  const out = new URLSearchParams();
  for (const leg of form.legs) out.append('leg', legText(leg));
  const set = (key: string, value: string) => {
    if (value.trim() !== '') out.set(key, value.trim());
  };
  set('from', form.from);
  set('to', form.to);
  const yearSet = yearSetQuery(normalizeYearSet(form));
  set('cycle', yearSet.cycle ?? '');
  set('parity', yearSet.parity ?? '');
  set('exclude', yearSet.exclude ?? '');
  set('cost', form.cost);
  set('benchmark', form.benchmark.toUpperCase());
  return out;
}

/** The API's body for a form (numbers as numbers; empty fields left to the API's defaults). */
export function bodyFromForm(form: BacktestForm): BacktestBody {
  const body: BacktestBody = { legs: form.legs.map(bareLeg) };
  if (form.from) body.from = Number(form.from);
  if (form.to) body.to = Number(form.to);
  Object.assign(body, yearSetBody(form));
  if (form.cost.trim() !== '') body.costBps = Number(form.cost);
  if (form.benchmark.trim() !== '') body.benchmark = form.benchmark.trim().toUpperCase();
  return body;
}

/** The legs of the last backtest run in this tab (for "Add to backtest" on other screens). */
export function lastLegs(): Leg[] {
  try {
    const raw = sessionStorage.getItem(LAST_LEGS);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list)
      ? list.map((x) => (typeof x === 'string' ? parseLeg(x) : null)).filter((l): l is Leg => l !== null)
      : [];
  } catch {
    return [];
  }
}

export function rememberLegs(legs: readonly Leg[]): void {
  try {
    sessionStorage.setItem(LAST_LEGS, JSON.stringify(legs.map(legText)));
  } catch {
    // storage refused (private mode, quota): the links start a new backtest instead
  }
}

/**
 * The backtest screen with the legs of the last run in this tab and one more (not twice,
 * and no more than the API takes).
 */
export function addToBacktestHref(leg: Leg, current: readonly Leg[] = lastLegs()): string {
  const legs = current.filter((l) => windowText(l) !== windowText(leg));
  const next = [...legs, leg].slice(-BACKTEST_LIMITS.maxLegs);
  const params = new URLSearchParams();
  for (const l of next) params.append('leg', legText(l));
  return `${BACKTEST_PATH}?${queryText(params)}`;
}

/** Days of the non-leap calendar before each month (02-29 counts as 02-28, as the API does). */
const MONTH_START = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

function calendarIndex(mmdd: string): number | null {
  const m = /^(\d{2})-(\d{2})$/.exec(mmdd);
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return MONTH_START[month - 1]! + Math.min(day, month === 2 ? 28 : 31) - 1;
}

/**
 * A leg's length in days as the API counts a window: from start to end on the non-leap
 * calendar, over the year end when the end comes first (12-20 → 01-05: 16). Null for bad dates.
 */
export function legDays(leg: Pick<Leg, 'start' | 'end'>): number | null {
  const a = calendarIndex(leg.start);
  const b = calendarIndex(leg.end);
  if (a === null || b === null || a === b) return null;
  return (b - a + 365) % 365;
}
