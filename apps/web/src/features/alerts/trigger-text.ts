// A notification's sentence in the reader's language and formats, from what the alert recorded.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Notification } from '@solstice/contracts';
import { useFormatters, type Formatters } from '../../shared/format';

export type TriggerFacts = Pick<Notification, 'symbol' | 'barDate' | 'event' | 'alertName' | 'detail'>;
type Detail = Notification['detail'];

export function useTriggerText(): (n: TriggerFacts) => string {
  const { t } = useTranslation('notifications');
  const f = useFormatters();
  return useCallback((n: TriggerFacts) => sentence(n, t, f) + valuesText(n.detail ?? {}, t, f), [t, f]);
}

function sentence(n: TriggerFacts, t: TFunction<'notifications'>, f: Formatters): string {
  const d = n.detail ?? {};
  const base = { symbol: n.symbol, alert: n.alertName, expression: d.expression ?? '', date: f.date(n.barDate) };
  switch (n.event) {
    case 'entered':
      return t('entered', base);
    case 'left':
      return t('left', base);
    case 'became-true':
      return t('becameTrue', base);
    case 'window-opens': {
      const values = {
        ...base,
        direction: t(d.direction === 'short' ? 'short' : 'long'),
        start: d.start ?? '',
        end: d.end ?? '',
        days: d.days ?? 0,
        entry: f.date(d.entryDate),
        winners: d.winners ?? Math.round((d.winRate ?? 0) * (d.count ?? 0)),
        count: d.count ?? 0,
        winRate: f.percent(d.winRate, 1, false),
        mean: f.percent(d.mean, 1),
      };
      if (typeof d.pValue !== 'number') return t('windowOpens', values);
      return typeof d.qValue === 'number'
        ? t('windowOpensPQ', { ...values, pValue: f.number(d.pValue, 3), qValue: f.number(d.qValue, 3) })
        : t('windowOpensP', { ...values, pValue: f.number(d.pValue, 3) });
    }
    case 'more': {
      const shown = (d.symbols ?? []).slice(0, 10);
      const listed = shown.length === 0 ? '' : `: ${shown.join(', ')}${(d.more ?? 0) > shown.length ? ', …' : ''}`;
      return t('more', { ...base, count: d.more ?? 0, listed });
    }
    case 'webhook-paused':
      return t('webhookPaused', { ...base, host: d.host ?? '', reason: d.reason ?? '' });
  }
}

/**
 * The values that made it fire, after the sentence: the close on the bar date and each field
 * of the expression ("Close 175.25; rsi14 72.31."); nothing for a notification recorded
 * before notifications carried them.
 */
function valuesText(d: Detail, t: TFunction<'notifications'>, f: Formatters): string {
  const parts: string[] = [];
  if (typeof d.close === 'number') parts.push(t('close', { value: valueText(d.close, f) }));
  const fields = Object.entries(d.values ?? {}).map(([name, v]) => `${name} ${valueText(v, f)}`);
  if (fields.length > 0) parts.push(fields.join(', '));
  return parts.length === 0 ? '' : ` ${parts.join('; ')}.`;
}

/** Prices to 2 decimals, smaller numbers (rates, returns) to 4; texts quoted. */
function valueText(v: number | string | null, f: Formatters): string {
  if (v === null) return '—';
  if (typeof v === 'string') return `"${v}"`;
  return new Intl.NumberFormat(f.locale, {
    maximumFractionDigits: Math.abs(v) >= 100 ? 2 : 4,
    useGrouping: false,
  }).format(v);
}
