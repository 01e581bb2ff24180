import { DAYS_IN_CALENDAR, binomialCoefficient, civilDate, type PriceSeries } from '@solstice/analytics';
import { OVERFITTING_LIMITS, type FieldIssue, type OverfittingQuery } from '@solstice/contracts';
import { validationFailed } from '../../http/errors.js';

/** The work of `seasonality overfitting`, counted before it runs (as the scan's cost model is). */
export interface OverfittingCost {
  /** Reality Check: resamples × years × windows of the search (one side: the other is its negation). */
  resampleWork: number;
  /** CSCV: in-sample sets × windows of the search on the side(s) asked × (blocks + 2). */
  splitWork: number;
  years: number;
  windows: number;
}

export function overfittingCost(series: PriceSeries, q: OverfittingQuery): OverfittingCost {
  const n = series.dates.length;
  const first = n > 0 ? Math.max(civilDate(series.dates[0]!).year, q.from ?? -Infinity) : 0;
  const last = n > 0 ? Math.min(civilDate(series.dates[n - 1]!).year, q.to ?? Infinity) : -1;
  const years = Math.max(0, last - first + 1);
  const windows = DAYS_IN_CALENDAR * (q.maxDays - q.minDays + 1);
  const members = windows * (q.direction === 'both' ? 2 : 1);
  return {
    resampleWork: q.bootstrap * years * windows,
    splitWork: binomialCoefficient(q.blocks, q.blocks / 2) * members * (q.blocks + 2),
    years,
    windows,
  };
}

const millions = (n: number) => `${Math.ceil(n / 1e6).toLocaleString('en-US')} million`;

/** A 400 naming the input to narrow when the request passes OVERFITTING_LIMITS' work caps. */
export function checkOverfittingCost(cost: OverfittingCost, q: OverfittingQuery): void {
  const fail = (what: string, cap: number, issue: FieldIssue) => {
    throw validationFailed(
      `This overfitting check would ${what}, more than the ${millions(cap)} one may: ${issue.message}.`,
      [issue],
    );
  };
  const { maxResampleWork, maxSplitWork } = OVERFITTING_LIMITS;
  if (cost.resampleWork > maxResampleWork) {
    const factor = cost.resampleWork / maxResampleWork;
    fail(`resample ${millions(cost.resampleWork)} window-years (bootstrap × years × windows)`, maxResampleWork, {
      path: 'query.bootstrap',
      message: `lower bootstrap (${q.bootstrap} now) to at most ${Math.max(1, Math.floor(q.bootstrap / factor))}, or narrow the holding lengths (minDays … maxDays)`,
    });
  }
  if (cost.splitWork > maxSplitWork) {
    fail(`rank ${millions(cost.splitWork)} window-blocks (in-sample sets × windows × blocks)`, maxSplitWork, {
      path: 'query.blocks',
      message: `use fewer blocks (${q.blocks} now), or narrow the holding lengths (minDays … maxDays)`,
    });
  }
}
