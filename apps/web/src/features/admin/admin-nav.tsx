import { NavLink } from 'react-router';
import { paths } from '../../app/paths';

export const ADMIN_SECTIONS = [
  {
    to: paths.adminUsers,
    label: 'Users',
    about: 'Search accounts, roles, the subscriber tag, subscriptions and refunds.',
  },
  { to: paths.adminProducts, label: 'Products and prices', about: 'The plans people can subscribe to.' },
  { to: paths.adminMail, label: 'Mail outbox', about: 'Every message sent or stored (reset links hidden).' },
  { to: paths.adminJobs, label: 'Jobs', about: 'Due and failed background jobs; run due jobs now.' },
  { to: paths.adminData, label: 'Market data', about: 'Instruments, imports and updates; run an update now.' },
] as const;

/** The tabs of the admin screens. */
export function AdminNav() {
  return (
    <nav aria-label="Administration" className="mb-3">
      <ul className="nav nav-tabs">
        {ADMIN_SECTIONS.map((s) => (
          <li className="nav-item" key={s.to}>
            <NavLink to={s.to} end className={({ isActive }) => `nav-link${isActive ? ' active' : ''}`}>
              {s.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
