// The backtest's form in its URL (`?leg=AAPL:10-05:11-01:long&leg=…&from=…&cost=5&benchmark=SPY`),
// so that a link reproduces the run, and the request body built from it.
import { BACKTEST_LIMITS, type BacktestBody } from '@solstice/contracts';
import { YEAR_SET_DEFAULTS, normalizeYearSet, yearSetBody, yearSetQuery, type YearSetValues } from '../ui/year-sets';

export interface Leg {
  symbol: string;
  start: string;
  end: string;
  direction: 'long' | 'short';
}

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

/** `AAPL:10-05:11-01:long` → a leg (the side defaults to long); text that is no leg → null. */
export function parseLeg(text: string): Leg | null {
  const [symbol, start, end, direction = 'long'] = text.split(':').map((s) => s.trim());
  if (!symbol || !start || !end) return null;
  if (direction !== 'long' && direction !== 'short') return null;
  return { symbol: symbol.toUpperCase(), start, end, direction };
}

export const legText = (leg: Leg) => `${leg.symbol}:${leg.start}:${leg.end}:${leg.direction}`;

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

/** A query as text, its legs readable (`leg=AAPL:10-05:11-01:long`: a colon needs no escape there). */
export function queryText(params: URLSearchParams): string {
  return params.toString().replace(/%3A/gi, ':');
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
  const body: BacktestBody = { legs: form.legs.map((l) => ({ ...l })) };
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
  const legs = current.filter((l) => legText(l) !== legText(leg));
  const next = [...legs, leg].slice(-BACKTEST_LIMITS.maxLegs);
  const params = new URLSearchParams();
  for (const l of next) params.append('leg', legText(l));
  return `${BACKTEST_PATH}?${queryText(params)}`;
}
