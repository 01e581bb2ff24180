import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADMIN_SECTIONS, AdminNav } from './admin-nav';

/** /admin: the way to each admin screen. */
export function AdminHomeScreen() {
  const { t } = useTranslation('admin');
  return (
    <div className="container-fluid py-3" data-testid="admin-home">
      <h1 className="h4">{t('title')}</h1>
      <AdminNav />
      <div className="row g-3">
        {ADMIN_SECTIONS.map((s) => (
          <div className="col-12 col-md-6 col-xl-4" key={s.to}>
            <section className="card h-100">
              <div className="card-body">
                <h2 className="h6">
                  <Link to={s.to}>{t(`sections.${s.key}.label`)}</Link>
                </h2>
                <p className="small text-muted mb-0">{t(`sections.${s.key}.about`)}</p>
              </div>
            </section>
          </div>
        ))}
      </div>
    </div>
  );
}

export default AdminHomeScreen;
