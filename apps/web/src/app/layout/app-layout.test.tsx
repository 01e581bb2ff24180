import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, shellRoutes } from '../../testing/render-routes';
import { AppLayout } from './app-layout';
import { resetAppStore, useAppStore } from '../../shared/store/app-store';
import { useUiStore } from '../../shared/store/ui-store';

function renderLayout() {
  return renderRoutes(shellRoutes(<AppLayout />), { at: '/dashboard' }).router;
}

describe('app layout', () => {
  beforeEach(() => {
    resetAppStore();
    useAppStore.getState().setTutorialSeen(true);
    useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' } });
    useUiStore.setState({ mobileNavOpen: false });
  });

  it('has the sidebar with every tool, the top bar with the user, the sub-bar title and the footer', () => {
    renderLayout();
    const sidebar = screen.getByTestId('sidebar');
    for (const name of [
      'Dashboard',
      'Market',
      'Heatmaps',
      'Stock scanner',
      'Seasonality',
      'Pattern',
      'Calendar',
      'Best trades',
      'Seasonality scanner',
      'Profile',
      'Subscribe',
    ]) {
      expect(sidebar.querySelector(`a[title="${name}"], a`)).not.toBeNull();
      expect(screen.getAllByRole('link', { name }).length).toBeGreaterThan(0);
    }
    expect(screen.getByTestId('topbar')).toHaveTextContent('ayse');
    // one title a page: the screen's heading, none above it in the frame
    expect(screen.getByTestId('sub-bar')).toBeEmptyDOMElement();
    expect(screen.getByTestId('footer')).toBeInTheDocument();
  });

  it('applies the layout variants from the store', () => {
    renderLayout();
    const shell = screen.getByTestId('app-shell');
    expect(shell.className).toBe('app-shell');
    act(() => useAppStore.getState().setLayout({ sidebarCollapsed: true, darkSidebar: true, darkTopbar: true }));
    expect(shell).toHaveClass('app-shell--collapsed', 'app-shell--dark-sidebar', 'app-shell--dark-topbar');
    act(() => useAppStore.getState().setLayout({ horizontal: true }));
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(screen.getByTestId('horizontal-nav')).toBeInTheDocument();
    expect(shell).not.toHaveClass('app-shell--collapsed');
  });

  it('collapses the sidebar from the menu button on wide screens', async () => {
    renderLayout();
    await userEvent.click(screen.getByRole('button', { name: 'Toggle menu' }));
    expect(useAppStore.getState().layout.sidebarCollapsed).toBe(true);
  });

  it('closes the off-canvas menu on navigation', async () => {
    const router = renderLayout();
    act(() => useUiStore.getState().setMobileNavOpen(true));
    expect(screen.getByTestId('app-shell')).toHaveClass('app-shell--mobile-open');
    await act(() => router.navigate('/market'));
    await waitFor(() => expect(screen.getByTestId('app-shell')).not.toHaveClass('app-shell--mobile-open'));
    expect(screen.getByTestId('sub-bar')).toBeEmptyDOMElement();
  });
});
