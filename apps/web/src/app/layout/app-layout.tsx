import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../shared/store/app-store';
import { useUiStore } from '../../shared/store/ui-store';
import { Sidebar } from './sidebar';
import { Topbar } from './topbar';
import { SubBar } from './sub-bar';
import { Footer } from './footer';
import { StaleDataBanner } from './stale-data-banner';
import { SymbolDetails } from '../../shared/components/symbol-details';
import { AddToWatchlistModal } from '../../features/watchlists/add-to-watchlist-modal';

/**
 * The signed-in frame: sidebar (or horizontal menu), top bar, sub-bar, page, footer. The
 * first-run tour is beside the router (app/tour-host.tsx), so that it opens before the page.
 */
export function AppLayout() {
  const { t } = useTranslation('shell');
  const layout = useAppStore((s) => s.layout);
  const mobileOpen = useUiStore((s) => s.mobileNavOpen);
  const setMobileOpen = useUiStore((s) => s.setMobileNavOpen);
  const location = useLocation();
  useEffect(() => setMobileOpen(false), [location.pathname, setMobileOpen]);

  const classes = [
    'app-shell',
    layout.horizontal ? 'app-shell--horizontal' : '',
    layout.sidebarCollapsed && !layout.horizontal ? 'app-shell--collapsed' : '',
    layout.darkSidebar ? 'app-shell--dark-sidebar' : '',
    layout.darkTopbar ? 'app-shell--dark-topbar' : '',
    mobileOpen ? 'app-shell--mobile-open' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes} data-testid="app-shell">
      {!layout.horizontal && <Sidebar />}
      {mobileOpen && (
        <button
          type="button"
          className="app-backdrop"
          aria-label={t('topbar.closeMenu')}
          onClick={() => setMobileOpen(false)}
        />
      )}
      <div className="app-main">
        <Topbar />
        {layout.horizontal && <Sidebar horizontal />}
        <StaleDataBanner />
        <SubBar />
        <main className="app-content" id="main">
          <Outlet />
        </main>
        <Footer />
      </div>
      <SymbolDetails />
      <AddToWatchlistModal />
    </div>
  );
}
