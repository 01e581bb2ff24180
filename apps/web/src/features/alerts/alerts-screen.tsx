import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Alert, AlertCreated } from '@solstice/contracts';
import { formatDateTime } from '../../shared/lib/dates';
import { useLocalePrefs } from '../../shared/shell';
import { useFormatters } from '../../shared/format';
import { premiumScreen, usePremiumConfirmed } from '../../shared/ui/premium-gate';
import { EmptyState, QueryView, type ToolInfo } from '../../shared/ui/states';
import { AlertForm } from './alert-form';
import { bodyOf, draftFrom, type AlertDraft } from './alert-draft';
import { ALERTS_KEY, deleteAlert, saveAlert, useAlerts, useMarkRead, useNotifications } from './alerts-api';
import { AlertsTable } from './alerts-table';
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
export const AlertsScreen = premiumScreen('alerts', alertsTool, 'tool.title', AlertsTool);

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
  // A notification's "see all" link (`?alert=ID`) opens that alert's history.
  const [historyOf, setHistoryOf] = useState<number | null>(() => Number(params.get('alert')) || null);
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
  const resumeWebhook = useMutation({
    mutationFn: (a: Alert) => saveAlert(a.id, { webhookPaused: false }),
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
              usage={alerts.data?.usage}
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
                <AlertsTable
                  alerts={a.data}
                  limit={a.limit}
                  at={at}
                  historyOf={historyOf}
                  onToggle={(alert) => toggle.mutate(alert)}
                  onResumeWebhook={(alert) => resumeWebhook.mutate(alert)}
                  usage={a.usage}
                  onEdit={(alert) => {
                    save.reset();
                    setEditing(alert);
                  }}
                  onHistory={(alert) => setHistoryOf(historyOf === alert.id ? null : alert.id)}
                  onDelete={(alert) => remove.mutate(alert)}
                />
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
