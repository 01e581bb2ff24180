import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { startEarly } from './early-start';
import { fetchSession } from '../auth/session';
import { startLanguageSync } from './language-sync';
import { i18n } from '../i18n/i18n';
import { mockApi, session } from '../../test/mock-api';
import { resetAppStore, useAppStore } from '../store/app-store';

let api: ReturnType<typeof mockApi>;
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const meCalls = () => api.calls.filter((c) => c.path === '/api/me').length;

beforeEach(() => resetAppStore());
afterEach(() => api?.restore());

// Issue 18 (Lighthouse on /dashboard): the session no longer waits for the texts and the router.
describe('the first page’s requests, started before the texts load', () => {
  it('asks a signed-in page’s session once: its guard finds the answer', async () => {
    api = mockApi({ 'GET /api/me': () => ({ status: 200, body: session({ locale: 'en-US' }) }) });
    const client = newClient();
    startEarly('/Dashboard/', client);
    await waitFor(() => expect(meCalls()).toBe(1));
    expect((await fetchSession(client))?.data.username).toBe('ayse');
    expect(meCalls()).toBe(1);
  });

  it('asks nothing about a visitor on the landing page or on a path that names no page', async () => {
    api = mockApi({});
    startEarly('/', newClient());
    startEarly('/no-such-page', newClient());
    await new Promise((r) => setTimeout(r, 50));
    expect(meCalls()).toBe(0);
  });

  it('lets the account’s language that arrived while the texts loaded win', async () => {
    await i18n.changeLanguage('en');
    useAppStore.getState().setDisplay({ locale: 'en-US' });
    api = mockApi({});
    const started = startLanguageSync();
    // The session's answer lands before the texts have loaded.
    useAppStore.getState().setDisplay({ locale: 'tr-TR' });
    const stop = await started;
    await waitFor(() => expect(i18n.language).toBe('tr'));
    expect(document.documentElement.lang).toBe('tr');
    stop();
  });
});
