import { SEASON_MAX_DAYS, SEASON_MIN_DAYS } from '../seasonality/season-as-of.js';

/** Returns over a period (fractions): the indicators' `perf`. */
export const PERFORMANCE_FIELDS = ['w1', 'm1', 'm3', 'm6', 'ytd', 'y1'] as const;
/** Distances of the close from a level (fractions): close / level − 1. */
export const DISTANCE_FIELDS = [
  'pctFromHigh52w',
  'pctFromLow52w',
  'pctFromSma20',
  'pctFromSma50',
  'pctFromSma200',
] as const;

/** The moving averages of the close. */
export const MOVING_AVERAGE_FIELDS = ['sma20', 'sma50', 'sma200', 'ema20', 'ema50'] as const;
/** MACD (12, 26, 9) of the close: the line, its signal and their difference. */
export const MACD_FIELDS = ['macd', 'macdSignal', 'macdHist'] as const;
/** Bollinger bands (20, 2) of the close. */
export const BOLLINGER_FIELDS = ['bbUpper', 'bbMiddle', 'bbLower'] as const;

/** The fields a scanner expression can name. Numeric fields are Float64Array columns (NaN = null). */
export const NUMERIC_FIELDS = [
  'price',
  'close',
  'open',
  'high',
  'low',
  'volume',
  'marketCap',
  ...MOVING_AVERAGE_FIELDS,
  'rsi14',
  ...MACD_FIELDS,
  'atr14',
  ...BOLLINGER_FIELDS,
  'high52w',
  'low52w',
  'change1d',
  'gap',
  ...PERFORMANCE_FIELDS,
  'avgVolume20',
  'relVolume',
  'volatility20',
  ...DISTANCE_FIELDS,
] as const;

export const TEXT_FIELDS = ['symbol', 'name', 'sector', 'industry', 'type', 'assetClass'] as const;

/** The statistics a `season<L>.<stat>` field reads (analytics.md, "Seasonal fields"). */
export const SEASON_STATS = ['winRate', 'mean', 'median', 'count', 'pValue'] as const;
export type SeasonStat = (typeof SEASON_STATS)[number];

export type NumericField = (typeof NUMERIC_FIELDS)[number];

/** The numeric fields whose values are fractions (0.05 is 5 %): readers show them as percentages. */
export const PERCENT_FIELDS: readonly NumericField[] = [
  'change1d',
  'gap',
  ...PERFORMANCE_FIELDS,
  'volatility20',
  ...DISTANCE_FIELDS,
];
/** The seasonal statistics that are fractions, at every holding length L. */
export const PERCENT_SEASON_STATS: readonly SeasonStat[] = ['winRate', 'mean', 'median'];

/** True when a field's values are fractions shown as percentages (`season<L>.mean` included). */
export function isPercentField(name: string): boolean {
  if ((PERCENT_FIELDS as readonly string[]).includes(name)) return true;
  const season = /^season\d+\.(\w+)$/.exec(name);
  return season !== null && (PERCENT_SEASON_STATS as readonly string[]).includes(season[1]!);
}
export type TextField = (typeof TEXT_FIELDS)[number];
/** `season<L>.<stat>`: a seasonal statistic as of the bar (seasonal-columns.ts). */
export type SeasonField = `season${number}.${SeasonStat}`;
export type FieldName = NumericField | TextField | SeasonField;

export interface FieldInfo {
  name: FieldName;
  kind: 'number' | 'text';
  /** Seasonal fields: the holding length L and the statistic. */
  season?: { days: number; stat: SeasonStat };
}

