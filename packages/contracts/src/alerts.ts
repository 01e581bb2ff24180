import { z } from 'zod';
import { isoDateSchema, symbolSchema } from './common.js';
import { idSchema, visibleText } from './validators.js';
import { directionSchema, monthDaySchema } from './seasonality.js';
import { cycleListSchema, excludeListSchema, paritySchema, type YearSetFilters } from './year-sets.js';

export const ALERT_LIMITS = {
  alerts: 100,
  scans: 100,
  nameMax: 80,
  expressionMax: 2000,
  leadDaysMax: 30,
  /** Notifications one alert makes in one session; what fires beyond is told in one more ("and 415 more"). */
  notificationsPerSession: 50,
  /** The default of ALERT_SYMBOLS_PER_ACCOUNT: symbols one account's condition and seasonal alerts watch in all. */
  symbolsPerAccount: 10_000,
} as const;

/**
 * Symbols pseudo-named in notifications that are not one symbol's: the summary of what fired
 * beyond an alert's notifications of a session, and the notice that its webhook was paused.
 * Neither can be a ticker (symbols start with a letter, a digit or ^).
 */
export const NOTICE_SYMBOL = { more: '+', webhookPaused: '!' } as const;

/** What a subscriber's alerts cover, against the account's limits (shown in the alert form). */
export interface AlertUsage {
  limits: { alerts: number; symbolsPerAccount: number; notificationsPerSession: number };
  /** Alerts kept, and the symbols the condition and seasonal ones watch (a watchlist counts its symbols). */
  alerts: number;
  symbols: number;
}

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u001f\u007f]/;

const nameSchema = z
  .string({ message: 'Name the alert.' })
  .trim()
  .min(1, 'Name the alert.')
  .max(ALERT_LIMITS.nameMax, `A name has at most ${ALERT_LIMITS.nameMax} characters.`)
  .refine((v) => !CONTROL.test(v), 'A name has no control characters.')
  .refine(...visibleText('A name'));

export const alertExpressionSchema = z
  .string({ message: 'expected an expression in the scanner language' })
  .trim()
  .min(1, 'expected an expression in the scanner language')
  .max(ALERT_LIMITS.expressionMax, `at most ${ALERT_LIMITS.expressionMax} characters`);

/**
 * A webhook target: HTTPS only (the server may also refuse addresses inside its own network,
 * see WEBHOOK_ALLOW_LOCAL). Null removes the webhook.
 */
export const webhookUrlSchema = z
  .string({ message: 'expected an https:// address' })
  .trim()
  .max(500, 'an address has at most 500 characters')
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'expected an https:// address without a user name or password');

const channelFields = {
  paused: z.boolean({ message: 'expected true or false' }).optional(),
  /** Include this alert in the daily mail digest (default true). */
  mail: z.boolean({ message: 'expected true or false' }).optional(),
  webhookUrl: webhookUrlSchema.nullable().optional(),
};

const targetFields = {
  symbol: symbolSchema.optional(),
  watchlistId: idSchema('expected a watchlist id').optional(),
};

const scanAlertSchema = z.strictObject({
  name: nameSchema,
  kind: z.literal('scan'),
  expression: alertExpressionSchema,
  /** Also tell me when a symbol leaves the results. */
  onExit: z.boolean({ message: 'expected true or false' }).optional(),
  ...channelFields,
});

const conditionAlertSchema = z.strictObject({
  name: nameSchema,
  kind: z.literal('condition'),
  expression: alertExpressionSchema,
  ...targetFields,
  ...channelFields,
});

const fraction = (what: string) =>
  z
    .number({ message: `expected ${what} as a fraction from 0 to 1` })
    .min(0)
    .max(1, `expected ${what} from 0 to 1`);

const alertYear = z
  .number({ message: 'expected a year' })
  .int('expected a year')
  .min(1900, 'expected a year from 1900')
  .max(2100, 'expected a year up to 2100');

/** The start years a seasonal alert uses (analytics.md, "Year sets"); none given: every year. */
const yearSetFields = {
  from: alertYear.optional(),
  to: alertYear.optional(),
  cycle: cycleListSchema.optional(),
  parity: paritySchema.optional(),
  exclude: excludeListSchema.optional(),
};

/** The window a seasonal alert watches (as the pattern screen shows it). */
export const alertWindowSchema = z.strictObject(
  {
    start: monthDaySchema,
    end: monthDaySchema,
    direction: directionSchema,
  },
  { message: 'expected a window {start: "MM-DD", end: "MM-DD", direction: "long" | "short"}' },
);
export type AlertWindow = z.infer<typeof alertWindowSchema>;

const lengthSchema = z.number({ message: 'expected calendar days' }).int('expected whole days').min(1).max(364);

/**
 * A seasonal alert is either a rule (every window of minDays … maxDays entered `leadDays`
 * sessions later, in `direction`) or one window (`window`); the refinement below requires
 * one or the other.
 */
