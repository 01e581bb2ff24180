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
  const fraction = (value: number) => new Intl.NumberFormat(f.locale, { maximumFractionDigits: 6 }).format(value);
  const winRate = (value: number) => f.percent(Math.round(value * 100) / 100, 0, false);
  const pValue = s.maxPValue !== null ? t('summary.pValue', { value: fraction(s.maxPValue) }) : '';
  const qValue = s.maxQValue != null ? t('summary.qValue', { value: fraction(s.maxQValue) }) : '';
  if (s.window) {
    return t('summary.window', {
      start: s.window.start,
      end: s.window.end,
      direction: t(`summary.directions.${s.window.direction}`),
      leadDays: s.leadDays,
      winRate: s.minWinRate !== undefined ? t('summary.windowWinRate', { value: winRate(s.minWinRate) }) : '',
      minYears: s.minYears !== undefined ? t('summary.windowYears', { value: s.minYears }) : '',
      pValue,
      qValue,
    });
  }
  return t('summary.rule', {
    direction: t(`summary.directions.${s.direction ?? 'long'}`),
    minDays: s.minDays,
    maxDays: s.maxDays,
    winRate: winRate(s.minWinRate ?? 0),
    minYears: s.minYears,
    pValue: pValue + qValue,
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
