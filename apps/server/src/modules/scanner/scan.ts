import {
  compileScan,
  lookupField,
  runScan,
  scanNotices,
  ScanExpressionError,
  type CompiledScan,
} from '@solstice/analytics';
import type { ScanCheckResponse, ScanRequest, ScanResponse } from '@solstice/contracts';
import type { MarketCache } from '../market/market-cache.js';
import { scanFieldTable } from './field-table-cache.js';

/**
 * The first field of a scan request that names no scanner field (its sort, then its
 * columns), with where it sits in the request (`sort`, `columns.2`); undefined when all are known.
 */
export function unknownScanField(
  request: Pick<ScanRequest, 'sort' | 'columns'>,
): { path: string; field: string } | undefined {
  if (request.sort !== undefined && !lookupField(request.sort)) return { path: 'sort', field: request.sort };
  const columns = request.columns ?? [];
  const at = columns.findIndex((c) => !lookupField(c));
  return at >= 0 ? { path: `columns.${at}`, field: columns[at]! } : undefined;
}

/**
 * Runs a scan over every instrument of the market (analytics.md), at the latest session or as
 * of `request.asOf` (at the scan's date M, nothing after it read): the use case behind both
 * the scanner API and `solstice scan`. Its fields must be known (unknownScanField); an
 * expression that does not parse throws the analytics' ScanExpressionError, which each caller
 * words for its own reader.
 */
export async function scanMarket(market: MarketCache, request: ScanRequest): Promise<ScanResponse> {
  const scan = compileScan(request.expression);
  const table = await scanFieldTable(market, request.asOf);
  return { ...runScan(table, scan, request), notices: scanNotices(table, scan) };
}

/**
 * An expression as it is typed: its problem (code, params, position, message), or, when it
 * parses, how many symbols it matches now (or as of `asOf`, as scanMarket).
 */
export async function checkScanExpression(
  market: MarketCache,
  expression: string,
  asOf?: string,
): Promise<ScanCheckResponse> {
  let scan: CompiledScan;
  try {
    scan = compileScan(expression);
  } catch (error) {
    if (!(error instanceof ScanExpressionError)) throw error;
    const { code, params, position, message } = error;
    return { problem: { code, params: { ...params }, position, message }, asOf: null, count: null, notices: [] };
  }
  const table = await scanFieldTable(market, asOf);
  const result = runScan(table, scan, { limit: 1 });
  return { problem: null, asOf: result.asOf, count: result.count, notices: scanNotices(table, scan) };
}
