import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@solstice/contracts';
import { useFormatters } from '../../shared/format';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { QueryView } from '../../shared/ui/states';
import { ADMIN_USERS_QUERY_KEY, adminGet } from './admin-api';
import { AdminNav } from './admin-nav';
import { AdminUserDetail } from './admin-user-detail';

/** /admin/users: search accounts; the chosen one's roles, subscriber tag, subscriptions and refunds. */
export function AdminUsersScreen() {
  const { t } = useTranslation(['admin', 'common']);
  const f = useFormatters();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const query = useQuery({
    queryKey: [...ADMIN_USERS_QUERY_KEY, q],
    queryFn: () => adminGet<{ users: AdminUser[] }>('/api/v1/admin/users', { q, limit: 200 }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
  };
  const columns: Column<AdminUser>[] = [
    {
      key: 'id',
      label: t('users.columns.id'),
      csvLabel: 'Id',
      align: 'end',
      sortValue: (u) => u.id,
      text: (u) => String(u.id),
    },
    {
      key: 'username',
      label: t('users.columns.username'),
      csvLabel: 'Username',
      text: (u) => u.username,
      render: (u) => (
        <button
          type="button"
          className="btn btn-link btn-sm p-0"
          aria-pressed={selected === u.id}
          onClick={() => setSelected(u.id)}
        >
          {u.username}
        </button>
      ),
    },
    { key: 'email', label: t('users.columns.email'), csvLabel: 'E-mail', text: (u) => u.email },
    { key: 'roles', label: t('users.columns.roles'), csvLabel: 'Roles', text: (u) => u.roles.join(', ') },
    {
      key: 'subscriber',
      label: t('users.columns.subscriber'),
      csvLabel: 'Subscriber',
      text: (u) => (u.subscriber ? t('common:actions.yes') : t('common:actions.no')),
      csvValue: (u) => u.subscriber,
    },
    {
      key: 'createdAt',
      label: t('users.columns.joined'),
      csvLabel: 'Joined',
      sortValue: (u) => u.createdAt,
      text: (u) => f.instant(u.createdAt),
      csvValue: (u) => u.createdAt,
    },
  ];
  return (
    <div className="container-fluid py-3" data-testid="admin-users">
      <h1 className="h4">{t('users.title')}</h1>
      <AdminNav />
      <form className="d-flex gap-2 mb-3" onSubmit={submit} role="search" aria-label={t('users.search')}>
        <label htmlFor="user-search" className="visually-hidden">
          {t('users.query')}
        </label>
        <input
          id="user-search"
          type="search"
          className="form-control form-control-sm"
          style={{ maxWidth: 320 }}
          placeholder={t('users.query')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="btn btn-outline-primary btn-sm">
          {t('common:actions.search')}
        </button>
      </form>
      <div className="row g-3">
        <div className={selected === null ? 'col-12' : 'col-12 col-xxl-6'}>
          <QueryView query={query} isEmpty={(d) => d.users.length === 0} empty={t('users.empty')}>
            {(d) => (
              <DataTable
                rows={d.users}
                columns={columns}
                rowKey={(u) => String(u.id)}
                caption={t('users.title')}
                filename="users.csv"
                testId="users"
              />
            )}
          </QueryView>
        </div>
        {selected !== null ? (
          <div className="col-12 col-xxl-6">
            <AdminUserDetail id={selected} onClose={() => setSelected(null)} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

export default AdminUsersScreen;
