import {
  ScanExpressionError,
  parseEntryCondition,
  type ConditionBars,
  type ConditionInputs,
  type ConditionTexts,
  type EntryCondition,
  type PriceSeries,
} from '@solstice/analytics';
import { AppError } from '../../http/errors.js';
import type { MarketCache } from '../market/market-cache.js';
import { marketParseOptions } from '../scanner/scan.js';

/**
 * A seasonal condition (analytics.md, "Conditional seasonality") parsed as the technical
 * scanner parses an expression (its symbols for rs()); a mistake is a 400 naming the field
 * (`query.condition`, `body.condition`) with the scanner's message and position.
 */
export function seasonalCondition(market: MarketCache, text: string, path: string): EntryCondition {
  try {
    return parseEntryCondition(text, marketParseOptions(market));
  } catch (error) {
    if (!(error instanceof ScanExpressionError)) throw error;
    const { message, position, expected, code, params } = error;
    throw new AppError('validation_failed', `Invalid ${path}: ${message}`, {
      issues: [{ path, message }],
      path,
      position,
      ...(expected ? { expected } : {}),
      problem: { code, params: { ...params } },
    });
  }
}

/** What a symbol's text fields are for a condition (`sector in (…)`, `type = "etf"`). */
export function conditionTexts(market: MarketCache, symbol: string): ConditionTexts {
  const i = market.instrument(symbol);
  return i ? { symbol: i.symbol, name: i.name, sector: i.sector, industry: i.industry, type: i.type } : { symbol };
}

/** A condition's inputs on the caller's thread: rs() reads the market's series. */
export function conditionInputs(
  market: MarketCache,
  condition: EntryCondition,
  symbols: readonly string[],
): ConditionInputs {
  const texts: Record<string, ConditionTexts> = {};
  for (const s of symbols) texts[s] = conditionTexts(market, s);
  return {
    condition,
    conditionContext: { series: (s: string) => market.series(s) },
    conditionTexts: texts,
  };
}

/**
 * The open, high, low and volume of the symbols a conditioned job searches, sent with the job
 * (decision 0039): views of the market snapshot's shared columns are shared, not copied.
 */
export function conditionBars(series: readonly PriceSeries[]): Record<string, ConditionBars> {
  const out: Record<string, ConditionBars> = {};
  for (const s of series) {
    out[s.symbol] = { open: s.open, high: s.high, low: s.low, volume: s.volume };
  }
  return out;
}
