import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderScreen } from '../../testing/test-utils';
import { adminJob, adminProduct, RESET_MAIL } from '../../testing/admin-fixtures';
import { renderApp } from '../../testing/render-app';
import { mockApi, session } from '../../../test/mock-api';
import { resetAppStore, useAppStore } from '../../shared/store/app-store';
import { AdminProductsScreen, toCents } from './admin-products-screen';
import { AdminMailScreen } from './admin-mail-screen';
import { AdminJobsScreen } from './admin-jobs-screen';

const PRO = adminProduct();

describe('the admin products screen', () => {
  it('reads an amount in dollars as cents', () => {
    expect([toCents('29'), toCents('29.5'), toCents('29,50'), toCents('0'), toCents('2.999'), toCents('x')]).toEqual([
      2900,
      2950,
      2950,
      null,
      null,
      null,
    ]);
  });

  it('lists products and prices, adds a price, retires one, hides a product', async () => {
    const { requests } = mockFetch([
      { path: '/api/v1/admin/products', body: [PRO] },
      { method: 'POST', path: '/api/v1/admin/products/1/prices', status: 201, body: PRO },
      { method: 'DELETE', path: '/api/v1/admin/prices/11', body: PRO },
      { method: 'PATCH', path: '/api/v1/admin/products/1', body: PRO },
      { method: 'DELETE', path: '/api/v1/admin/products/1', body: { deleted: true, archived: false } },
    ]);
    const user = userEvent.setup();
    renderScreen(<AdminProductsScreen />, { url: '/admin/products' });
    const card = await screen.findByTestId('product-1');
    expect(within(card).getByRole('cell', { name: '$29.00' })).toBeInTheDocument();

    await user.type(within(card).getByLabelText('New price (USD)'), 'abc');
    await user.click(within(card).getByRole('button', { name: 'Add price' }));
    expect(within(card).getByText('Give an amount such as 29 or 29.50.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(within(card).getByLabelText('New price (USD)'));
    await user.type(within(card).getByLabelText('New price (USD)'), '290');
    await user.selectOptions(within(card).getByLabelText('Every'), 'year');
    await user.click(within(card).getByRole('button', { name: 'Add price' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        amount: 29000,
        currency: 'usd',
        interval: 'year',
      }),
    );
    await user.click(within(card).getByRole('button', { name: 'Retire' }));
    await user.click(within(card).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ active: false }));
    expect(requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/api/v1/admin/prices/11')).toBe(true);

    // Deleting asks first.
    await user.click(within(card).getByRole('button', { name: 'Delete Solstice Pro' }));
    expect(requests.some((r) => r.url.pathname === '/api/v1/admin/products/1' && r.method === 'DELETE')).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname === '/api/v1/admin/products/1' && r.method === 'DELETE')).toBe(true),
    );
  });
});

describe('the mail outbox screen', () => {
  it('lists messages, filters by address, and shows a message’s text as the server gives it', async () => {
    const message = RESET_MAIL;
    const { requests } = mockFetch([
      { path: '/api/v1/admin/outbox', body: { messages: [message] } },
      {
        path: '/api/v1/admin/outbox/5',
        body: {
          ...message,
          text: 'Open https://solstice.example/?reset=[redacted] to choose a new password.',
          html: '',
          error: null,
        },
      },
    ]);
    const user = userEvent.setup();
    renderScreen(<AdminMailScreen />, { url: '/admin/mail' });
    const table = await screen.findByTestId('outbox');
    expect(table).toHaveTextContent('password-reset');
    await user.type(screen.getByLabelText('To'), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('to')).toBe('ada@'));
    await user.click(within(await screen.findByTestId('outbox')).getByRole('button', { name: message.subject }));
    const text = await screen.findByTestId('outbox-text');
    expect(text).toHaveTextContent('reset=[redacted]');
  });
});

describe('the jobs screen', () => {
  it('shows the counts, due and failed jobs, and runs due jobs now', async () => {
    let ran = false;
    const { requests } = mockFetch([
      {
        path: '/api/v1/admin/jobs',
        respond: () => ({
          body: {
            due: ran ? [] : [adminJob({ id: 1 })],
            failed: [
              adminJob({ id: 2, kind: 'data-update', status: 'failed', attempts: 5, lastError: 'provider down' }),
            ],
            recent: [],
            counts: { pending: ran ? 0 : 1, due: ran ? 0 : 1, done: ran ? 1 : 0, failed: 1 },
          },
        }),
      },
      {
        method: 'POST',
        path: '/api/v1/admin/jobs/run',
        respond: () => {
          ran = true;
          return { body: { ran: 1 } };
        },
      },
    ]);
    const user = userEvent.setup();
    renderScreen(<AdminJobsScreen />, { url: '/admin/jobs' });
    expect(await screen.findByTestId('jobs-due')).toHaveTextContent('mail:1');
    expect(screen.getByTestId('jobs-failed')).toHaveTextContent('provider down');
    expect(screen.getByText('No job has run yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run due jobs now' }));
    expect(await screen.findByText('1 job ran.')).toBeInTheDocument();
    expect(await screen.findByText('No job is due.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});

describe('the /admin routes', () => {
  let api: ReturnType<typeof mockApi> | undefined;
  afterEach(() => {
    api?.restore();
    resetAppStore();
  });

  function renderAt(path: string, roles: string[]) {
    resetAppStore();
    useAppStore.getState().setTutorialSeen(true);
    api = mockApi({
      'GET /api/me': () => ({ status: 200, body: { ...session(), roles } }),
      'GET /api/v1/market/freshness': () => ({
        status: 200,
        body: { asOf: '2026-11-20', lastSession: '2026-11-20', tradingDaysBehind: 0 },
      }),
      'GET /api/v1/admin/jobs': () => ({
        status: 200,
        body: { due: [], failed: [], recent: [], counts: { pending: 0, due: 0, done: 0, failed: 0 } },
      }),
    });
    renderApp(path);
  }

  it.each(['/admin', '/admin/users', '/admin/products', '/admin/mail', '/admin/jobs'])(
    'shows a member the 404 page at %s and asks nothing of the admin API',
    async (path) => {
      renderAt(path, ['member']);
      expect(await screen.findByText('This page could not be found', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(api!.calls.map((c) => c.path).filter((p) => p.startsWith('/api/v1/admin'))).toEqual([]);
    },
  );

  it('shows an admin the admin home with a way to every admin screen', async () => {
    renderAt('/admin', ['member', 'admin']);
    const home = await screen.findByTestId('admin-home', {}, { timeout: 5000 });
    const links = within(home)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(new Set(links)).toEqual(
      new Set(['/admin/users', '/admin/products', '/admin/mail', '/admin/jobs', '/admin/data']),
    );
  });

  it('shows an admin the jobs screen inside the shell', async () => {
    renderAt('/admin/jobs', ['member', 'admin']);
    expect(await screen.findByTestId('job-counts', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByTestId('sub-bar')).toBeEmptyDOMElement();
  });
});
