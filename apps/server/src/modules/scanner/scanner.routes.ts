import type { FastifyPluginAsync } from 'fastify';
import {
  dayNumber,
  fieldAliases,
  lowerBound,
  fieldHasData,
  fieldValues,
  LISTED_TEXT_FIELDS,
  NUMERIC_FIELDS,
  SEASON_MAX_DAYS,
  SEASON_MIN_DAYS,
  SEASON_STATS,
  TEXT_FIELDS,
  SCAN_BOUNDS,
  SCAN_FUNCTIONS,
  ScanExpressionError,
  ScanTermError,
} from '@solstice/analytics';
import {
  SCAN_PRESETS,
  SPARK_CLOSES,
  type ScanCheckResponse,
  type ScanFieldsResponse,
  type ScanPresetsResponse,
  type ScanRequest,
  type ScanResponse,
} from '@solstice/contracts';
import type { MarketCache } from '../market/market-cache.js';
import { SIGNED_IN, SUBSCRIBERS } from '../../http/access.js';
import { routeDeclarer } from '../../http/declare-route.js';
import { badRequest, validationFailed } from '../../http/errors.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import { marketFieldTable } from './field-table-cache.js';
import { checkScanExpression, scanMarket, unknownScanField } from './scan.js';

/** A mistake in the expression is a 400 whose details name the column and what was expected. */
async function scanOrBadRequest(market: MarketCache, request: ScanRequest): Promise<ScanResponse> {
  try {
    return await scanMarket(market, request);
  } catch (error) {
    if (error instanceof ScanTermError) {
      const path = error.column === null ? 'body.sort' : `body.columns.${error.column}`;
      throw badRequest(error.message, {
        path,
        position: error.position,
        ...(error.expected ? { expected: error.expected } : {}),
      });
    }
    if (error instanceof ScanExpressionError) {
      throw badRequest(error.message, {
        path: 'body.expression',
        position: error.position,
        ...(error.expected ? { expected: error.expected } : {}),
      });
    }
    throw error;
  }
}

export function scannerRoutes({ market }: { market: MarketCache }): FastifyPluginAsync {
  return async (instance) => {
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>());

    route('scanner', SUBSCRIBERS, async (request): Promise<ScanResponse> => {
      const body = request.body;
      const unknown = unknownScanField(body);
      if (unknown) {
        const message = `unknown field "${unknown.field}"`;
        throw validationFailed(`Invalid body.${unknown.path}: ${message}`, [{ path: `body.${unknown.path}`, message }]);
      }
      const result = await scanOrBadRequest(market, body);
      if (!body.spark) return result;
      // As of a date, a sparkline ends at the scan's date too: nothing after it is shown.
      const end = body.asOf !== undefined && result.asOf !== null ? dayNumber(result.asOf) : null;
      const sparks: Record<string, number[]> = {};
      for (const { symbol } of result.results) {
        const series = market.series(symbol);
        if (!series) {
          sparks[symbol] = [];
          continue;
        }
        const n = end === null ? series.close.length : lowerBound(series.dates, end + 1);
        sparks[symbol] = Array.from(series.close.subarray(Math.max(0, n - SPARK_CLOSES), n));
      }
      return { ...result, sparks };
    });

    // An expression as it is typed: a mistake is an answer (200 with the problem), not a failed
    // request, so the screen checks each pause in typing without an error per key (decision 0029).
    route('scannerCheck', SUBSCRIBERS, async (request): Promise<ScanCheckResponse> => {
      const { expression, asOf, assetClass } = request.body;
      return checkScanExpression(market, expression, asOf, assetClass);
    });

    // The presets are expressions, not market data: anyone signed in may read them.
    route('scannerPresets', SIGNED_IN, async (): Promise<ScanPresetsResponse> => {
      return { presets: SCAN_PRESETS.map((p) => ({ ...p })) };
    });

    route('scannerFields', SIGNED_IN, async (): Promise<ScanFieldsResponse> => {
      const table = marketFieldTable(market);
      const listed: readonly string[] = LISTED_TEXT_FIELDS;
      return {
        fields: [
          ...NUMERIC_FIELDS.map((name) => ({ name, kind: 'number' as const, available: fieldHasData(table, name) })),
          ...TEXT_FIELDS.map((name) => {
            const values = fieldValues(table, name);
            return {
              name,
              kind: 'text' as const,
              available: values.length > 0,
              ...(listed.includes(name) ? { values } : {}),
            };
          }),
        ],
        aliases: { ...fieldAliases() },
        seasonal: {
          pattern: 'season<L>.<stat>',
          minDays: SEASON_MIN_DAYS,
          maxDays: SEASON_MAX_DAYS,
          stats: [...SEASON_STATS],
        },
        functions: SCAN_FUNCTIONS.map((f) => ({ name: f.name, args: [...f.args], summary: f.summary })),
        bounds: { ...SCAN_BOUNDS },
      };
    });
  };
}
