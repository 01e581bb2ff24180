// Filter chips ⇄ text expression: the chips are the expression's top-level AND-joined
// conditions, so editing either one keeps the other in step.

/** Splits an expression at its top-level `and`s (not inside parentheses, quotes or `between … and …`). */
export function splitConditions(expression: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  let pendingBetween = 0;
  const text = expression;
  const isWordChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_.%]/.test(c);
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && /[A-Za-z]/.test(c) && !isWordChar(text[i - 1])) {
      let j = i;
      while (isWordChar(text[j])) j++;
      const word = text.slice(i, j).toLowerCase();
      if (word === 'between') pendingBetween++;
      else if (word === 'and') {
        if (pendingBetween > 0) pendingBetween--;
        else {
          parts.push(text.slice(start, i));
          start = j;
        }
      }
      i = j - 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** True when the expression has a top-level `or` (then it is one chip, not several). */
export function hasTopLevelOr(expression: string): boolean {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && /^or\b/i.test(expression.slice(i)) && (i === 0 || /\s|\)/.test(expression[i - 1]!)))
      return true;
  }
  return false;
}

export function conditionsOf(expression: string): string[] {
  const trimmed = expression.trim();
  if (!trimmed) return [];
  return hasTopLevelOr(trimmed) ? [trimmed] : splitConditions(trimmed);
}

/** Joins chips back into an expression; a chip with a top-level `or` is parenthesised. */
export function joinConditions(conditions: readonly string[]): string {
  return conditions.map((c) => (conditions.length > 1 && hasTopLevelOr(c) ? `(${c})` : c)).join(' and ');
}

/** Returns over a period (fractions). */
export const RETURN_FIELDS = ['w1', 'm1', 'm3', 'm6', 'ytd', 'y1'] as const;
/** Distances from a level (fractions). */
export const DISTANCE_FIELDS = [
  'pctFromHigh52w',
  'pctFromLow52w',
  'pctFromSma20',
  'pctFromSma50',
  'pctFromSma200',
] as const;
/** Price levels: the Bollinger bands and the 52-week range (USD). */
export const LEVEL_FIELDS = ['bbUpper', 'bbMiddle', 'bbLower', 'high52w', 'low52w'] as const;

export const FIELDS = [
  'price',
  'close',
  'open',
  'high',
  'low',
  'volume',
  'marketCap',
  'change1d',
  'gap',
  'rsi14',
  'sma20',
  'sma50',
  'sma200',
  'ema20',
  'ema50',
  'macd',
  'macdSignal',
  'macdHist',
  'atr14',
  ...LEVEL_FIELDS,
  ...RETURN_FIELDS,
  'avgVolume20',
  'relVolume',
  'volatility20',
  ...DISTANCE_FIELDS,
  // Seasonal statistics as of the bar: any season<L>.<stat>, L 1 … 364 (contracts' SEASON_FIELD_*);
  // the chips offer the 20-day window, the text expression takes any length.
  'season20.winRate',
  'season20.mean',
  'season20.median',
  'season20.count',
  'season20.pValue',
  'sector',
  'industry',
  'type',
  'assetClass',
  'symbol',
] as const;

export const OPERATORS = ['<', '<=', '>', '>=', '=', '!=', 'crosses above', 'crosses below'] as const;

/** Fields whose values are fractions (shown as %). */
export const PERCENT_FIELDS = new Set([
  'change1d',
  'gap',
  ...RETURN_FIELDS,
  'volatility20',
  ...DISTANCE_FIELDS,
  'season20.winRate',
  'season20.mean',
  'season20.median',
]);
/** Fields holding text: compared with = and != only. */
export const TEXT_FIELDS: ReadonlySet<string> = new Set(['sector', 'industry', 'type', 'assetClass', 'symbol']);
/** Fields shown compact (1,2 Mn). */
export const LARGE_FIELDS = new Set(['volume', 'marketCap', 'avgVolume20']);
