/** The fields a scanner expression can name. Numeric fields are Float64Array columns (NaN = null). */
export const NUMERIC_FIELDS = [
  'price',
  'close',
  'open',
  'high',
  'low',
  'volume',
  'marketCap',
  'sma20',
  'sma50',
  'sma200',
  'ema20',
  'ema50',
  'rsi14',
  'macd',
  'macdSignal',
  'macdHist',
  'atr14',
  'bbUpper',
  'bbMiddle',
  'bbLower',
  'high52w',
  'low52w',
  'change1d',
  'gap',
  'w1',
  'm1',
  'm3',
  'm6',
  'ytd',
  'y1',
  'avgVolume20',
  'relVolume',
  'volatility20',
  'pctFromHigh52w',
  'pctFromLow52w',
  'pctFromSma20',
  'pctFromSma50',
  'pctFromSma200',
] as const;

export const TEXT_FIELDS = ['symbol', 'name', 'sector', 'industry', 'type'] as const;

export type NumericField = (typeof NUMERIC_FIELDS)[number];
export type TextField = (typeof TEXT_FIELDS)[number];
export type FieldName = NumericField | TextField;

export interface FieldInfo {
  name: FieldName;
  kind: 'number' | 'text';
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

/** The field a name refers to (case-insensitive, aliases included), or undefined. */
export function lookupField(name: string): FieldInfo | undefined {
  return BY_LOWER.get(name.toLowerCase());
}

export function fieldAliases(): Readonly<Record<string, FieldName>> {
  return ALIASES;
}
