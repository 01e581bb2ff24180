import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Alert, AlertCreated } from '@solstice/contracts';
import { formatDateTime } from '../../lib/dates';
import { useLocalePrefs } from '../../shared/shell';
import { useFormatters } from '../../shared/format';
import { PremiumGate, usePremiumConfirmed } from '../../shared/ui/premium-gate';
import { EmptyState, QueryView, type ToolInfo } from '../../shared/ui/states';
import { AlertForm } from './alert-form';
import { bodyOf, draftFrom, type AlertDraft } from './alert-draft';
import { ALERTS_KEY, deleteAlert, saveAlert, useAlerts, useMarkRead, useNotifications } from './alerts-api';
import { targetOf, ruleOf, History } from './alert-summary';
import { useTriggerText } from './trigger-text';

const alertsTool = (t: TFunction<'alerts'>): ToolInfo => ({
  title: t('tool.title'),
  description: t('tool.description'),
  features: [
    t('tool.features.scan'),
    t('tool.features.condition'),
    t('tool.features.seasonal'),
    t('tool.features.replayable'),
  ],
});

/** The header each webhook delivery carries (code, not text). */
const SIGNATURE_HEADER = 'X-Solstice-Signature: sha256=HMAC(secret, timestamp + "." + body)';

/** The alerts page: what fired (notifications), the alerts with their state, and the form to create or edit one. */
export function AlertsScreen() {
  const { t } = useTranslation('alerts');
  return (
    <PremiumGate tool={alertsTool(t)} title={t('tool.title')}>
      <AlertsTool />
    </PremiumGate>
  );
}

