import { z } from 'zod';
import { assetClassesSchema } from './market-data.js';

/** A calendar date YYYY-MM-DD (any day of the week): the date a scan is run as of. */
export const scanAsOfSchema = z.string().refine((v) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}, 'expected a date YYYY-MM-DD');

export const scanRequestSchema = z.strictObject({
  expression: z.string().trim().min(1, 'expected an expression').max(2000, 'at most 2000 characters'),
  /** Any scanner field (or alias) or numeric expression of the scan language; default symbol. */
  sort: z.string().trim().min(1).max(200, 'at most 200 characters').optional(),
  desc: z.boolean().optional(),
  limit: z.number().int('expected a whole number').min(1).max(1000).optional(),
  offset: z.number().int('expected a whole number').min(0).optional(),
  /**
   * More values for each row (a result view's columns), besides those the expression names:
   * a field, an alias or any numeric expression (row key: a plain field's canonical name, else
   * the text trimmed).
   */
  columns: z
    .array(z.string().trim().min(1, 'expected an expression').max(200, 'at most 200 characters'))
    .max(60, 'at most 60 columns')
    .optional(),
  /** Adds each listed row's last SPARK_CLOSES closes (`sparks`, for a sparkline per row). */
  spark: z.boolean().optional(),
  /**
   * Scan as of this calendar date D: the scan runs at M, the latest session on or before D
   * that most symbols reach (analytics.md, "The scan's date and each symbol's bars"); no
   * data after M is read. Absent: the latest session.
   */
  asOf: scanAsOfSchema.optional(),
  /**
   * Scans only the instruments of these asset classes (analytics.md, "Asset classes and
   * calendars"): rank() among them, the session among them. Absent: every instrument.
   */
  assetClass: assetClassesSchema.optional(),
});
export type ScanRequest = z.infer<typeof scanRequestSchema>;

/** How many closes a result row's sparkline has. */
export const SPARK_CLOSES = 30;

/** A result row: symbol, name, sector and the fields the expression and the sort use. */
export const scanRowSchema = z
  .object({ symbol: z.string(), name: z.string(), sector: z.string().nullable() })
  .catchall(z.union([z.number(), z.string(), z.null()]));

export const scanResponseSchema = z.object({
  /** The session M the scan ran at (null when no symbol has a bar on or before the date asked). */
  asOf: z.string().nullable(),
  /** Symbols without a bar on `asOf`, left out of this view (stale data). */
  stale: z.number().int().nonnegative(),
  count: z.number().int(),
  results: z.array(scanRowSchema),
  /** Why the scan may match nothing: a field without data, a text value no symbol has (with the values). */
  notices: z.array(z.string()),
  /** With `spark`: each listed symbol's last SPARK_CLOSES closes, oldest first. */
  sparks: z.record(z.string(), z.array(z.number())).optional(),
});
export type ScanResponse = z.infer<typeof scanResponseSchema>;

/** Details of the 400 for a bad expression: the 1-based column and what was expected there. */
export const scanErrorDetailsSchema = z.object({
  position: z.number().int(),
  expected: z.string().optional(),
});
export type ScanErrorDetails = z.infer<typeof scanErrorDetailsSchema>;

export const scanPresetSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  expression: z.string(),
  sort: z.string(),
  desc: z.boolean(),
});
export const scanPresetsResponseSchema = z.object({ presets: z.array(scanPresetSchema) });
export type ScanPresetsResponse = z.infer<typeof scanPresetsResponseSchema>;

/**
 * The statistics of the seasonal fields `season<L>.<stat>` (analytics.md, "Seasonal fields in
 * the technical scanner"): the long window from the day after the bar for L calendar days,
 * over the years that ended by the bar.
 */
export const SEASON_FIELD_STATS = ['winRate', 'mean', 'median', 'count', 'pValue'] as const;
export type SeasonFieldStat = (typeof SEASON_FIELD_STATS)[number];
/** The holding lengths L a seasonal field accepts, in calendar days. */
export const SEASON_FIELD_DAYS = { min: 1, max: 364 } as const;

/** The name of a seasonal field, e.g. seasonField(20, 'winRate') = 'season20.winRate'. */
export function seasonField(days: number, stat: SeasonFieldStat): string {
  return `season${days}.${stat}`;
}

/** The family of seasonal fields: one per length and statistic, too many to list one by one. */
export const seasonFieldsSchema = z.object({
  /** 'season<L>.<stat>' */
  pattern: z.string(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  stats: z.array(z.string()),
});

/** The fields an expression can name (canonical names) and the other spellings accepted. */
/** POST /api/v1/scanner/check: an expression as it is being typed. */
export const scanCheckRequestSchema = z.strictObject({
  expression: z.string().trim().min(1, 'expected an expression').max(2000, 'at most 2000 characters'),
  /** Count as of this date, as the scan does (absent: the latest session). */
  asOf: scanAsOfSchema.optional(),
  /** Count among these asset classes, as the scan does (absent: every instrument). */
  assetClass: assetClassesSchema.optional(),
});
export type ScanCheckRequest = z.infer<typeof scanCheckRequestSchema>;

/**
 * A problem of an expression: `code` and `params` for a screen to word it in its language,
 * `message` the English wording, `position` the 1-based column.
 */
export const scanProblemSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  position: z.number().int(),
  message: z.string(),
});
export type ScanProblem = z.infer<typeof scanProblemSchema>;

/**
 * 200 whether the expression is valid or not (a mistake while typing is not a failed request):
 * `problem` null and the live count, or the problem and no count.
 */
export const scanCheckResponseSchema = z.object({
  problem: scanProblemSchema.nullable(),
  asOf: z.string().nullable(),
  count: z.number().int().nullable(),
  notices: z.array(z.string()),
});
export type ScanCheckResponse = z.infer<typeof scanCheckResponseSchema>;

export const scanFieldsResponseSchema = z.object({
  fields: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(['number', 'text']),
      /** False when no instrument has a value for it in the current data. */
      available: z.boolean(),
      /** The values a text field takes, for sector, industry, type and assetClass (the pick list). */
      values: z.array(z.string()).optional(),
    }),
  ),
  aliases: z.record(z.string(), z.string()),
  /** The seasonal fields `season<L>.<stat>` (numbers) besides the fields listed. */
  seasonal: seasonFieldsSchema.optional(),
  /** The functions of the scan language, for an editor's completion and help. */
  functions: z
    .array(
      z.object({
        name: z.string(),
        /** The argument slots: ["src", "n"], ["n"], ["symbol", "n"], ["x"] or ["x", "group"]. */
        args: z.array(z.string()),
        summary: z.string(),
      }),
    )
    .optional(),
  /** The bounds of an expression: a period, an offset, nesting, calls, a list's length. */
  bounds: z
    .object({
      maxPeriod: z.number().int(),
      maxOffset: z.number().int(),
      maxDepth: z.number().int(),
      maxCalls: z.number().int(),
      maxList: z.number().int(),
    })
    .optional(),
});
export type ScanFieldsResponse = z.infer<typeof scanFieldsResponseSchema>;
