import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Alert } from '@solstice/contracts';
import { useFormatters, type Formatters } from '../../shared/format';
import { QueryView } from '../../shared/ui/states';
import { useAlertHistory } from './alerts-api';
import { useTriggerText } from './trigger-text';

export function targetOf(a: Alert, t: TFunction<'alerts'>): string {
  if (a.kind === 'scan') return t('summary.allSymbols');
  return a.symbol ?? (a.watchlistId !== null ? t('summary.watchlistNumber', { id: a.watchlistId }) : '—');
}

export function ruleOf(a: Alert, t: TFunction<'alerts'>, f: Formatters): string {
  if (a.kind !== 'seasonal' || !a.seasonal) return a.expression ?? '';
  const s = a.seasonal;
  return t('summary.rule', {
    direction: t(`summary.directions.${s.direction}`),
    minDays: s.minDays,
    maxDays: s.maxDays,
    winRate: f.percent(Math.round(s.minWinRate * 100) / 100, 0, false),
    minYears: s.minYears,
    pValue:
      s.maxPValue !== null
        ? t('summary.pValue', {
            value: new Intl.NumberFormat(f.locale, { maximumFractionDigits: 6 }).format(s.maxPValue),
          })
        : '',
    leadDays: s.leadDays,
  });
}

/** What an alert has fired so far. */
export function History({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alerts');
  const f = useFormatters();
  const history = useAlertHistory(alert.id);
  const say = useTriggerText();
  return (
    <QueryView query={history}>
      {(h) =>
        h.data.length === 0 ? (
          <p className="text-muted small mb-0">{t('summary.notFired')}</p>
        ) : (
          <ul className="list-unstyled small mb-0" data-testid="alert-history">
            {h.data.map((item) => (
              <li key={item.id}>
                <span className="text-muted">{f.date(item.barDate)}</span>{' '}
                <Link to={item.link}>{say({ ...item, alertName: alert.name })}</Link>
              </li>
            ))}
          </ul>
        )
      }
    </QueryView>
  );
}
