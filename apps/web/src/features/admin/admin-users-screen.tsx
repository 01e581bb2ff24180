import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@solstice/contracts';
import { useFormatters } from '../../shared/format';
import type { Column } from '../../shared/tables/data-table';
import { QueryTable } from '../../shared/tables/query-table';
import { countColumn, timeColumn } from '../../shared/tables/columns';
import { HiddenLabelInput } from '../../shared/hidden-label-input';
import { ADMIN_USERS_QUERY_KEY, adminGet } from './admin-api';
import { AdminPage } from '../../shared/components/admin-nav';
import { AdminUserDetail } from './admin-user-detail';
import { useDraft } from './use-draft';

/** /admin/users: search accounts; the chosen one's roles, subscriber tag, subscriptions and refunds. */
export function AdminUsersScreen() {
  const { t } = useTranslation(['admin', 'common']);
  const f = useFormatters();
  const { inputs, trimmed } = useDraft({ q: '' });
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const query = useQuery({
    queryKey: [...ADMIN_USERS_QUERY_KEY, q],
    queryFn: () => adminGet('adminUsers', { query: { q, limit: 200 } }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQ(trimmed().q);
  };
  const columns: Column<AdminUser>[] = [
    countColumn('id', t('users.columns.id'), 'Id', (u) => u.id),
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
    timeColumn('createdAt', t('users.columns.joined'), 'Joined', (u) => u.createdAt, f.instant),
  ];
  return (
    <AdminPage title={t('users.title')} testId="admin-users">
      <form className="d-flex gap-2 mb-3" onSubmit={submit} role="search" aria-label={t('users.search')}>
        <HiddenLabelInput
          id="user-search"
          label={t('users.query')}
          type="search"
          style={{ maxWidth: 320 }}
          placeholder={t('users.query')}
          {...inputs.q}
        />
        <button type="submit" className="btn btn-outline-primary btn-sm">
          {t('common:actions.search')}
        </button>
      </form>
      <div className="row g-3">
        <div className={selected === null ? 'col-12' : 'col-12 col-xxl-6'}>
          <QueryTable
            query={query}
            rows={(d) => d.users}
            empty={t('users.empty')}
            columns={columns}
            rowKey={(u) => String(u.id)}
            caption={t('users.title')}
            filename="users.csv"
            testId="users"
          />
        </div>
        {selected !== null ? (
          <div className="col-12 col-xxl-6">
            <AdminUserDetail id={selected} onClose={() => setSelected(null)} />
          </div>
        ) : null}
      </div>
    </AdminPage>
  );
}

export default AdminUsersScreen;
