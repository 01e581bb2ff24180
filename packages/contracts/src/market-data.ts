import { z } from 'zod';
import { isoDateSchema, symbolSchema } from './common.js';

/** The shared universe's types (stock, etf, index); an instrument of another class has its class as type. */
export const instrumentTypeSchema = z.enum(['stock', 'etf', 'index', 'future', 'fx', 'crypto']);

/** What an instrument is (data-providers.md §15.2). */
export const ASSET_CLASSES = ['equity', 'etf', 'index', 'future', 'fx', 'crypto'] as const;
export const assetClassSchema = z.enum(ASSET_CLASSES);
export type AssetClass = z.infer<typeof assetClassSchema>;

const ASSET_CLASS_LIST = ASSET_CLASSES.join(', ');
/**
 * A universe's asset classes (analytics.md, "Asset classes and calendars"): one or more of
 * ASSET_CLASSES, as a list or as one text of them comma-separated (`equity,crypto`), in any
 * case; a value that is none names itself. Repeats are dropped.
 */
export const assetClassesSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',') : v),
  z
    .array(
      z.preprocess(
        (c) => (typeof c === 'string' ? c.trim().toLowerCase() : c),
        z.enum(ASSET_CLASSES, {
          error: (issue) =>
            `${typeof issue.input === 'string' ? `"${issue.input}"` : 'this'} is not an asset class: expected ${ASSET_CLASS_LIST}`,
        }),
      ),
      { message: `expected one or more of ${ASSET_CLASS_LIST}` },
    )
    .min(1, `expected one or more of ${ASSET_CLASS_LIST}`)
    .max(ASSET_CLASSES.length * 2, `expected at most ${ASSET_CLASSES.length * 2} values`)
    .transform((classes) => [...new Set(classes)]),
);

/**
 * Which bars are accepted and when an instrument is current (§15.4): NYSE sessions, the
 * dates its exchange has bars on, Monday–Friday (fx), every day (crypto).
 */
export const CALENDARS = ['nyse', 'exchange', 'fx', 'crypto'] as const;
export const calendarSchema = z.enum(CALENDARS);
export type CalendarName = z.infer<typeof calendarSchema>;

/** The fields of §15.2 every instrument carries besides its currency and exchange. */
export const instrumentClassFields = {
  assetClass: assetClassSchema,
  /** The IANA zone its bars are dated in. */
  timezone: z.string(),
  calendar: calendarSchema,
  /** False when it has no volume (fx, Cboe indexes): volume is null everywhere then. */
  hasVolume: z.boolean(),
};

/** An instrument with its latest bar; `synthetic` instruments show a "Demo data" badge. */
export const instrumentSummarySchema = z.object({
  symbol: z.string(),
  name: z.string(),
  type: instrumentTypeSchema,
  exchange: z.string().nullable(),
  sector: z.string().nullable(),
  industry: z.string().nullable(),
  currency: z.string(),
  marketCap: z.number().nullable(),
  synthetic: z.boolean(),
  ...instrumentClassFields,
  lastClose: z.number().nullable(),
  lastDate: z.string().nullable(),
});
export type InstrumentSummary = z.infer<typeof instrumentSummarySchema>;

export const INSTRUMENT_SEARCH_LIMIT = 20;

export const instrumentSearchQuerySchema = z.strictObject({
  q: z.string().trim().max(100, 'a search has at most 100 characters').default(''),
  /** How many suggestions the search box wants (a query string's "10" or a number). */
  limit: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ message: `expected a whole number from 1 to ${INSTRUMENT_SEARCH_LIMIT}` })
      .int(`expected a whole number from 1 to ${INSTRUMENT_SEARCH_LIMIT}`)
      .min(1, `expected a whole number from 1 to ${INSTRUMENT_SEARCH_LIMIT}`)
      .max(INSTRUMENT_SEARCH_LIMIT, `expected a whole number from 1 to ${INSTRUMENT_SEARCH_LIMIT}`)
      .default(INSTRUMENT_SEARCH_LIMIT),
  ),
});
export type InstrumentSearchQuery = z.infer<typeof instrumentSearchQuerySchema>;

/** Exact symbol first, then symbol prefixes, then name matches; at most `limit` (20). */
export const instrumentSearchResponseSchema = z.object({ instruments: z.array(instrumentSummarySchema) });
export type InstrumentSearchResponse = z.infer<typeof instrumentSearchResponseSchema>;

export const symbolParamsSchema = z.strictObject({ symbol: symbolSchema });

export const instrumentDetailSchema = instrumentSummarySchema.extend({
  firstDate: z.string().nullable(),
  bars: z.number().int(),
  previousClose: z.number().nullable(),
  /** Change of the last close against the one before, in percent. */
  changePct: z.number().nullable(),
  /**
   * A future's suspected contract rolls (data-providers.md §15.5): each bar whose open is at
   * least 2 % from the previous close, with gap = open / previous close − 1; [] for any other class.
   */
  rollGaps: z.array(z.object({ date: z.string(), gap: z.number() })),
});
export type InstrumentDetail = z.infer<typeof instrumentDetailSchema>;

export const barsQuerySchema = z
  .strictObject({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type BarsQuery = z.infer<typeof barsQuerySchema>;

export const barSchema = z.object({
  date: z.string(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  /** Null when the instrument has no volume (hasVolume false). */
  volume: z.number().nullable(),
});
export type Bar = z.infer<typeof barSchema>;

export const barsResponseSchema = z.object({
  symbol: z.string(),
  synthetic: z.boolean(),
  bars: z.array(barSchema),
});
export type BarsResponse = z.infer<typeof barsResponseSchema>;

/** Files or folders to import, relative to the server's import directory (IMPORT_DIR); "." is all of it. */
export const importBodySchema = z.strictObject({
  paths: z.array(z.string().trim().min(1, 'expected a path').max(4096)).min(1, 'expected at least one path').max(100),
});
export type ImportBody = z.infer<typeof importBodySchema>;

/** POST /api/v1/admin/imports/upload?name=AAPL.csv: the file name gives a Yahoo or plain file its symbol. */
export const importUploadQuerySchema = z.strictObject({
  name: z
    .string()
    .regex(
      /^[A-Za-z0-9^][A-Za-z0-9._^=-]{0,99}\.(csv|txt)$/i,
      'expected a file name such as AAPL.csv (letters, digits, . _ ^ = -; ending in .csv or .txt)',
    ),
});
export type ImportUploadQuery = z.infer<typeof importUploadQuerySchema>;

export const importIssueSchema = z.object({
  file: z.string(),
  /** 1-based, the header is line 1; null for a whole file. */
  line: z.number().int().nullable(),
  reason: z.string(),
  action: z.enum(['skip', 'repair', 'reject', 'replace']),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

export const importReportSchema = z.object({
  files: z.number().int(),
  rejectedFiles: z.array(z.string()),
  instruments: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  issues: z.array(importIssueSchema),
});
export type ImportReportResponse = z.infer<typeof importReportSchema>;