/** Other spellings accepted for a field (all lookups are case-insensitive). */
const ALIASES: Record<string, FieldName> = {
  'perf.w1': 'w1',
  'perf.m1': 'm1',
  'perf.m3': 'm3',
  'perf.m6': 'm6',
  'perf.ytd': 'ytd',
  'perf.y1': 'y1',
  perfw1: 'w1',
  perfm1: 'm1',
  perfm3: 'm3',
  perfm6: 'm6',
  perfytd: 'ytd',
  perfy1: 'y1',
  rsi: 'rsi14',
  atr: 'atr14',
  change: 'change1d',
  marketcapitalization: 'marketCap',
  avgvolume: 'avgVolume20',
  relativevolume: 'relVolume',
  volatility: 'volatility20',
};

const BY_LOWER = new Map<string, FieldInfo>();
for (const name of NUMERIC_FIELDS) BY_LOWER.set(name.toLowerCase(), { name, kind: 'number' });
for (const name of TEXT_FIELDS) BY_LOWER.set(name.toLowerCase(), { name, kind: 'text' });
for (const [alias, name] of Object.entries(ALIASES)) BY_LOWER.set(alias, BY_LOWER.get(name.toLowerCase()) as FieldInfo);

const SEASON_NAME = /^season(\d+)\.([a-z]+)$/i;
const STAT_BY_LOWER = new Map<string, SeasonStat>(SEASON_STATS.map((s) => [s.toLowerCase(), s]));

/** The field a name refers to (case-insensitive, aliases included), or undefined. */
export function lookupField(name: string): FieldInfo | undefined {
  const fixed = BY_LOWER.get(name.toLowerCase());
  if (fixed) return fixed;
  const m = SEASON_NAME.exec(name);
  const stat = m ? STAT_BY_LOWER.get(m[2]!.toLowerCase()) : undefined;
  const days = m ? Number(m[1]) : NaN;
  if (!stat || !(days >= SEASON_MIN_DAYS && days <= SEASON_MAX_DAYS)) return undefined;
  return { name: `season${days}.${stat}`, kind: 'number', season: { days, stat } };
}

export interface SeasonFieldProblem {
  message: string;
  code: 'season_length' | 'season_stat_missing' | 'season_stat_unknown';
  params: Record<string, string | number>;
}

/**
 * Why a name that looks like a seasonal field is not one (a length out of range, an unknown
 * statistic, no statistic), or undefined when it does not look like one.
 */
export function seasonFieldProblem(name: string): SeasonFieldProblem | undefined {
  const m = /^season(\d*)(?:\.(\w*))?$/i.exec(name);
  if (!m) return undefined;
  const stats = SEASON_STATS.join(', ');
  const days = m[1] ? Number(m[1]) : NaN;
  if (!(days >= SEASON_MIN_DAYS && days <= SEASON_MAX_DAYS)) {
    return {
      message: `"${name}": the holding length L of season<L> must be a whole number of days from ${SEASON_MIN_DAYS} to ${SEASON_MAX_DAYS}`,
      code: 'season_length',
      params: { field: name, min: SEASON_MIN_DAYS, max: SEASON_MAX_DAYS },
    };
  }
  if (m[2] === undefined) {
    return {
      message: `"${name}" needs a statistic: season${days}.<stat> with <stat> one of ${stats}`,
      code: 'season_stat_missing',
      params: { field: name, days, stats },
    };
  }
  return {
    message: `"${name}": unknown seasonal statistic "${m[2]}" (one of ${stats})`,
    code: 'season_stat_unknown',
    params: { field: name, stat: m[2], stats },
  };
}

/** Edit distance with adjacent transpositions (optimal string alignment): "clsoe" → "close" is 1. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The field name (or alias) nearest to a misspelt one, when it is near enough to be meant
 * (1 edit for names up to 4 letters, 2 from 5): `clsoe` → `close`; undefined otherwise.
 */
export function nearestField(name: string): string | undefined {
  const lower = name.toLowerCase();
  const limit = lower.length >= 5 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of [...NUMERIC_FIELDS, ...TEXT_FIELDS, ...Object.keys(ALIASES)]) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

export function fieldAliases(): Readonly<Record<string, FieldName>> {
  return ALIASES;
}
