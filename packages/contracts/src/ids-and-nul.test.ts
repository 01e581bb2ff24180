import { describe, expect, it } from 'vitest';
import { INT32_MAX, idSchema, nulPaths, parseId } from './validators.js';
import {
  adminProductCreateSchema,
  checkoutRequestSchema,
  idParamsSchema,
  seasonalityCompatRequestSchema,
} from './billing.js';
import { watchlistIdParamsSchema } from './watchlists.js';
import { seasonalScanBodySchema } from './seasonality.js';

describe('ids', () => {
  it('are whole numbers from 1 to 2^31 - 1, as JSON numbers or their plain decimal text', () => {
    expect(INT32_MAX).toBe(2 ** 31 - 1);
    for (const [value, id] of [
      [1, 1],
      ['1', 1],
      [INT32_MAX, INT32_MAX],
      [String(INT32_MAX), INT32_MAX],
      ['42', 42],
      [1e3, 1000],
    ] as const) {
      expect(parseId(value), String(value)).toBe(id);
      expect(idSchema().parse(value)).toBe(id);
    }
  });

  it('refuse anything else: out of range, signs, fractions, other spellings, other types', () => {
    for (const bad of [
      0,
      -1,
      1.5,
      INT32_MAX + 1,
      2 ** 53 + 1,
      Number.MAX_SAFE_INTEGER,
      Number.NaN,
      Infinity,
      '0',
      '-1',
      '+1',
      '1.5',
      '1.0',
      '1e3',
      '0x10',
      '0b1',
      ' 12',
      '12 ',
      '012',
      '2147483648',
      '99999999999',
      '9007199254740993',
      '１',
      '',
      'NaN',
      null,
      undefined,
      true,
      [1],
      { id: 1 },
    ]) {
      expect(parseId(bad), JSON.stringify(bad)).toBeNull();
      expect(idSchema().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('carry the message given for the field', () => {
    const result = idSchema('expected a price id (a number)').safeParse('x');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['expected a price id (a number)']);
  });

  it('are what every id parameter and id field of a request uses', () => {
    expect(idParamsSchema.parse({ id: '7' })).toEqual({ id: 7 });
    expect(watchlistIdParamsSchema.parse({ id: '7' })).toEqual({ id: 7 });
    expect(checkoutRequestSchema.parse({ priceId: 7 })).toEqual({ priceId: 7 });
    expect(seasonalityCompatRequestSchema.parse({ action: 'getProducts', contact_id: '7' }).contact_id).toBe(7);
    for (const bad of ['2147483648', '1e3', '0x10', ' 12', '-1', '0', '1.5']) {
      expect(idParamsSchema.safeParse({ id: bad }).success, bad).toBe(false);
      expect(watchlistIdParamsSchema.safeParse({ id: bad }).success, bad).toBe(false);
    }
    for (const bad of [2147483648, 2 ** 53, -1, 0, 1.5]) {
      expect(checkoutRequestSchema.safeParse({ priceId: bad }).success, String(bad)).toBe(false);
      expect(seasonalityCompatRequestSchema.safeParse({ action: 'x', contact_id: bad }).success, String(bad)).toBe(
        false,
      );
    }
  });

  it('bound the watchlist of a seasonal scan universe and the amounts of prices (32-bit columns)', () => {
    const scan = { startFrom: '01-01', startTo: '01-10', minDays: 5, maxDays: 10 };
    expect(seasonalScanBodySchema.safeParse({ ...scan, universe: `watchlist:${INT32_MAX}` }).success).toBe(true);
    expect(seasonalScanBodySchema.safeParse({ ...scan, universe: 'watchlist:2147483648' }).success).toBe(false);
    const product = (amount: number) => ({ name: 'P', prices: [{ amount, interval: 'month' }] });
    expect(adminProductCreateSchema.safeParse(product(INT32_MAX)).success).toBe(true);
    expect(adminProductCreateSchema.safeParse(product(INT32_MAX + 1)).success).toBe(false);
  });
});

describe('NUL', () => {
  it('is found in any string or key, at any depth, with its path', () => {
    expect(nulPaths('a\u0000')).toEqual([[]]);
    expect(nulPaths({ login: 'a\u0000b', password: 'ok' })).toEqual([['login']]);
    expect(nulPaths({ a: [{ b: 'x' }, { b: '\u0000' }] })).toEqual([['a', 1, 'b']]);
    expect(nulPaths({ 'k\u0000': 1 })).toEqual([['k\u0000']]);
    expect(nulPaths({ a: '\u0000', b: ['\u0000'] })).toEqual([['a'], ['b', 0]]);
  });

  it('is not found where there is none (numbers, booleans, null, the text "\\0" and "%00")', () => {
    for (const clean of [undefined, null, 0, true, '', 'plain', '\\0', '%00', '\\u0000', { a: [1, 'b', null] }, []]) {
      expect(nulPaths(clean), JSON.stringify(clean)).toEqual([]);
    }
  });

  it('stops at the limit, and walks bodies nested deeper than the call stack', () => {
    expect(
      nulPaths(
        Array.from({ length: 100 }, () => '\u0000'),
        5,
      ),
    ).toHaveLength(5);
    let deep: unknown = '\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const paths = nulPaths(deep);
    expect(paths).toHaveLength(1);
    expect(paths[0]).toHaveLength(200_000);
  });
});
