/**
 * `rollAdjust` on every seasonal query of one symbol, on the scanner and on the backtest (data-providers.md
 * §15.5): none, ratio or difference; absent means none and leaves the parsed query as it was.
 */
import { describe, expect, it } from 'vitest';
import { backtestBodySchema } from './backtest.js';
import { overfittingQuerySchema } from './overfitting.js';
import {
  bestTradesQuerySchema,
  chartQuerySchema,
  patternQuerySchema,
  seasonalScanBodySchema,
  walkForwardQuerySchema,
  yearsQuerySchema,
} from './seasonality.js';

const QUERIES = {
  pattern: [patternQuerySchema, { symbol: 'GC=F', start: '01-10', end: '02-10' }],
  calendar: [yearsQuerySchema, { symbol: 'GC=F' }],
  chart: [chartQuerySchema, { symbol: 'GC=F' }],
  bestTrades: [bestTradesQuerySchema, { symbol: 'GC=F', minDays: '5', maxDays: '20' }],
  walkForward: [walkForwardQuerySchema, { symbol: 'GC=F', minDays: '5', maxDays: '20' }],
  overfitting: [overfittingQuerySchema, { symbol: 'GC=F', minDays: '5', maxDays: '20' }],
  scan: [seasonalScanBodySchema, { startFrom: '01-10', startTo: '01-20', minDays: 5, maxDays: 20 }],
  backtest: [backtestBodySchema, { legs: [{ symbol: 'GC=F', start: '01-10', end: '02-10' }] }],
} as const;

describe('rollAdjust', () => {
  for (const [name, [schema, query]] of Object.entries(QUERIES)) {
    it(`${name}: takes none, ratio or difference; is absent unless given; names itself when wrong`, () => {
      for (const mode of ['none', 'ratio', 'difference'])
        expect(schema.parse({ ...query, rollAdjust: mode }).rollAdjust).toBe(mode);
      expect('rollAdjust' in schema.parse(query)).toBe(false);
      const bad = schema.safeParse({ ...query, rollAdjust: 'log' });
      expect(bad.success).toBe(false);
      expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['rollAdjust', 'expected none, ratio or difference'],
      ]);
    });
  }
});
