import { compileScan, lookupField, runScan, scanNotices } from '@solstice/analytics';
import type { ScanRequest, ScanResponse } from '@solstice/contracts';
import type { MarketCache } from '../market/market-cache.js';
import { marketFieldTable } from './field-table-cache.js';

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
 * Runs a scan over every instrument of the market (analytics.md): the use case behind both
 * the scanner API and `solstice scan`. Its fields must be known (unknownScanField); an
 * expression that does not parse throws the analytics' ScanExpressionError, which each caller
 * words for its own reader.
 */
export function scanMarket(market: MarketCache, request: ScanRequest): ScanResponse {
  const scan = compileScan(request.expression);
  const table = marketFieldTable(market);
  return { ...runScan(table, scan, request), notices: scanNotices(table, scan) };
}
