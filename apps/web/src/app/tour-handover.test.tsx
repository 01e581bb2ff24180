import { beforeEach, describe, expect, it } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { setSessionData } from '../shared/auth/session';
import { resetAppStore } from '../shared/store/app-store';
import { useUiStore } from '../shared/store/ui-store';
import { session } from '../../test/mock-api';
import { renderHost } from '../../test/render-tour-host';
import { tourMarkup } from './prerender/tour-markup';
import { TOUR_PRERENDER_ID } from '../shared/prerender-id';

// A file of its own: the tour's chunk is not loaded yet when the first test starts (each test
// file has its own modules), as on a page's first load.

beforeEach(() => {
  resetAppStore();
  useUiStore.setState({ tutorialOpen: false });
});

// The server sends an account that has not seen the tour its first step in the page (issue 18).
describe('the server’s first step of the tour', () => {
  const prerendered = () => document.getElementById(TOUR_PRERENDER_ID) !== null;
  const appTour = () => document.querySelector('[data-testid="tutorial"]') !== null;
  const withServerStep = async () => document.body.insertAdjacentHTML('afterbegin', await tourMarkup('en'));

  it('stays until the app’s tour opens, and leaves in the very change that brings it', async () => {
    await withServerStep();
    const seen: Array<[boolean, boolean]> = [];
    const observer = new MutationObserver(() => seen.push([prerendered(), appTour()]));
    observer.observe(document.body, { childList: true, subtree: true });
    const { queryClient } = renderHost('/dashboard');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(prerendered()).toBe(true);
    // Outside act(), so React paces its work as in the browser: its layout effects in the task
    // that commits, its passive effects in a later one, after which the browser may have painted.
    setSessionData(queryClient, session({ tutorialSeen: false }));
    await waitFor(() => expect(appTour()).toBe(true));
    observer.disconnect();
    expect(prerendered()).toBe(false);
    // Never both on screen, never neither: one step, handed over.
    expect(seen.filter(([server, app]) => server === app)).toEqual([]);
  });

  it('leaves once the account turns out to have seen it, or nobody is signed in', async () => {
    await withServerStep();
    const seenIt = renderHost('/dashboard');
    act(() => setSessionData(seenIt.queryClient, session({ tutorialSeen: true })));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(prerendered()).toBe(false);
    expect(appTour()).toBe(false);

    await withServerStep();
    const nobody = renderHost('/dashboard');
    act(() => setSessionData(nobody.queryClient, null));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(prerendered()).toBe(false);
  });

  it('leaves on the error page, before any session has been confirmed', async () => {
    await withServerStep();
    renderHost('/nowhere');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(prerendered()).toBe(false);
  });
});
