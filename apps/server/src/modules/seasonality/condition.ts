import {
  ScanExpressionError,
  parseEntryCondition,
  readsBeyondCloses,
  type ConditionBars,
  type ConditionInputs,
  type ConditionTexts,
  type EntryCondition,
  type PriceSeries,
} from '@solstice/analytics';
import { AppError } from '../../http/errors.js';
import type { MarketCache } from '../market/market-cache.js';
import { marketParseOptions } from '../scanner/scan.js';
import { traitsBySymbol } from '../market/series-traits.js';

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

/** What a symbol's text fields are for a condition (`sector in (…)`, `assetClass = "crypto"`). */
export function conditionTexts(market: MarketCache, symbol: string): ConditionTexts {
  const i = market.instrument(symbol);
  return i
    ? { symbol: i.symbol, name: i.name, sector: i.sector, industry: i.industry, type: i.type, assetClass: i.assetClass }
    : { symbol };
}

/**
 * A condition's inputs on the caller's thread: rs() reads the market's series; each symbol is
 * evaluated on its own calendar, with null volume where it has none.
 */
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
    conditionTraits: traitsBySymbol(market, symbols),
  };
}

/**
 * The open, high, low and volume of the symbols a conditioned job searches, sent with the job
 * when the condition reads them (decision 0041): the pool's threads share only dates and
 * closes. Read on this thread (from the snapshot file, 32 bytes a bar) and copied to the worker.
 */
export function conditionBars(
  condition: EntryCondition,
  series: readonly PriceSeries[],
): { conditionBars?: Record<string, ConditionBars> } {
  if (!readsBeyondCloses(condition)) return {};
  const out: Record<string, ConditionBars> = {};
  for (const s of series) out[s.symbol] = { open: s.open, high: s.high, low: s.low, volume: s.volume };
  return { conditionBars: out };
}
