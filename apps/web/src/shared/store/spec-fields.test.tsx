// The specification's client-state fields (§3) that have no screen of their own are read where
// the product uses them: scanlist on the dashboard, active by the background sync, notify by
// the popups, url.full and url.cms by the help menu.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAppStore } from './app-store';
import { readPersisted } from './persisted';
import { renderScreen } from '../../testing/test-utils';
import { LastScan } from '../../features/dashboard/last-scan';
import { trackPageActivity } from '../../app/page-activity';
import { loadSwal, showError } from '../lib/popups';
import { HelpMenu } from '../../app/layout/help-menu';
import { apiUrl } from '../lib/api-client';

const store = () => useAppStore.getState();

afterEach(async () => {
  (await loadSwal()).close();
  // SweetAlert2 gives focus back 100 ms after closing: let it, before the page is torn down.
  await new Promise((resolve) => setTimeout(resolve, 150));
  store().setScanlist([]);
  store().setUrl({ full: '', cms: '' });
});

describe('scanlist: the scanner list on the dashboard', () => {
  it('lists the last scan’s symbols and removes one by its index', async () => {
    store().setScanlist([
      { symbol: 'AAPL', name: 'Apple' },
      { symbol: 'MSFT', name: null },
      { symbol: 'SPY', name: 'SPDR S&P 500' },
    ]);
    renderScreen(<LastScan />);
    expect(screen.getByText(/3 symbols matched/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'MSFT' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove MSFT from the list' }));
    expect(store().scanlist.map((s) => s.symbol)).toEqual(['AAPL', 'SPY']);
    expect(screen.queryByRole('button', { name: 'MSFT' })).toBeNull();
    expect(screen.getByText(/2 symbols matched/)).toBeInTheDocument();
  });

  it('says where the list comes from when there is none', () => {
    renderScreen(<LastScan />);
    expect(screen.getByRole('link', { name: 'open the scanner' })).toHaveAttribute('href', '/scanner');
  });

  it('a saved list of another shape is not restored', () => {
    expect(readPersisted({ scanlist: [{ symbol: 'AAPL', name: null }] }, store()).scanlist).toHaveLength(1);
    expect(readPersisted({ scanlist: ['AAPL'] }, store()).scanlist).toBeUndefined();
    expect(readPersisted({ scanlist: [{ symbol: '' }] }, store()).scanlist).toBeUndefined();
  });
});

describe('active: the page is in front', () => {
  it('follows the page’s visibility and is not persisted', () => {
    let state: DocumentVisibilityState = 'visible';
    const spy = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
    const stop = trackPageActivity();
    expect(store().active).toBe(true);
    state = 'hidden';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(store().active).toBe(false);
    stop();
    state = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(store().active).toBe(false);
    spy.mockRestore();
    expect(readPersisted({ active: true }, store())).toEqual({});
  });
});

describe('notify: the last popup', () => {
  it('the same message while its popup is open is not stacked again', async () => {
    const loaded = await loadSwal();
    const fire = vi.spyOn(loaded, 'fire');
    const first = showError('Database is down');
    await screen.findByText('Database is down');
    const again = showError('Database is down');
    await Promise.resolve();
    expect(fire).toHaveBeenCalledTimes(1);
    void showError('Another problem');
    await screen.findByText('Another problem');
    expect(fire).toHaveBeenCalledTimes(2);
    expect(store().notify).toEqual({ type: 'error', title: 'Error!', message: 'Another problem' });
    // the replaced popup's callers are answered, the repeated one with it
    await Promise.all([first, again]);
    fire.mockRestore();
  });
});

describe('url: the help menu shares this page and links the operator’s guides', () => {
  it('copies url.full; shows the guides only when the operator set an address', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    store().setUrl({ full: 'http://localhost/seasonality/pattern?symbol=AAPL' });
    renderScreen(<HelpMenu />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(screen.queryByText('Articles and guides')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy the link to this page' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/seasonality/pattern?symbol=AAPL');
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    writeText.mockRestore();
  });

  it('url.base is where the API client sends requests; url is never read back from storage', () => {
    store().setUrl({ base: '/solstice/' });
    expect(apiUrl('/api/v1/market/overview', { period: 'd' })).toBe('/solstice/api/v1/market/overview?period=d');
    store().setUrl({ base: '/' });
    expect(apiUrl('/api/v1/market/overview')).toBe('/api/v1/market/overview');
    expect(readPersisted({ url: { base: 'https://evil.example/', full: '', cms: '' } }, store())).toEqual({});
  });

  it('links url.cms in a new tab', async () => {
    store().setUrl({ cms: 'https://guides.example.com/' });
    renderScreen(<HelpMenu />);
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Articles and guides' })).toHaveAttribute(
        'href',
        'https://guides.example.com/',
      ),
    );
    expect(screen.getByRole('link', { name: 'Articles and guides' })).toHaveAttribute('target', '_blank');
  });
});
