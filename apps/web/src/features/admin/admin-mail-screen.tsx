import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '@solstice/contracts';
import { useFormatters } from '../../shared/format';
import { Modal } from '../../shared/shell';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { QueryView } from '../../shared/ui/states';
import { adminGet } from './admin-api';
import { AdminNav } from './admin-nav';

type Summary = Omit<OutboxMessage, 'text' | 'html' | 'error'>;

/** /admin/mail: the mail outbox, searchable by address and template; the server hides reset links. */
export function AdminMailScreen() {
  const { t } = useTranslation(['admin', 'common']);
  const f = useFormatters();
  const [draft, setDraft] = useState({ to: '', template: '' });
  const [filter, setFilter] = useState({ to: '', template: '' });
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useQuery({
    queryKey: ['admin-outbox', filter],
    queryFn: () => adminGet<{ messages: Summary[] }>('/api/v1/admin/outbox', { ...filter, limit: 200 }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ to: draft.to.trim(), template: draft.template.trim() });
  };
  const columns: Column<Summary>[] = [
    {
      key: 'createdAt',
      label: t('mail.sent'),
      csvLabel: 'Sent',
      sortValue: (m) => m.createdAt,
      text: (m) => f.instant(m.createdAt),
      csvValue: (m) => m.createdAt,
    },
    { key: 'to', label: t('mail.to'), csvLabel: 'To', text: (m) => m.to },
    { key: 'template', label: t('mail.template'), csvLabel: 'Template', text: (m) => m.template },
    {
      key: 'subject',
      label: t('mail.subject'),
      csvLabel: 'Subject',
      text: (m) => m.subject,
      render: (m) => (
        <button type="button" className="btn btn-link btn-sm p-0 text-start" onClick={() => setOpenId(m.id)}>
          {m.subject}
        </button>
      ),
    },
    { key: 'transport', label: t('mail.transport'), csvLabel: 'Transport', text: (m) => m.transport },
    { key: 'status', label: t('mail.status'), csvLabel: 'Status', text: (m) => m.status },
  ];
  return (
    <div className="container-fluid py-3" data-testid="admin-mail">
      <h1 className="h4">{t('mail.title')}</h1>
      <AdminNav />
      <form className="row g-2 align-items-end mb-3" onSubmit={submit} role="search" aria-label={t('mail.search')}>
        <div className="col-12 col-md-4">
          <label htmlFor="outbox-to" className="form-label small mb-1">
            {t('mail.to')}
          </label>
          <input
            id="outbox-to"
            className="form-control form-control-sm"
            value={draft.to}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          />
        </div>
        <div className="col-12 col-md-3">
          <label htmlFor="outbox-template" className="form-label small mb-1">
            {t('mail.template')}
          </label>
          <input
            id="outbox-template"
            className="form-control form-control-sm"
            value={draft.template}
            onChange={(e) => setDraft((d) => ({ ...d, template: e.target.value }))}
          />
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-outline-primary btn-sm">
            {t('common:actions.search')}
          </button>
        </div>
      </form>
      <QueryView query={query} isEmpty={(d) => d.messages.length === 0} empty={t('mail.empty')}>
        {(d) => (
          <DataTable
            rows={d.messages}
            columns={columns}
            rowKey={(m) => String(m.id)}
            caption={t('mail.title')}
            filename="outbox.csv"
            initialSort={{ key: 'createdAt', desc: true }}
            testId="outbox"
          />
        )}
      </QueryView>
      <MessageDialog id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

function MessageDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const f = useFormatters();
  const query = useQuery({
    queryKey: ['admin-outbox-message', id],
    queryFn: () => adminGet<OutboxMessage>(`/api/v1/admin/outbox/${id}`),
    enabled: id !== null,
  });
  return (
    <Modal
      show={id !== null}
      onClose={onClose}
      title={query.data?.subject ?? t('mail.message')}
      size="lg"
      testId="outbox-message"
    >
      <QueryView query={query}>
        {(m) => (
          <>
            <dl className="row small">
              <dt className="col-3 fw-normal text-muted">{t('mail.to')}</dt>
              <dd className="col-9">{m.to}</dd>
              <dt className="col-3 fw-normal text-muted">{t('mail.sent')}</dt>
              <dd className="col-9">{f.instant(m.createdAt)}</dd>
              <dt className="col-3 fw-normal text-muted">{t('mail.template')}</dt>
              <dd className="col-9">{m.template}</dd>
              <dt className="col-3 fw-normal text-muted">{t('mail.status')}</dt>
              <dd className="col-9">
                {m.status}
                {m.error ? ` (${m.error})` : ''}
              </dd>
            </dl>
            {/* The text part only: the HTML part is the same message, and is never rendered here. */}
            <pre className="border rounded p-2 small mb-0" style={{ whiteSpace: 'pre-wrap' }} data-testid="outbox-text">
              {m.text}
            </pre>
          </>
        )}
      </QueryView>
    </Modal>
  );
}

export default AdminMailScreen;