const seasonalAlertSchema = z.strictObject({
  name: nameSchema,
  kind: z.literal('seasonal'),
  ...targetFields,
  leadDays: z
    .number({ message: 'expected a number of trading days' })
    .int('expected a whole number of trading days')
    .min(1, 'at least 1 trading day')
    .max(ALERT_LIMITS.leadDaysMax, `at most ${ALERT_LIMITS.leadDaysMax} trading days`),
  window: alertWindowSchema.optional(),
  minDays: lengthSchema.optional(),
  maxDays: lengthSchema.optional(),
  minWinRate: fraction('a win rate').optional(),
  minYears: z.number({ message: 'expected a number of years' }).int('expected whole years').min(1).max(100).optional(),
  maxPValue: fraction('a p-value').nullable().optional(),
  maxQValue: fraction('a q-value').nullable().optional(),
  direction: z.enum(['long', 'short', 'both'], { message: 'expected long, short or both' }).optional(),
  ...yearSetFields,
  ...channelFields,
});

type SeasonalBody = z.infer<typeof seasonalAlertSchema>;

/** A window, or minDays and maxDays with a direction, a win rate and years: each missing or extra part named. */
function seasonalIssues(value: SeasonalBody): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (value.window) {
    for (const key of ['minDays', 'maxDays', 'direction'] as const)
      if (value[key] !== undefined)
        issues.push({
          path: key,
          message:
            key === 'direction'
              ? 'a window alert takes its direction from window.direction: give one or the other'
              : 'give either a window or minDays and maxDays, not both',
        });
    return issues;
  }
  if (value.minDays === undefined || value.maxDays === undefined) {
    issues.push({
      path: value.minDays === undefined ? 'minDays' : 'maxDays',
      message: 'give either a window or minDays and maxDays',
    });
  } else if (value.minDays > value.maxDays)
    issues.push({ path: 'minDays', message: 'minDays must not exceed maxDays' });
  if (value.direction === undefined) issues.push({ path: 'direction', message: 'expected long, short or both' });
  if (value.minWinRate === undefined)
    issues.push({ path: 'minWinRate', message: 'expected a win rate as a fraction from 0 to 1' });
  if (value.minYears === undefined) issues.push({ path: 'minYears', message: 'expected a number of years' });
  return issues;
}

function targetIssue(value: { kind: string; symbol?: string; watchlistId?: number }): string | null {
  if (value.kind === 'scan') return null;
  const has = (value.symbol !== undefined ? 1 : 0) + (value.watchlistId !== undefined ? 1 : 0);
  return has === 1 ? null : 'give either a symbol or a watchlistId (one of them)';
}

const alertBodySchema = z.discriminatedUnion('kind', [scanAlertSchema, conditionAlertSchema, seasonalAlertSchema], {
  message: 'expected kind "scan", "condition" or "seasonal"',
});

/** POST /api/v1/alerts (and the whole alert after a PATCH is applied). */
export const alertCreateSchema = alertBodySchema.superRefine((value, ctx) => {
  const issue = targetIssue(value);
  if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['symbol'] });
  if (value.kind === 'seasonal')
    for (const { path, message } of seasonalIssues(value)) ctx.addIssue({ code: 'custom', message, path: [path] });
  if (value.kind === 'seasonal' && value.from !== undefined && value.to !== undefined && value.from > value.to)
    ctx.addIssue({ code: 'custom', message: 'expected to ≥ from', path: ['to'] });
});
export type AlertCreate = z.infer<typeof alertCreateSchema>;
export type AlertKind = AlertCreate['kind'];

/** PATCH: any field of the alert except its kind; the merged alert must be valid as a whole. */
export const alertPatchSchema = z
  .strictObject({
    name: nameSchema.optional(),
    expression: alertExpressionSchema.optional(),
    onExit: z.boolean().optional(),
    symbol: symbolSchema.nullable().optional(),
    watchlistId: idSchema('expected a watchlist id').nullable().optional(),
    leadDays: z.number().int().optional(),
    /** A window replaces the rule's minDays, maxDays and direction; null turns a window alert back into a rule. */
    window: alertWindowSchema.nullable().optional(),
    minDays: z.number().int().nullable().optional(),
    maxDays: z.number().int().nullable().optional(),
    minWinRate: z.number().nullable().optional(),
    minYears: z.number().int().nullable().optional(),
    maxPValue: z.number().nullable().optional(),
    maxQValue: z.number().nullable().optional(),
    direction: z.enum(['long', 'short', 'both']).nullable().optional(),
    /** A seasonal alert's year set; null removes the filter. */
    from: z.number().int().nullable().optional(),
    to: z.number().int().nullable().optional(),
    cycle: cycleListSchema.nullable().optional(),
    parity: paritySchema.nullable().optional(),
    exclude: excludeListSchema.nullable().optional(),
    /** false resumes a webhook the server paused after its deliveries kept failing. */
    webhookPaused: z.literal(false, { message: 'expected false (resume the webhook)' }).optional(),
    ...channelFields,
  })
  .refine((v) => Object.keys(v).length > 0, 'expected at least one field to change');
