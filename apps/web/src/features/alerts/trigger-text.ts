// A notification's sentence in the reader's language and formats, from what the alert recorded.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@solstice/contracts';
import { useFormatters } from '../../shared/format';

export type TriggerFacts = Pick<Notification, 'symbol' | 'barDate' | 'event' | 'alertName' | 'detail'>;

export function useTriggerText(): (n: TriggerFacts) => string {
  const { t } = useTranslation('notifications');
  const f = useFormatters();
  return useCallback(
    (n: TriggerFacts) => {
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
          return typeof d.pValue === 'number'
            ? t('windowOpensP', { ...values, pValue: f.number(d.pValue, 3) })
            : t('windowOpens', values);
        }
        case 'more': {
          const shown = (d.symbols ?? []).slice(0, 10);
          const listed = shown.length === 0 ? '' : `: ${shown.join(', ')}${(d.more ?? 0) > shown.length ? ', …' : ''}`;
          return t('more', { ...base, count: d.more ?? 0, listed });
        }
        case 'webhook-paused':
          return t('webhookPaused', { ...base, host: d.host ?? '', reason: d.reason ?? '' });
      }
    },
    [t, f],
  );
}
