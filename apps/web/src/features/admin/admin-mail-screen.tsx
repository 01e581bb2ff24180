import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
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
      label: 'Sent',
      sortValue: (m) => m.createdAt,
      text: (m) => f.instant(m.createdAt),
      csvValue: (m) => m.createdAt,
    },
    { key: 'to', label: 'To', text: (m) => m.to },
    { key: 'template', label: 'Template', text: (m) => m.template },
    {
      key: 'subject',
      label: 'Subject',
      text: (m) => m.subject,
      render: (m) => (
        <button type="button" className="btn btn-link btn-sm p-0 text-start" onClick={() => setOpenId(m.id)}>
          {m.subject}
        </button>
      ),
    },
    { key: 'transport', label: 'Transport', text: (m) => m.transport },
    { key: 'status', label: 'Status', text: (m) => m.status },
  ];
  return (
    <div className="container-fluid py-3" data-testid="admin-mail">
      <h1 className="h4">Mail outbox</h1>
      <AdminNav />
      <form className="row g-2 align-items-end mb-3" onSubmit={submit} role="search" aria-label="Search the outbox">
        <div className="col-12 col-md-4">
          <label htmlFor="outbox-to" className="form-label small mb-1">
            To
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
            Template
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
            Search
          </button>
        </div>
      </form>
      <QueryView query={query} isEmpty={(d) => d.messages.length === 0} empty="No message matches.">
        {(d) => (
          <DataTable
            rows={d.messages}
            columns={columns}
            rowKey={(m) => String(m.id)}
            caption="Mail outbox"
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
      title={query.data?.subject ?? 'Message'}
      size="lg"
      testId="outbox-message"
    >
      <QueryView query={query}>
        {(m) => (
          <>
            <dl className="row small">
              <dt className="col-3 fw-normal text-muted">To</dt>
              <dd className="col-9">{m.to}</dd>
              <dt className="col-3 fw-normal text-muted">Sent</dt>
              <dd className="col-9">{f.instant(m.createdAt)}</dd>
              <dt className="col-3 fw-normal text-muted">Template</dt>
              <dd className="col-9">{m.template}</dd>
              <dt className="col-3 fw-normal text-muted">Status</dt>
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
