import {
  compileScan,
  compileScanTerm,
  lookupField,
  runScan,
  scanNotices,
  termSteps,
  ScanExpressionError,
  type CompiledScan,
  type FieldTable,
  type Operand,
  type ParseOptions,
} from '@solstice/analytics';
import type { AssetClass, ScanCheckResponse, ScanRequest, ScanResponse } from '@solstice/contracts';
import type { MarketCache } from '../market/market-cache.js';
import { perVersion, scanFieldTable } from './field-table-cache.js';

/** A name alone (no call, no calculation): such a sort or column must be a field. */
const PLAIN_NAME = /^[A-Za-z_][\w.]*$/;

/**
 * The first sort or column of a scan request that is a plain name but no scanner field (its
 * sort, then its columns), with where it sits in the request (`sort`, `columns.2`); undefined
 * when all are known. Expressions are checked when the scan compiles them (ScanTermError).
 */
export function unknownScanField(
  request: Pick<ScanRequest, 'sort' | 'columns'>,
): { path: string; field: string } | undefined {
  const unknown = (text: string) => PLAIN_NAME.test(text.trim()) && !lookupField(text.trim());
  if (request.sort !== undefined && unknown(request.sort)) return { path: 'sort', field: request.sort };
  const columns = request.columns ?? [];
  const at = columns.findIndex(unknown);
  return at >= 0 ? { path: `columns.${at}`, field: columns[at]! } : undefined;
}

/** How expressions parse against this market: rs() names one of its symbols, in any case. */
export const marketParseOptions: (market: MarketCache) => ParseOptions = perVersion((market) => {
  const symbols = new Map(market.instruments().map((i) => [i.symbol.toLowerCase(), i.symbol]));
  return { resolveSymbol: (symbol: string) => symbols.get(symbol.toLowerCase()) };
});

/**
 * Runs a scan over every instrument of the market (analytics.md), or those of the asset
 * classes `request.assetClass`, at the latest session or as of `request.asOf` (at the scan's
 * date M, nothing after it read): the use case behind both the scanner API and `solstice scan`. Its fields must be known (unknownScanField); an
 * expression that does not parse throws the analytics' ScanExpressionError, a sort or column
 * that does not its ScanTermError (which one), which each caller words for its own reader.
 */
export async function scanMarket(market: MarketCache, request: ScanRequest): Promise<ScanResponse> {
  const scan = compileScan(request.expression, marketParseOptions(market));
  const table = await scanFieldTable(market, request.asOf, request.assetClass);
  const more = [request.sort, ...(request.columns ?? [])].flatMap((text) => termOperand(text, scan));
  await computeTerms(table, scan, more);
  return { ...runScan(table, scan, request), notices: noticesOf(market, table, scan, request.assetClass) };
}

/**
 * Why a scan may match nothing: a class of its universe that the market has no instrument of
 * (alone when no instrument is left: the fields then have no values either), then scanNotices.
 */
function noticesOf(
  market: MarketCache,
  table: FieldTable,
  scan: CompiledScan,
  classes: readonly AssetClass[] | undefined,
): string[] {
  const held = new Set(market.instruments().map((i) => i.assetClass));
  const missing = (classes ?? []).filter((c) => !held.has(c)).map((c) => `No instrument is of asset class "${c}".`);
  return missing.length > 0 && table.size === 0 ? missing : [...missing, ...scanNotices(table, scan)];
}

/** A sort's or column's operand, or none (a mistake in it is runScan's to report). */
function termOperand(text: string | undefined, scan: CompiledScan): Operand[] {
  if (text === undefined) return [];
  try {
    return [compileScanTerm(text, scan.options).operand];
  } catch (error) {
    if (error instanceof ScanExpressionError) return [];
    throw error;
  }
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The scan-language terms a scan reads (functions, timeframes, rs() … for every symbol, the
 * first time on a table) computed in steps with a yield between them, as the past tables
 * are built: a new term over the whole market costs hundreds of milliseconds of CPU.
 */
async function computeTerms(table: FieldTable, scan: CompiledScan, more: readonly Operand[]): Promise<void> {
  const steps = termSteps(table, scan.ast, more);
  for (let step = steps.next(); !step.done; step = steps.next()) await yieldToEventLoop();
}

/**
 * An expression as it is typed: its problem (code, params, position, message), or, when it
 * parses, how many symbols it matches now (or as of `asOf`, among `classes`, as scanMarket).
 */
export async function checkScanExpression(
  market: MarketCache,
  expression: string,
  asOf?: string,
  classes?: readonly AssetClass[],
): Promise<ScanCheckResponse> {
  let scan: CompiledScan;
  try {
    scan = compileScan(expression, marketParseOptions(market));
  } catch (error) {
    if (!(error instanceof ScanExpressionError)) throw error;
    const { code, params, position, message } = error;
    return { problem: { code, params: { ...params }, position, message }, asOf: null, count: null, notices: [] };
  }
  const table = await scanFieldTable(market, asOf, classes);
  await computeTerms(table, scan, []);
  const result = runScan(table, scan, { limit: 1 });
  return { problem: null, asOf: result.asOf, count: result.count, notices: noticesOf(market, table, scan, classes) };
}