function AlertsTool() {
  const { t } = useTranslation('alerts');
  const f = useFormatters();
  const say = useTriggerText();
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const { locale, timeZone } = useLocalePrefs();
  const alerts = useAlerts(usePremiumConfirmed());
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const [editing, setEditing] = useState<Alert | null>(null);
  const [creating, setCreating] = useState(params.get('new') !== null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const closeForm = () => {
    setEditing(null);
    setCreating(false);
    if (params.get('new') !== null) setParams({}, { replace: true });
  };
  const save = useMutation({
    mutationFn: (draft: AlertDraft) => saveAlert(editing?.id ?? null, bodyOf(draft, editing !== null)),
    onSuccess: (res: { data: AlertCreated }) => {
      setSecret(res.data.webhookSecret ?? null);
      closeForm();
      void client.invalidateQueries({ queryKey: ALERTS_KEY });
    },
  });
  const toggle = useMutation({
    mutationFn: (a: Alert) => saveAlert(a.id, { paused: !a.paused }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
  const remove = useMutation({
    mutationFn: (a: Alert) => deleteAlert(a.id),
    onSuccess: () => void client.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
  const at = (ms: number) => formatDateTime(ms, { locale, timeZone });
  const formOpen = creating || editing !== null;

  return (
    <div className="container-fluid py-3" data-testid="alerts-screen">
      <div className="d-flex align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0">{t('screen.title')}</h1>
        {!formOpen ? (
          <button
            type="button"
            className="btn btn-primary btn-sm ms-auto"
            onClick={() => {
              save.reset();
              setCreating(true);
            }}
          >
            {t('screen.newAlert')}
          </button>
        ) : null}
      </div>
      {secret ? (
        <div className="alert alert-warning" role="status" data-testid="webhook-secret">
          <Trans
            t={t}
            i18nKey="screen.secret"
            values={{ secret, header: SIGNATURE_HEADER }}
            components={{ code: <code /> }}
          />
          <button type="button" className="btn btn-sm btn-link" onClick={() => setSecret(null)}>
            {t('screen.secretSaved')}
          </button>
        </div>
      ) : null}
      {formOpen ? (
        <section className="card mb-3">
          <div className="card-body">
            <h2 className="h6">{editing ? t('screen.editTitle', { name: editing.name }) : t('screen.newAlert')}</h2>
            <AlertForm
              key={editing?.id ?? 'new'}
              initial={draftFrom(editing, params)}
              editing={editing !== null}
              saving={save.isPending}
              error={save.error}
              onSave={(d) => save.mutate(d)}
              onCancel={closeForm}
            />
          </div>
        </section>
      ) : null}
      <div className="row g-3">
        <section className="col-12 col-xl-7" aria-labelledby="alerts-list-title">
          <h2 className="h6" id="alerts-list-title">
            {t('list.title')}
          </h2>
          <QueryView query={alerts}>
            {(a) =>
              a.data.length === 0 ? (
                <EmptyState>{t('list.empty')}</EmptyState>
              ) : (
                <div className="table-responsive">
                  <table className="table table-sm align-middle" data-testid="alerts-table">
                    <caption className="small">
                      {t('list.caption', { count: f.number(a.data.length, 0), limit: f.number(a.limit, 0) })}
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('list.name')}</th>
                        <th scope="col">{t('list.rule')}</th>
                        <th scope="col">{t('list.target')}</th>
                        <th scope="col">{t('list.lastFired')}</th>
                        <th scope="col">{t('list.state')}</th>
                        <th scope="col">
                          <span className="visually-hidden">{t('list.actions')}</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {a.data.map((alert) => (
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
                                {alert.pausedReason
                                  ? t('list.pausedBecause', { reason: alert.pausedReason })
                                  : t('list.paused')}
                              </span>
                            ) : (
                              <span className="badge text-bg-success">{t('list.active')}</span>
                            )}
                          </td>
                          <td className="text-nowrap">
                            <button
                              type="button"
                              className="btn btn-sm btn-link"
                              onClick={() => toggle.mutate(alert)}
                              aria-label={
                                alert.paused
                                  ? t('list.resumeOf', { name: alert.name })
                                  : t('list.pauseOf', { name: alert.name })
                              }
                            >
                              {alert.paused ? t('list.resume') : t('list.pause')}
                            </button>
                            <button
                              type="button"
                              className="btn btn-sm btn-link"
                              onClick={() => {
                                save.reset();
                                setEditing(alert);
                              }}
                              aria-label={t('list.editOf', { name: alert.name })}
                            >
                              {t('list.edit')}
                            </button>
                            <button
                              type="button"
                              className="btn btn-sm btn-link"
                              onClick={() => setHistoryOf(historyOf === alert.id ? null : alert.id)}
                              aria-expanded={historyOf === alert.id}
                              aria-label={t('list.historyOf', { name: alert.name })}
                            >
                              {t('list.history')}
                            </button>
                            <button
                              type="button"
                              className="btn btn-sm btn-link text-danger"
                              onClick={() => {
                                if (window.confirm(t('list.confirmDelete', { name: alert.name }))) remove.mutate(alert);
                              }}
                              aria-label={t('list.deleteOf', { name: alert.name })}
                            >
                              {t('list.delete')}
                            </button>
                            {historyOf === alert.id ? <History alert={alert} /> : null}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )
            }
          </QueryView>
        </section>
        <section className="col-12 col-xl-5" aria-labelledby="notifications-title">
          <div className="d-flex align-items-center mb-2">
            <h2 className="h6 mb-0" id="notifications-title">
              {t('notifications.title')}
            </h2>
            <button
              type="button"
              className="btn btn-sm btn-link ms-auto"
              onClick={() => markRead.mutate('all')}
              disabled={!notifications.data?.unread}
            >
              {t('notifications.markAllRead')}
            </button>
          </div>
          <QueryView query={notifications}>
            {(n) =>
              n.data.length === 0 ? (
                <EmptyState>{t('notifications.empty')}</EmptyState>
              ) : (
                <ul className="list-group" data-testid="notifications-list">
                  {n.data.map((item) => (
                    <li
                      key={item.id}
                      className={`list-group-item small${item.read ? '' : ' list-group-item-warning'}`}
                      data-testid="notification"
                    >
                      <div className="d-flex gap-2">
                        <span className="fw-semibold">{item.symbol}</span>
                        <span className="text-muted">{f.date(item.barDate)}</span>
                        <span className="text-muted ms-auto">{item.alertName}</span>
                      </div>
                      <Link to={item.link} onClick={() => !item.read && markRead.mutate([item.id])}>
                        {say(item)}
                      </Link>
                      {!item.read ? (
                        <button
                          type="button"
                          className="btn btn-sm btn-link p-0 ms-2"
                          onClick={() => markRead.mutate([item.id])}
                        >
                          {t('notifications.markRead')}
                        </button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryView>
        </section>
      </div>
    </div>
  );
}

export default AlertsScreen;
