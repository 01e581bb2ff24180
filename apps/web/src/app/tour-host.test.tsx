import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { SESSION_QUERY_KEY, setSessionData } from '../shared/auth/session';
import { TUTORIAL_STEPS } from '../shared/components/tutorial';
import { resetAppStore } from '../shared/store/app-store';
import { useUiStore } from '../shared/store/ui-store';
import { session } from '../../test/mock-api';
import { renderHost } from '../../test/render-tour-host';

beforeEach(() => {
  resetAppStore();
  useUiStore.setState({ tutorialOpen: false });
});

const welcome = () => TUTORIAL_STEPS[0]!.title;

describe('the tour beside the router', () => {
  it('opens on a first visit as soon as the session is confirmed, before any page has drawn', async () => {
    const { queryClient } = renderHost('/dashboard');
    // The stored user alone (maybe stale) does not open it: the server's answer does.
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => setSessionData(queryClient, session({ tutorialSeen: false })));
    expect(await screen.findByRole('dialog', { name: welcome() })).toBeInTheDocument();
  });

  it('stays closed for an account that has seen it, and for nobody signed in', async () => {
    const { queryClient } = renderHost('/dashboard');
    act(() => setSessionData(queryClient, session({ tutorialSeen: true })));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => setSessionData(queryClient, null));
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not shown on the landing page, nor on the error page', async () => {
    const landing = renderHost('/');
    act(() => setSessionData(landing.queryClient, session({ tutorialSeen: false })));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => landing.router.navigate('/nowhere'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => landing.router.navigate('/dashboard'));
    expect(await screen.findByRole('dialog', { name: welcome() })).toBeInTheDocument();
  });
});
