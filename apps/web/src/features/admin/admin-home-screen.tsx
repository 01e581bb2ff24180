import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADMIN_SECTIONS, AdminPage } from '../../shared/components/admin-nav';

/** /admin: the way to each admin screen. */
export function AdminHomeScreen() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('title')} testId="admin-home">
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
    </AdminPage>
  );
}

export default AdminHomeScreen;
