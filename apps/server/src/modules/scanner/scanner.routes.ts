import type { FastifyPluginAsync } from 'fastify';
import {
  compileScan,
  fieldAliases,
  fieldHasData,
  fieldValues,
  LISTED_TEXT_FIELDS,
  scanNotices,
  lookupField,
  NUMERIC_FIELDS,
  runScan,
  SCAN_PRESETS,
  TEXT_FIELDS,
  ScanExpressionError,
  type CompiledScan,
} from '@solstice/analytics';
import {
  scanRequestSchema,
  type ScanFieldsResponse,
  type ScanPresetsResponse,
  type ScanResponse,
} from '@solstice/contracts';
import type { MarketCache } from '../market/market-cache.js';
import { SIGNED_IN, SUBSCRIBERS } from '../../http/access.js';
import { badRequest, validationFailed } from '../../http/errors.js';
import { parseInput } from '../../http/validation.js';
import { marketFieldTable } from './field-table-cache.js';

/** Parses an expression; a mistake is a 400 whose details name the column and what was expected. */
export function compileOrBadRequest(expression: string): CompiledScan {
  try {
    return compileScan(expression);
  } catch (error) {
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
  return async (app) => {
    app.post('/api/v1/scanner', { config: SUBSCRIBERS }, async (request): Promise<ScanResponse> => {
      const body = parseInput(scanRequestSchema, request.body, 'body');
      if (body.sort !== undefined && !lookupField(body.sort)) {
        const message = `unknown field "${body.sort}"`;
        throw validationFailed(`Invalid body.sort: ${message}`, [{ path: 'body.sort', message }]);
      }
      const scan = compileOrBadRequest(body.expression);
      const table = marketFieldTable(market);
      return { ...runScan(table, scan, body), notices: scanNotices(table, scan) };
    });

    // The presets are expressions, not market data: anyone signed in may read them.
    app.get('/api/v1/scanner/presets', { config: SIGNED_IN }, async (): Promise<ScanPresetsResponse> => {
      return { presets: SCAN_PRESETS.map((p) => ({ ...p })) };
    });

    app.get('/api/v1/scanner/fields', { config: SIGNED_IN }, async (): Promise<ScanFieldsResponse> => {
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
      };
    });
  };
}
