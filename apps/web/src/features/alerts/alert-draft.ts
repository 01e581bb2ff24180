import type { Alert, AlertKind } from '@solstice/contracts';
import { ApiError } from '../../shared/api';
import { i18n } from '../../shared/i18n/i18n';

export interface AlertDraft {
  name: string;
  kind: AlertKind;
  expression: string;
  onExit: boolean;
  target: 'symbol' | 'watchlist';
  symbol: string;
  watchlistId: string;
  leadDays: string;
  minDays: string;
  maxDays: string;
  /** Percent, as typed. */
  minWinRate: string;
  minYears: string;
  maxPValue: string;
  maxQValue: string;
  direction: 'long' | 'short' | 'both';
  /** A seasonal alert: every window of a range of lengths (a rule), or one window. */
  seasonalForm: 'rule' | 'window';
  /** The window, MM-DD as typed, and its direction. */
  start: string;
  end: string;
  windowDirection: 'long' | 'short';
  /** The year set a new alert keeps (from the screen it was made from), as its URL had it. */
  years: Partial<Record<(typeof YEAR_KEYS)[number], string>>;
  mail: boolean;
  webhookUrl: string;
}

const YEAR_KEYS = ['from', 'to', 'cycle', 'parity', 'exclude'] as const;

/** The form's starting values: an alert being edited, or the query of a "Create alert" link. */
export function draftFrom(alert: Alert | null, query: URLSearchParams): AlertDraft {
  const kind = (alert?.kind ?? query.get('new') ?? 'scan') as AlertKind;
  const s = alert?.seasonal;
  const watchlistId = alert?.watchlistId ?? (query.get('watchlistId') ? Number(query.get('watchlistId')) : null);
  const symbol = alert?.symbol ?? query.get('symbol') ?? '';
  const expression = alert?.expression ?? query.get('expression') ?? '';
  const target = symbol || i18n.t('alerts:draft.watchlist');
  const defaultName =
    kind === 'scan'
      ? expression
      : kind === 'condition'
        ? `${target}: ${expression}`.trim()
        : i18n.t('alerts:draft.seasonalName', { target });
  const window = s?.window ?? (query.get('start') && query.get('end') ? null : undefined);
  const isWindow = window !== undefined;
  const queryDirection = query.get('direction');
  const number = (value: number | undefined, fromQuery: string | null, fallback: number | '') =>
    String(value ?? fromQuery ?? fallback);
  return {
    name: alert?.name ?? query.get('name') ?? defaultName.slice(0, 80),
    kind: ['scan', 'condition', 'seasonal'].includes(kind) ? kind : 'scan',
    expression,
    onExit: alert?.onExit ?? false,
    target: watchlistId !== null ? 'watchlist' : 'symbol',
    symbol,
    watchlistId: watchlistId !== null ? String(watchlistId) : '',
    leadDays: number(s?.leadDays, query.get('leadDays'), 5),
    minDays: number(s?.minDays, query.get('minDays'), 10),
    maxDays: number(s?.maxDays, query.get('maxDays'), 30),
    // A window alert has no win rate or years unless given; a rule starts at 70 % and 10 years.
    minWinRate:
      s?.minWinRate !== undefined || query.get('minWinRate') !== null || !isWindow
        ? String(Math.round((s?.minWinRate ?? Number(query.get('minWinRate') ?? 0.7)) * 100))
        : '',
    minYears: number(s?.minYears, query.get('minYears'), isWindow ? '' : 10),
    maxPValue: s?.maxPValue != null ? String(s.maxPValue) : '',
    maxQValue: s?.maxQValue != null ? String(s.maxQValue) : '',
    direction: (s?.direction ??
      (isWindow ? null : (queryDirection as AlertDraft['direction'] | null)) ??
      'long') as AlertDraft['direction'],
    seasonalForm: isWindow ? 'window' : 'rule',
    start: window?.start ?? query.get('start') ?? '',
    end: window?.end ?? query.get('end') ?? '',
    windowDirection: window?.direction ?? (queryDirection === 'short' ? 'short' : 'long'),
    years: Object.fromEntries(YEAR_KEYS.flatMap((key) => (query.get(key) ? [[key, query.get(key)!]] : []))),
    mail: alert?.mail ?? true,
    webhookUrl: alert?.webhookUrl ?? '',
  };
}

/** The request body of a draft (numbers as numbers, the target the user chose). */
export function bodyOf(d: AlertDraft, editing: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = { name: d.name, mail: d.mail, webhookUrl: d.webhookUrl.trim() || null };
  if (!editing) body.kind = d.kind;
  if (d.kind !== 'seasonal') body.expression = d.expression;
  if (d.kind === 'scan') body.onExit = d.onExit;
  if (d.kind !== 'scan') {
    if (d.target === 'symbol') {
      body.symbol = d.symbol;
      if (editing) body.watchlistId = null;
    } else {
      body.watchlistId = Number(d.watchlistId);
      if (editing) body.symbol = null;
    }
  }
  if (d.kind === 'seasonal') {
    const optional = (value: string, scale = 1) => (value.trim() === '' ? null : Number(value) / scale);
    Object.assign(body, {
      leadDays: Number(d.leadDays),
      maxPValue: optional(d.maxPValue),
      maxQValue: optional(d.maxQValue),
    });
    if (d.seasonalForm === 'window') {
      body.window = { start: d.start.trim(), end: d.end.trim(), direction: d.windowDirection };
      // Optional for a window: left empty, none (a change removes the one stored).
      const minWinRate = optional(d.minWinRate, 100);
      const minYears = optional(d.minYears);
      if (minWinRate !== null || editing) body.minWinRate = minWinRate;
      if (minYears !== null || editing) body.minYears = minYears;
    } else {
      Object.assign(body, {
        minDays: Number(d.minDays),
        maxDays: Number(d.maxDays),
        minWinRate: Number(d.minWinRate) / 100,
        minYears: Number(d.minYears),
        direction: d.direction,
      });
    }
    if (!editing) {
      for (const [key, value] of Object.entries(d.years)) {
        if (!value) continue;
        body[key] = key === 'from' || key === 'to' ? Number(value) : value;
      }
    }
  }
  return body;
}

/** Each field's message from a refused save ("body.expression" → expression), with the position of an expression error. */
export function errorsOf(error: unknown): { form: string | null; fields: Record<string, string> } {
  if (!(error instanceof ApiError))
    return { form: error ? String((error as Error).message ?? error) : null, fields: {} };
  const details = error.details as
    { path?: string; position?: number; issues?: { path?: string; message?: string }[] } | undefined;
  const fields: Record<string, string> = {};
  for (const issue of details?.issues ?? []) {
    const parts = issue.path?.replace(/^body\./, '').split('.') ?? [];
    // A part of the window is its own input: window.start → start, window.direction → windowDirection.
    const key =
      parts[0] === 'window' && parts[1] ? (parts[1] === 'direction' ? 'windowDirection' : parts[1]) : parts[0];
    if (key && issue.message && !fields[key]) fields[key] = issue.message;
  }
  if (details?.path === 'body.expression') fields.expression = error.message.replace(/^Invalid body\.expression: /, '');
  return { form: Object.keys(fields).length === 0 ? error.message : null, fields };
}
