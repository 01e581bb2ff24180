import type { Alert, AlertKind } from '@solstice/contracts';
import { ApiError } from '../../shared/api';
import { i18n } from '../../i18n/i18n';

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
  direction: 'long' | 'short' | 'both';
  mail: boolean;
  webhookUrl: string;
}

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
  return {
    name: alert?.name ?? query.get('name') ?? defaultName.slice(0, 80),
    kind: ['scan', 'condition', 'seasonal'].includes(kind) ? kind : 'scan',
    expression,
    onExit: alert?.onExit ?? false,
    target: watchlistId !== null ? 'watchlist' : 'symbol',
    symbol,
    watchlistId: watchlistId !== null ? String(watchlistId) : '',
    leadDays: String(s?.leadDays ?? query.get('leadDays') ?? 5),
    minDays: String(s?.minDays ?? query.get('minDays') ?? 10),
    maxDays: String(s?.maxDays ?? query.get('maxDays') ?? 30),
    minWinRate: String(Math.round((s?.minWinRate ?? Number(query.get('minWinRate') ?? 0.7)) * 100)),
    minYears: String(s?.minYears ?? query.get('minYears') ?? 10),
    maxPValue: s?.maxPValue != null ? String(s.maxPValue) : '',
    direction: (s?.direction ??
      (query.get('direction') as AlertDraft['direction'] | null) ??
      'long') as AlertDraft['direction'],
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
    Object.assign(body, {
      leadDays: Number(d.leadDays),
      minDays: Number(d.minDays),
      maxDays: Number(d.maxDays),
      minWinRate: Number(d.minWinRate) / 100,
      minYears: Number(d.minYears),
      maxPValue: d.maxPValue.trim() === '' ? null : Number(d.maxPValue),
      direction: d.direction,
    });
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
    const key = issue.path?.replace(/^body\./, '').split('.')[0];
    if (key && issue.message && !fields[key]) fields[key] = issue.message;
  }
  if (details?.path === 'body.expression') fields.expression = error.message.replace(/^Invalid body\.expression: /, '');
  return { form: Object.keys(fields).length === 0 ? error.message : null, fields };
}
