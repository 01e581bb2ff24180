import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@solstice/contracts';
import { useFormatters } from '../../shared/format';
import { Modal } from '../../shared/shell';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { QueryView } from '../../shared/ui/states';
import { ADMIN_USERS_QUERY_KEY, adminGet, adminSend, errorText } from './admin-api';

interface Subscription {
  id: number;
  status: string;
  provider: string;
  productName: string;
  amount: number;
  currency: string;
  interval: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  endReason: string | null;
  endedAt: string | null;
  createdAt: string;
}

/** One account as an admin sees it: roles, the subscriber tag, subscriptions (with refunds). */
export function AdminUserDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  const user = useQuery({
    queryKey: ['admin-user', id],
    queryFn: () => adminGet<AdminUser>(`/api/v1/admin/users/${id}`),
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['admin-user', id] });
    void client.invalidateQueries({ queryKey: ['admin-user-subscriptions', id] });
    void client.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY });
  };
  const [reason, setReason] = useState('');
  const roles = useMutation({
    mutationFn: (admin: boolean) =>
      adminSend('PUT', `/api/v1/admin/users/${id}/roles`, { roles: admin ? ['member', 'admin'] : ['member'] }),
    onSettled: refresh,
  });
  const tag = useMutation({
    mutationFn: (grant: boolean) =>
      grant
        ? adminSend('POST', `/api/v1/admin/users/${id}/subscriber`, {})
        : adminSend('DELETE', `/api/v1/admin/users/${id}/subscriber`, reason.trim() ? { reason: reason.trim() } : {}),
    onSuccess: () => setReason(''),
    onSettled: refresh,
  });
  const failure = roles.error ?? tag.error;
  return (
    <section className="card" aria-labelledby="user-detail-title" data-testid="user-detail">
      <div className="card-body">
        <QueryView query={user}>
          {(u) => (
            <>
              <div className="d-flex align-items-start">
                <h2 className="h6 me-auto" id="user-detail-title">
                  {u.username} <span className="text-muted fw-normal">({u.email})</span>
                </h2>
                <button type="button" className="btn-close" aria-label={t('user.close')} onClick={onClose} />
              </div>
              <div className="form-check form-switch">
                <input
                  id="user-admin-role"
                  className="form-check-input"
                  type="checkbox"
                  role="switch"
                  checked={u.roles.includes('admin')}
                  disabled={roles.isPending}
                  onChange={(e) => roles.mutate(e.target.checked)}
                />
                <label className="form-check-label" htmlFor="user-admin-role">
                  {t('user.administrator')}
                </label>
              </div>
              <div className="d-flex flex-wrap align-items-center gap-2 mt-2" data-testid="subscriber-tag">
                <span>
                  {t('user.subscriberTag')} <strong>{u.subscriber ? t('user.tagYes') : t('user.tagNo')}</strong>
                </span>
                {u.subscriber ? (
                  <>
                    <label htmlFor="revoke-reason" className="visually-hidden">
                      {t('user.reason')}
                    </label>
                    <input
                      id="revoke-reason"
                      className="form-control form-control-sm w-auto"
                      placeholder={t('user.reasonOptional')}
                      value={reason}
                      onChange={(e) => setReason(e.target.value)}
                    />
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm"
                      disabled={tag.isPending}
                      onClick={() => tag.mutate(false)}
                    >
                      {t('user.removeTag')}
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className="btn btn-outline-primary btn-sm"
                    disabled={tag.isPending}
                    onClick={() => tag.mutate(true)}
                  >
                    {t('user.giveTag')}
                  </button>
                )}
              </div>
              {failure ? (
                <div className="alert alert-danger py-1 small mt-2" role="alert">
                  {errorText(failure)}
                </div>
              ) : null}
              <UserSubscriptions id={id} onChanged={refresh} />
            </>
          )}
        </QueryView>
      </div>
    </section>
  );
}

