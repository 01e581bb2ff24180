import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@solstice/contracts';
import { useFormatters } from '../../shared/format';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { QueryView } from '../../shared/ui/states';
import { ADMIN_USERS_QUERY_KEY, adminGet } from './admin-api';
import { AdminNav } from './admin-nav';
import { AdminUserDetail } from './admin-user-detail';

/** /admin/users: search accounts; the chosen one's roles, subscriber tag, subscriptions and refunds. */
export function AdminUsersScreen() {
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
    { key: 'id', label: 'Id', align: 'end', sortValue: (u) => u.id, text: (u) => String(u.id) },
    {
      key: 'username',
      label: 'Username',
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
    { key: 'email', label: 'E-mail', text: (u) => u.email },
    { key: 'roles', label: 'Roles', text: (u) => u.roles.join(', ') },
    {
      key: 'subscriber',
      label: 'Subscriber',
      text: (u) => (u.subscriber ? 'Yes' : 'No'),
      csvValue: (u) => u.subscriber,
    },
    {
      key: 'createdAt',
      label: 'Joined',
      sortValue: (u) => u.createdAt,
      text: (u) => f.instant(u.createdAt),
      csvValue: (u) => u.createdAt,
    },
  ];
  return (
    <div className="container-fluid py-3" data-testid="admin-users">
      <h1 className="h4">Users</h1>
      <AdminNav />
      <form className="d-flex gap-2 mb-3" onSubmit={submit} role="search" aria-label="Search users">
        <label htmlFor="user-search" className="visually-hidden">
          E-mail or username
        </label>
        <input
          id="user-search"
          type="search"
          className="form-control form-control-sm"
          style={{ maxWidth: 320 }}
          placeholder="E-mail or username"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="btn btn-outline-primary btn-sm">
          Search
        </button>
      </form>
      <div className="row g-3">
        <div className={selected === null ? 'col-12' : 'col-12 col-xxl-6'}>
          <QueryView query={query} isEmpty={(d) => d.users.length === 0} empty="No account matches.">
            {(d) => (
              <DataTable
                rows={d.users}
                columns={columns}
                rowKey={(u) => String(u.id)}
                caption="Users"
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
