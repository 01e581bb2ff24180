import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Alert, AlertCreated } from '@solstice/contracts';
import { formatDateTime } from '../../lib/dates';
import { useLocalePrefs } from '../../shared/shell';
import { PremiumGate, usePremiumConfirmed } from '../../shared/ui/premium-gate';
import { EmptyState, QueryView } from '../../shared/ui/states';
import { AlertForm } from './alert-form';
import { bodyOf, draftFrom, type AlertDraft } from './alert-draft';
import { ALERTS_KEY, deleteAlert, saveAlert, useAlerts, useMarkRead, useNotifications } from './alerts-api';
import { targetOf, ruleOf, History } from './alert-summary';

const TOOL = {
  title: 'Alerts',
  description:
    'Get told when a symbol enters one of your scans, when a condition turns true on a symbol or a watchlist, or a few days before a seasonal window with a strong record opens: in the app, by a daily mail digest, or by a signed webhook.',
  features: [
    'Scan alerts: a symbol enters (or leaves) the results',
    'Conditions in the scanner language, on a symbol or a whole watchlist',
    'Seasonal windows N trading days before they open, with your minimum win rate, years and p-value',
    'Replayable: the same data gives the same triggers',
  ],
};

/** The alerts page: what fired (notifications), the alerts with their state, and the form to create or edit one. */
export function AlertsScreen() {
  return (
    <PremiumGate tool={TOOL} title="Alerts">
      <AlertsTool />
    </PremiumGate>
  );
}

function AlertsTool() {
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
        <h1 className="h4 mb-0">Alerts</h1>
        {!formOpen ? (
          <button
            type="button"
            className="btn btn-primary btn-sm ms-auto"
            onClick={() => {
              save.reset();
              setCreating(true);
            }}
          >
            New alert
          </button>
        ) : null}
      </div>
      {secret ? (
        <div className="alert alert-warning" role="status" data-testid="webhook-secret">
          Your webhook’s signing secret, shown only now: <code>{secret}</code>. Each delivery carries
          <code> X-Solstice-Signature: sha256=HMAC(secret, timestamp + "." + body)</code>.
          <button type="button" className="btn btn-sm btn-link" onClick={() => setSecret(null)}>
            I have saved it
          </button>
        </div>
      ) : null}
      {formOpen ? (
        <section className="card mb-3">
          <div className="card-body">
            <h2 className="h6">{editing ? `Edit “${editing.name}”` : 'New alert'}</h2>
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
            Your alerts
          </h2>
          <QueryView query={alerts}>
            {(a) =>
              a.data.length === 0 ? (
                <EmptyState>
                  No alerts yet. Create one here, or from the scanner, a watchlist, symbol details or a seasonality
                  screen.
                </EmptyState>
              ) : (
                <div className="table-responsive">
                  <table className="table table-sm align-middle" data-testid="alerts-table">
                    <caption className="small">
                      {a.data.length} of {a.limit} alerts
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">Name</th>
                        <th scope="col">Rule</th>
                        <th scope="col">For</th>
                        <th scope="col">Last fired</th>
                        <th scope="col">State</th>
                        <th scope="col">
                          <span className="visually-hidden">Actions</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {a.data.map((alert) => (
                        <tr key={alert.id} data-testid={`alert-row-${alert.id}`}>
                          <td>{alert.name}</td>
                          <td className="small font-monospace">{ruleOf(alert)}</td>
                          <td>{targetOf(alert)}</td>
                          <td className="small">
                            {alert.lastFiredAt ? (
                              <span title={alert.lastFiredMessage ?? undefined}>
                                {alert.lastFiredBarDate} · {at(alert.lastFiredAt)}
                              </span>
                            ) : (
                              'Never'
                            )}
                          </td>
                          <td className="small">
                            {alert.paused ? (
                              <span className="badge text-bg-secondary" title={alert.pausedReason ?? undefined}>
                                Paused{alert.pausedReason ? `: ${alert.pausedReason}` : ''}
                              </span>
                            ) : (
                              <span className="badge text-bg-success">Active</span>
                            )}
                          </td>
                          <td className="text-nowrap">
                            <button
                              type="button"
                              className="btn btn-sm btn-link"
                              onClick={() => toggle.mutate(alert)}
                              aria-label={`${alert.paused ? 'Resume' : 'Pause'} ${alert.name}`}
                            >
                              {alert.paused ? 'Resume' : 'Pause'}
                            </button>
                            <button
                              type="button"
                              className="btn btn-sm btn-link"
                              onClick={() => {
                                save.reset();
                                setEditing(alert);
                              }}
                              aria-label={`Edit ${alert.name}`}
                            >
                              Edit
                            </button>
                            <button
                              type="button"
                              className="btn btn-sm btn-link"
                              onClick={() => setHistoryOf(historyOf === alert.id ? null : alert.id)}
                              aria-expanded={historyOf === alert.id}
                              aria-label={`History of ${alert.name}`}
                            >
                              History
                            </button>
                            <button
                              type="button"
                              className="btn btn-sm btn-link text-danger"
                              onClick={() => {
                                if (window.confirm(`Delete the alert “${alert.name}”?`)) remove.mutate(alert);
                              }}
                              aria-label={`Delete ${alert.name}`}
                            >
                              Delete
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
              Notifications
            </h2>
            <button
              type="button"
              className="btn btn-sm btn-link ms-auto"
              onClick={() => markRead.mutate('all')}
              disabled={!notifications.data?.unread}
            >
              Mark all read
            </button>
          </div>
          <QueryView query={notifications}>
            {(n) =>
              n.data.length === 0 ? (
                <EmptyState>Nothing has fired yet. Alerts are evaluated after each daily data update.</EmptyState>
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
                        <span className="text-muted">{item.barDate}</span>
                        <span className="text-muted ms-auto">{item.alertName}</span>
                      </div>
                      <Link to={item.link} onClick={() => !item.read && markRead.mutate([item.id])}>
                        {item.message}
                      </Link>
                      {!item.read ? (
                        <button
                          type="button"
                          className="btn btn-sm btn-link p-0 ms-2"
                          onClick={() => markRead.mutate([item.id])}
                        >
                          Mark read
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
