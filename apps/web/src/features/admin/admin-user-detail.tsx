import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../shared/format';
import { Modal } from '../../shared/shell';
import { ConfirmFooter } from '../../shared/ui/confirm-footer';
import type { Column } from '../../shared/tables/data-table';
import { QueryTable } from '../../shared/tables/query-table';
import { actionColumn, timeColumn } from '../../shared/tables/columns';
import { CheckField } from '../../shared/check-field';
import { HiddenLabelInput } from '../../shared/hidden-label-input';
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
    queryFn: () => adminGet('adminUser', { params: { id } }),
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['admin-user', id] });
    void client.invalidateQueries({ queryKey: ['admin-user-subscriptions', id] });
    void client.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY });
  };
  const [reason, setReason] = useState('');
  const roles = useMutation({
    mutationFn: (admin: boolean) =>
      adminSend('adminUserRoles', { params: { id }, body: { roles: admin ? ['member', 'admin'] : ['member'] } }),
    onSettled: refresh,
  });
  const tag = useMutation({
    mutationFn: (grant: boolean) =>
      grant
        ? adminSend('adminSubscriberGrant', { params: { id }, body: {} })
        : adminSend('adminSubscriberRevoke', {
            params: { id },
            body: reason.trim() ? { reason: reason.trim() } : {},
          }),
    onSuccess: () => setReason(''),
    onSettled: refresh,
  });
  const failure = roles.error ?? tag.error;
  /** Gives (`true`) or removes the subscriber tag. */
  const tagButton = (give: boolean) => (
    <button
      type="button"
      className={give ? 'btn btn-outline-primary btn-sm' : 'btn btn-outline-danger btn-sm'}
      disabled={tag.isPending}
      onClick={() => tag.mutate(give)}
    >
      {give ? t('user.giveTag') : t('user.removeTag')}
    </button>
  );
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
              <CheckField
                id="user-admin-role"
                asSwitch
                label={t('user.administrator')}
                checked={u.roles.includes('admin')}
                disabled={roles.isPending}
                onChange={(admin) => roles.mutate(admin)}
              />
              <div className="d-flex flex-wrap align-items-center gap-2 mt-2" data-testid="subscriber-tag">
                <span>
                  {t('user.subscriberTag')} <strong>{u.subscriber ? t('user.tagYes') : t('user.tagNo')}</strong>
                </span>
                {u.subscriber ? (
                  <>
                    <HiddenLabelInput
                      id="revoke-reason"
                      label={t('user.reason')}
                      className="form-control form-control-sm w-auto"
                      placeholder={t('user.reasonOptional')}
                      value={reason}
                      onChange={(e) => setReason(e.target.value)}
                    />
                    {tagButton(false)}
                  </>
                ) : (
                  tagButton(true)
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
    queryFn: () => adminGet('adminUserSubscriptions', { params: { id } }),
  });
  const refund = useMutation({
    mutationFn: (subscriptionId: number) => adminSend('adminSubscriptionRefund', { params: { id: subscriptionId } }),
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
    timeColumn('currentPeriodEnd', t('user.columns.periodEnd'), 'Period end', (s) => s.currentPeriodEnd, f.instant),
    {
      key: 'endedAt',
      label: t('user.columns.ended'),
      csvLabel: 'Ended',
      text: (s) => (s.endReason ? `${f.instant(s.endedAt)} (${s.endReason})` : ''),
      csvValue: (s) => s.endedAt,
    },
    { key: 'endReason', label: t('user.columns.endReason'), csvLabel: 'End reason', text: (s) => s.endReason ?? '' },
    actionColumn('refund', t('user.columns.refund'), (s) =>
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
    ),
  ];
  return (
    <section className="mt-3" aria-labelledby="user-subscriptions-title">
      <h3 className="h6" id="user-subscriptions-title">
        {t('user.subscriptions')}
      </h3>
      <QueryTable
        query={query}
        rows={(d) => d.subscriptions}
        empty={t('user.noSubscription')}
        columns={columns}
        rowKey={(s) => String(s.id)}
        caption={t('user.subscriptions')}
        filename={`user-${id}-subscriptions.csv`}
        testId="user-subscriptions"
      />
      <Modal
        show={refunding !== null}
        onClose={() => setRefunding(null)}
        title={t('user.refundTitle')}
        testId="refund-dialog"
        footer={
          <ConfirmFooter
            onCancel={() => setRefunding(null)}
            onConfirm={() => refunding && refund.mutate(refunding.id)}
            busy={refund.isPending}
          >
            {t('user.refundConfirm')}
          </ConfirmFooter>
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
