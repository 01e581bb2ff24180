import { z } from 'zod';
import { symbolSchema } from './common.js';
import { idSchema, visibleText } from './validators.js';

export const WATCHLIST_LIMITS = { lists: 50, symbols: 500, nameMax: 64, descriptionMax: 200 } as const;

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u001f\u007f]/;
const noControl = (v: string) => !CONTROL.test(v);

export const watchlistSymbolSchema = z.strictObject({
  sym: symbolSchema,
  description: z
    .string({ message: 'expected a text description' })
    .max(WATCHLIST_LIMITS.descriptionMax, `a description has at most ${WATCHLIST_LIMITS.descriptionMax} characters`)
    .refine(noControl, 'a description has no control characters')
    .default(''),
});
export type WatchlistSymbol = z.infer<typeof watchlistSymbolSchema>;

const nameSchema = z
  .string({ message: 'Name the watchlist.' })
  .trim()
  .min(1, 'Name the watchlist.')
  .max(WATCHLIST_LIMITS.nameMax, `A watchlist name has at most ${WATCHLIST_LIMITS.nameMax} characters.`)
  .refine(noControl, 'A watchlist name has no control characters.')
  .refine(...visibleText('A watchlist name'));

const symbolsSchema = z
  .array(watchlistSymbolSchema, { message: 'expected a list of symbols' })
  .max(WATCHLIST_LIMITS.symbols, `A watchlist holds at most ${WATCHLIST_LIMITS.symbols} symbols.`)
  // A symbol added twice (the client's "add symbol" appends) is kept once, at its first place.
  .transform((symbols) => {
    const seen = new Set<string>();
    return symbols.filter((s) => !seen.has(s.sym) && Boolean(seen.add(s.sym)));
  });

export const watchlistCreateSchema = z.strictObject({ name: nameSchema, symbols: symbolsSchema.default([]) });
export type WatchlistCreate = z.input<typeof watchlistCreateSchema>;

/** PUT replaces the name and the symbols. */
export const watchlistReplaceSchema = z.strictObject({ name: nameSchema, symbols: symbolsSchema });
export type WatchlistReplace = z.input<typeof watchlistReplaceSchema>;

export const watchlistIdParamsSchema = z.strictObject({ id: idSchema('expected a watchlist id') });

export const watchlistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  symbols: z.array(z.object({ sym: z.string(), description: z.string() })),
  updatedAt: z.number().int(),
});
export type Watchlist = z.infer<typeof watchlistSchema>;

export const watchlistResponseSchema = z.object({ data: watchlistSchema });
export const watchlistListResponseSchema = z.object({ data: z.array(watchlistSchema) });

// The specification's default watchlist lives in default-watchlist.ts: no zod there, so the
// landing page can read it without the schema library.
export { DEFAULT_WATCHLIST } from './default-watchlist.js';
