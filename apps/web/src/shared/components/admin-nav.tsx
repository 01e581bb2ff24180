import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../paths';

/** The admin screens; their label and description are `admin:sections.<key>.label` / `.about`. */
export const ADMIN_SECTIONS = [
  { to: paths.adminUsers, key: 'users' },
  { to: paths.adminProducts, key: 'products' },
  { to: paths.adminMail, key: 'mail' },
  { to: paths.adminJobs, key: 'jobs' },
  { to: paths.adminData, key: 'data' },
] as const;

/** The tabs of the admin screens. */
export function AdminNav() {
  const { t } = useTranslation('admin');
  return (
    <nav aria-label={t('title')} className="mb-3">
      <ul className="nav nav-tabs">
        {ADMIN_SECTIONS.map((s) => (
          <li className="nav-item" key={s.to}>
            <NavLink to={s.to} end className={({ isActive }) => `nav-link${isActive ? ' active' : ''}`}>
              {t(`sections.${s.key}.label`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An admin screen's frame: its heading, the tabs, then the screen. */
export function AdminPage({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <div className="container-fluid py-3" data-testid={testId}>
      <h1 className="h4">{title}</h1>
      <AdminNav />
      {children}
    </div>
  );
}
