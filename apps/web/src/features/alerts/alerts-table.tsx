import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alert, AlertUsage } from '@solstice/contracts';
import { useFormatters } from '../../shared/format';
import { History, ruleOf, targetOf } from './alert-summary';
import { HeaderRow } from '../../shared/tables/headers';

/** A row's action: a small link-styled button named for its alert. */
function RowAction({
  label,
  className = 'btn btn-sm btn-link',
  expanded,
  onClick,
  children,
}: {
  label: string;
  className?: string;
  expanded?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} onClick={onClick} aria-expanded={expanded} aria-label={label}>
      {children}
    </button>
  );
}

/** The user's alerts: rule, target, last firing and state, with pause, edit, history and delete. */
export function AlertsTable({
  alerts,
  limit,
  at,
  historyOf,
  onToggle,
  onResumeWebhook,
  onEdit,
  onHistory,
  onDelete,
  usage,
}: {
  alerts: Alert[];
  usage?: AlertUsage;
  onResumeWebhook: (alert: Alert) => void;
  limit: number;
  at: (ms: number) => string;
  /** The alert whose history is open. */
  historyOf: number | null;
  onToggle: (alert: Alert) => void;
  onEdit: (alert: Alert) => void;
  onHistory: (alert: Alert) => void;
  onDelete: (alert: Alert) => void;
}) {
  const { t } = useTranslation('alerts');
  const f = useFormatters();
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle" data-testid="alerts-table">
        <caption className="small">
          {t('list.caption', { count: f.number(alerts.length, 0), limit: f.number(limit, 0) })}
          {usage
            ? ` · ${t('list.usage', { symbols: f.number(usage.symbols, 0), limit: f.number(usage.limits.symbolsPerAccount, 0) })}`
            : null}
        </caption>
        <thead>
          <HeaderRow
            labels={[t('list.name'), t('list.rule'), t('list.target'), t('list.lastFired'), t('list.state')]}
            actions={t('list.actions')}
          />
        </thead>
        <tbody>
          {alerts.map((alert) => (
            <tr key={alert.id} data-testid={`alert-row-${alert.id}`}>
              <td>{alert.name}</td>
              <td className="small font-monospace">{ruleOf(alert, t, f)}</td>
              <td>{targetOf(alert, t)}</td>
              <td className="small">
                {alert.lastFiredAt ? (
                  <span title={alert.lastFiredMessage ?? undefined}>
                    {f.date(alert.lastFiredBarDate)} · {at(alert.lastFiredAt)}
                  </span>
                ) : (
                  t('list.never')
                )}
              </td>
              <td className="small">
                {alert.paused ? (
                  <span className="badge text-bg-secondary" title={alert.pausedReason ?? undefined}>
                    {alert.pausedReason ? t('list.pausedBecause', { reason: alert.pausedReason }) : t('list.paused')}
                  </span>
                ) : (
                  <span className="badge text-bg-success">{t('list.active')}</span>
                )}
                {alert.webhookPausedAt !== null ? (
                  <span
                    className="badge text-bg-warning ms-1"
                    title={alert.webhookPausedReason ?? undefined}
                    data-testid="webhook-paused"
                  >
                    {t('list.webhookPaused')}
                  </span>
                ) : null}
              </td>
              <td className="text-nowrap">
                <RowAction
                  label={
                    alert.paused ? t('list.resumeOf', { name: alert.name }) : t('list.pauseOf', { name: alert.name })
                  }
                  onClick={() => onToggle(alert)}
                >
                  {alert.paused ? t('list.resume') : t('list.pause')}
                </RowAction>
                {alert.webhookPausedAt !== null ? (
                  <RowAction
                    label={t('list.resumeWebhookOf', { name: alert.name })}
                    onClick={() => onResumeWebhook(alert)}
                  >
                    {t('list.resumeWebhook')}
                  </RowAction>
                ) : null}
                <RowAction label={t('list.editOf', { name: alert.name })} onClick={() => onEdit(alert)}>
                  {t('list.edit')}
                </RowAction>
                <RowAction
                  label={t('list.historyOf', { name: alert.name })}
                  expanded={historyOf === alert.id}
                  onClick={() => onHistory(alert)}
                >
                  {t('list.history')}
                </RowAction>
                <RowAction
                  label={t('list.deleteOf', { name: alert.name })}
                  className="btn btn-sm btn-link text-danger"
                  onClick={() => {
                    if (window.confirm(t('list.confirmDelete', { name: alert.name }))) onDelete(alert);
                  }}
                >
                  {t('list.delete')}
                </RowAction>
                {historyOf === alert.id ? <History alert={alert} /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