export type AlertPatch = z.infer<typeof alertPatchSchema>;

export const alertIdParamsSchema = z.strictObject({ id: idSchema('expected an alert id') });

/**
 * A seasonal alert's criteria: a rule (minDays, maxDays and direction, with minWinRate and
 * minYears) or one window (`window`, with minWinRate and minYears only when given).
 */
export interface SeasonalAlertParams {
  leadDays: number;
  window?: AlertWindow;
  minDays?: number;
  maxDays?: number;
  minWinRate?: number;
  minYears?: number;
  maxPValue: number | null;
  maxQValue?: number | null;
  direction?: 'long' | 'short' | 'both';
  /** The year set (analytics.md, "Year sets"): present only when given. */
  from?: number;
  to?: number;
  cycle?: YearSetFilters['cycle'];
  parity?: YearSetFilters['parity'];
  exclude?: YearSetFilters['exclude'];
}

export interface Alert {
  id: number;
  name: string;
  kind: AlertKind;
  expression: string | null;
  onExit: boolean;
  symbol: string | null;
  watchlistId: number | null;
  seasonal: SeasonalAlertParams | null;
  paused: boolean;
  /** Why the server paused it (a deleted watchlist or symbol); null when the user did, or it runs. */
  pausedReason: string | null;
  mail: boolean;
  webhookUrl: string | null;
  /** Set when the webhook's deliveries kept failing: nothing is sent until it is resumed. */
  webhookPausedAt: number | null;
  webhookPausedReason: string | null;
  createdAt: number;
  lastFiredAt: number | null;
  lastFiredBarDate: string | null;
  lastFiredMessage: string | null;
}

export interface AlertCreated extends Alert {
  /** Shown once, when a webhook is set: the key of its HMAC-SHA256 signature. */
  webhookSecret?: string;
}

/** What happened, for a text in the reader's language: a scan entered or left, a condition, a window. */
export type TriggerEvent = 'entered' | 'left' | 'became-true' | 'window-opens' | 'more' | 'webhook-paused';

/**
 * The facts behind a notification's text (the expression, or the seasonal window and its
 * record) and the values that made it fire.
 */
export interface TriggerDetail {
  expression?: string | null;
  /** The symbol's close on the bar date (null when unknown). */
  close?: number | null;
  /** Scan and condition alerts: the value on the bar date of every field the expression names. */
  values?: Record<string, number | string | null>;
  direction?: 'long' | 'short';
  start?: string;
  end?: string;
  days?: number;
  entryDate?: string;
  count?: number;
  winners?: number;
  winRate?: number;
  mean?: number;
  pValue?: number | null;
  /** `more`: how many symbols fired beyond the session's notifications, and the first of them. */
  more?: number;
  symbols?: string[];
  /** `webhook-paused`: the receiving host and the last failure. */
  host?: string;
  reason?: string;
  /** The pValue adjusted over the alert's tests for the symbol on that day (docs/alerts.md). */
  qValue?: number | null;
}

export interface Notification {
  id: number;
  alertId: number;
  alertName: string;
  kind: AlertKind;
  symbol: string;
  barDate: string;
  event: TriggerEvent;
  detail: TriggerDetail;
  /** The text in English, as stored when the alert fired (screens and mails word it in the reader's language from event and detail). */
  message: string;
  /** Where the notification leads in the app (the symbol, the scan or the pattern). */
  link: string;
  read: boolean;
  createdAt: number;
}

export const notificationsQuerySchema = z.strictObject({
  unread: z.enum(['true', 'false'], { message: 'expected true or false' }).optional(),
  limit: z.coerce.number({ message: 'expected a number' }).int().min(1).max(200).optional(),
  before: z.coerce.number({ message: 'expected a notification id' }).int().min(1).optional(),
});

export const notificationsReadSchema = z.union(
  [
    z.strictObject({ ids: z.array(idSchema('expected a notification id')).min(1).max(500) }),
    z.strictObject({ all: z.literal(true) }),
  ],
  { message: 'expected {"ids": [...]} or {"all": true}' },
);

export const alertRunQuerySchema = z.strictObject({ asOf: isoDateSchema });

export const savedScanCreateSchema = z.strictObject({
  name: nameSchema,
  expression: alertExpressionSchema,
});
export const savedScanPatchSchema = z
  .strictObject({ name: nameSchema.optional(), expression: alertExpressionSchema.optional() })
  .refine((v) => Object.keys(v).length > 0, 'expected a name or an expression');

export interface SavedScan {
  id: number;
  name: string;
  expression: string;
  createdAt: number;
  updatedAt: number;
}

export const alertMailPreferenceSchema = z.strictObject({
  alertMail: z.boolean({ message: 'expected true or false' }),
});
