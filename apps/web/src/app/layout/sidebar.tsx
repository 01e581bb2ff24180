import { useTranslation } from 'react-i18next';
import { PrefetchLink } from './prefetch-link';
import { PRODUCT_NAME } from '../../shared/lib/brand';
import { Icon } from '../../shared/components/icon';
import { NAV_ITEMS } from './nav-items';
import { useUiStore } from '../../shared/store/ui-store';

/** The 260 px side menu; collapses to icons (expanding on hover) and is off-canvas on phones. */
export function Sidebar({ horizontal = false }: { horizontal?: boolean }) {
  const { t } = useTranslation('shell');
  const close = useUiStore((s) => s.setMobileNavOpen);
  return (
    <nav
      className={horizontal ? 'app-hnav' : 'app-sidebar'}
      data-testid={horizontal ? 'horizontal-nav' : 'sidebar'}
      aria-label={t('nav.main')}
    >
      {!horizontal && (
        <div className="app-sidebar__brand">
          <span className="app-sidebar__logo" aria-hidden="true">
            S
          </span>
          <span className="app-sidebar__label">{PRODUCT_NAME}</span>
        </div>
      )}
      <ul className="app-nav">
        {NAV_ITEMS.map((item) => (
          <li key={item.to} className="app-nav__item">
            <PrefetchLink
              to={item.to}
              end
              className="app-nav__link"
              onClick={() => close(false)}
              title={t(`nav.${item.label}`)}
            >
              <Icon name={item.icon} />
              <span className="app-sidebar__label">{t(`nav.${item.label}`)}</span>
            </PrefetchLink>
            {item.children && (
              <ul className="app-nav__sub">
                {item.children
                  .filter((c) => c.to !== item.to)
                  .map((child) => (
                    <li key={child.to}>
                      <PrefetchLink to={child.to} end className="app-nav__sublink" onClick={() => close(false)}>
                        <span className="app-sidebar__label">{t(`nav.${child.label}`)}</span>
                      </PrefetchLink>
                    </li>
                  ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