function UserSubscriptions({ id, onChanged }: { id: number; onChanged: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const f = useFormatters();
  const interval = (value: string) => (value === 'month' || value === 'year' ? t(`intervals.${value}`) : value);
  const [refunding, setRefunding] = useState<Subscription | null>(null);
  const query = useQuery({
    queryKey: ['admin-user-subscriptions', id],
    queryFn: () => adminGet<{ subscriptions: Subscription[] }>(`/api/v1/admin/users/${id}/subscriptions`),
  });
  const refund = useMutation({
    mutationFn: (subscriptionId: number) =>
      adminSend('POST', `/api/v1/admin/subscriptions/${subscriptionId}/refund`, {}),
    onSuccess: () => setRefunding(null),
    onSettled: onChanged,
  });
  const columns: Column<Subscription>[] = [
    { key: 'productName', label: t('user.columns.plan'), csvLabel: 'Plan', text: (s) => s.productName },
    {
      key: 'price',
      label: t('user.columns.price'),
      text: (s) => t('user.pricePer', { price: f.money(s.amount, s.currency), interval: interval(s.interval) }),
      csvLabel: 'Price',
      unit: 'cents',
      csvValue: (s) => s.amount,
    },
    { key: 'currency', label: t('user.columns.currency'), csvLabel: 'Currency', text: (s) => s.currency.toUpperCase() },
    { key: 'status', label: t('user.columns.status'), csvLabel: 'Status', text: (s) => s.status },
    {
      key: 'currentPeriodEnd',
      label: t('user.columns.periodEnd'),
      csvLabel: 'Period end',
      sortValue: (s) => s.currentPeriodEnd,
      text: (s) => f.instant(s.currentPeriodEnd),
      csvValue: (s) => s.currentPeriodEnd,
    },
    {
      key: 'endedAt',
      label: t('user.columns.ended'),
      csvLabel: 'Ended',
      text: (s) => (s.endReason ? `${f.instant(s.endedAt)} (${s.endReason})` : ''),
      csvValue: (s) => s.endedAt,
    },
    { key: 'endReason', label: t('user.columns.endReason'), csvLabel: 'End reason', text: (s) => s.endReason ?? '' },
    {
      key: 'refund',
      label: t('user.columns.refund'),
      csv: false,
      text: () => '',
      render: (s) =>
        s.endReason === 'refunded' ? (
          <span className="badge text-bg-secondary">{t('user.refunded')}</span>
        ) : (
          <button
            type="button"
            className="btn btn-outline-danger btn-sm py-0"
            aria-label={t('user.refundLabel', { product: s.productName, id: s.id })}
            onClick={() => setRefunding(s)}
          >
            {t('user.refundButton')}
          </button>
        ),
    },
  ];
  return (
    <section className="mt-3" aria-labelledby="user-subscriptions-title">
      <h3 className="h6" id="user-subscriptions-title">
        {t('user.subscriptions')}
      </h3>
      <QueryView query={query} isEmpty={(d) => d.subscriptions.length === 0} empty={t('user.noSubscription')}>
        {(d) => (
          <DataTable
            rows={d.subscriptions}
            columns={columns}
            rowKey={(s) => String(s.id)}
            caption={t('user.subscriptions')}
            filename={`user-${id}-subscriptions.csv`}
            testId="user-subscriptions"
          />
        )}
      </QueryView>
      <Modal
        show={refunding !== null}
        onClose={() => setRefunding(null)}
        title={t('user.refundTitle')}
        testId="refund-dialog"
        footer={
          <>
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setRefunding(null)}>
              {t('common:actions.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-danger btn-sm"
              disabled={refund.isPending}
              onClick={() => refunding && refund.mutate(refunding.id)}
            >
              {t('user.refundConfirm')}
            </button>
          </>
        }
      >
        <p className="small mb-0">{t('user.refundText', { product: refunding?.productName ?? '' })}</p>
        {refund.isError ? (
          <div className="alert alert-danger py-1 small mt-2" role="alert">
            {errorText(refund.error)}
          </div>
        ) : null}
      </Modal>
    </section>
  );
}
