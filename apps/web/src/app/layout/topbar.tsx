import { Dropdown } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../shared/lib/brand';
import { useAppStore } from '../../shared/store/app-store';
import { useUiStore } from '../../shared/store/ui-store';
import { useSignOut } from './use-sign-out';
import { SymbolSearch } from '../../shared/components/symbol-search';
import { Icon } from '../../shared/components/icon';
import { HelpMenu } from './help-menu';
import { NotificationBell } from '../../features/alerts/notification-bell';

/** The 52 px top bar: menu toggle, symbol search, account menu. */
export function Topbar() {
  const { t } = useTranslation('shell');
  const username = useAppStore((s) => s.me.account.username);
  const admin = useAppStore((s) => s.roles.includes('admin'));
  const layout = useAppStore((s) => s.layout);
  const setLayout = useAppStore((s) => s.setLayout);
  const mobileOpen = useUiStore((s) => s.mobileNavOpen);
  const setMobileOpen = useUiStore((s) => s.setMobileNavOpen);
  const signOut = useSignOut();
  const toggle = () => {
    if (window.matchMedia('(max-width: 991.98px)').matches) setMobileOpen(!mobileOpen);
    else setLayout({ sidebarCollapsed: !layout.sidebarCollapsed });
  };
  return (
    <header className="app-topbar" data-testid="topbar">
      {!layout.horizontal && (
        <button
          type="button"
          className="btn btn-link app-topbar__toggle"
          onClick={toggle}
          aria-label={t('topbar.toggleMenu')}
          aria-expanded={mobileOpen || !layout.sidebarCollapsed}
        >
          <Icon name="menu" />
        </button>
      )}
      <Link to="/dashboard" className="app-topbar__brand">
        {PRODUCT_NAME}
      </Link>
      <SymbolSearch shortcut />
      <HelpMenu className="ms-auto" />
      <NotificationBell />
      <Dropdown align="end">
        <Dropdown.Toggle variant="link" className="app-topbar__user" id="account-menu">
          {username || t('topbar.account')}
        </Dropdown.Toggle>
        <Dropdown.Menu>
          <Dropdown.Item as={Link} to="/profile">
            {t('topbar.profile')}
          </Dropdown.Item>
          <Dropdown.Item as={Link} to="/subscribe">
            {t('topbar.subscription')}
          </Dropdown.Item>
          {admin ? (
            <Dropdown.Item as={Link} to="/admin">
              {t('topbar.administration')}
            </Dropdown.Item>
          ) : null}
          <Dropdown.Divider />
          <Dropdown.Item as="button" onClick={() => void signOut()}>
            {t('topbar.signOut')}
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
    </header>
  );
}
