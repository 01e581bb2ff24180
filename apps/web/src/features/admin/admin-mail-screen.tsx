import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '@solstice/contracts';
import { useFormatters } from '../../shared/format';
import { Modal } from '../../shared/shell';
import type { Column } from '../../shared/tables/data-table';
import { QueryTable } from '../../shared/tables/query-table';
import { timeColumn } from '../../shared/tables/columns';
import { SubmitColumn, TextField } from '../../shared/ui/fields';
import { QueryView } from '../../shared/ui/states';
import { adminGet } from './admin-api';
import { AdminPage } from '../../shared/components/admin-nav';
import { useDraft } from './use-draft';

type Summary = Omit<OutboxMessage, 'text' | 'html' | 'error'>;

/** /admin/mail: the mail outbox, searchable by address and template; the server hides reset links. */
export function AdminMailScreen() {
  const { t } = useTranslation(['admin', 'common']);
  const f = useFormatters();
  const { inputs, trimmed } = useDraft({ to: '', template: '' });
  const [filter, setFilter] = useState({ to: '', template: '' });
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useQuery({
    queryKey: ['admin-outbox', filter],
    queryFn: () => adminGet('adminOutbox', { query: { ...filter, limit: 200 } }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilter(trimmed());
  };
  const columns: Column<Summary>[] = [
    timeColumn('createdAt', t('mail.sent'), 'Sent', (m) => m.createdAt, f.instant),
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
    <AdminPage title={t('mail.title')} testId="admin-mail">
      <form className="row g-2 align-items-end mb-3" onSubmit={submit} role="search" aria-label={t('mail.search')}>
        <TextField id="outbox-to" label={t('mail.to')} className="col-12 col-md-4" {...inputs.to} />
        <TextField id="outbox-template" label={t('mail.template')} className="col-12 col-md-3" {...inputs.template} />
        <SubmitColumn outline>{t('common:actions.search')}</SubmitColumn>
      </form>
      <QueryTable
        query={query}
        rows={(d) => d.messages}
        empty={t('mail.empty')}
        columns={columns}
        rowKey={(m) => String(m.id)}
        caption={t('mail.title')}
        filename="outbox.csv"
        initialSort={{ key: 'createdAt', desc: true }}
        testId="outbox"
      />
      <MessageDialog id={openId} onClose={() => setOpenId(null)} />
    </AdminPage>
  );
}

function MessageDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const f = useFormatters();
  const query = useQuery({
    queryKey: ['admin-outbox-message', id],
    queryFn: () => adminGet('adminOutboxMessage', { params: { id: id! } }),
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
