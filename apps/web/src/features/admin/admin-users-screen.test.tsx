import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser } from '@solstice/contracts';
import { mockFetch, renderScreen } from '../../testing/test-utils';
import { ADA, adminSubscription } from '../../testing/admin-fixtures';
import { AdminUsersScreen } from './admin-users-screen';

const BOB: AdminUser = { ...ADA, id: 8, email: 'bob@example.com', username: 'bob', subscriber: false };
const SUBSCRIPTION = adminSubscription();

function serve() {
  let ada = { ...ADA };
  let refunded = false;
  return mockFetch([
    {
      path: '/api/v1/admin/users',
      respond: ({ url }) => {
        const q = url.searchParams.get('q') ?? '';
        return { body: { users: [ada, BOB].filter((u) => u.email.includes(q) || u.username.includes(q)) } };
      },
    },
    { path: '/api/v1/admin/users/7', respond: () => ({ body: ada }) },
    {
      path: '/api/v1/admin/users/7/subscriptions',
      respond: () => ({
        body: {
          subscriptions: [
            refunded
              ? { ...SUBSCRIPTION, status: 'ended', endReason: 'refunded', endedAt: '2026-11-23T10:00:00.000Z' }
              : SUBSCRIPTION,
          ],
        },
      }),
    },
    {
      method: 'PUT',
      path: '/api/v1/admin/users/7/roles',
      respond: ({ body }) => {
        ada = { ...ada, roles: (body as { roles: AdminUser['roles'] }).roles };
        return { body: ada };
      },
    },
    {
      method: 'DELETE',
      path: '/api/v1/admin/users/7/subscriber',
      respond: () => {
        ada = { ...ada, subscriber: false };
        return { body: { id: 1, tag_ids: [] } };
      },
    },
    {
      method: 'POST',
      path: '/api/v1/admin/subscriptions/31/refund',
      respond: () => {
        refunded = true;
        return { body: { refunded: true } };
      },
    },
  ]);
}

describe('the admin users screen', () => {
  it('searches accounts and shows one with its roles, subscriber tag and subscriptions', async () => {
    const { requests } = serve();
    const user = userEvent.setup();
    renderScreen(<AdminUsersScreen />, { url: '/admin/users' });
    const table = await screen.findByTestId('users');
    expect(within(table).getByRole('button', { name: 'bob' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail or username'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(within(screen.getByTestId('users')).queryByRole('button', { name: 'bob' })).toBeNull());
    expect(requests.at(-1)?.url.searchParams.get('q')).toBe('ada');

    await user.click(within(screen.getByTestId('users')).getByRole('button', { name: 'ada' }));
    const detail = await screen.findByTestId('user-detail');
    expect(await within(detail).findByRole('heading', { name: /ada/ })).toBeInTheDocument();
    expect(within(detail).getByTestId('subscriber-tag')).toHaveTextContent('Subscriber tag: yes');
    const subs = await within(detail).findByTestId('user-subscriptions');
    // Money in the one format of the app (the default display locale is tr-TR).
    expect(subs).toHaveTextContent('$29.00 / month');
    expect(subs).toHaveTextContent('active');
  });

  it('makes an admin, removes the subscriber tag with a reason, and refunds after confirming', async () => {
    const { requests } = serve();
    const user = userEvent.setup();
    renderScreen(<AdminUsersScreen />, { url: '/admin/users' });
    await user.click(within(await screen.findByTestId('users')).getByRole('button', { name: 'ada' }));
    const detail = await screen.findByTestId('user-detail');

    await user.click(await within(detail).findByRole('switch', { name: 'Administrator' }));
    await waitFor(() => expect(within(detail).getByRole('switch', { name: 'Administrator' })).toBeChecked());
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ roles: ['member', 'admin'] });

    await user.type(within(detail).getByLabelText('Reason'), 'chargeback');
    await user.click(within(detail).getByRole('button', { name: 'Remove the subscriber tag' }));
    await waitFor(() => expect(within(detail).getByTestId('subscriber-tag')).toHaveTextContent('Subscriber tag: no'));
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({ reason: 'chargeback' });

    await user.click(await within(detail).findByRole('button', { name: 'Refund Solstice Pro (31)' }));
    const dialog = await screen.findByTestId('refund-dialog');
    expect(requests.some((r) => r.url.pathname.endsWith('/refund'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Refund and end it now' }));
    expect(await within(detail).findByText('Refunded')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === '/api/v1/admin/subscriptions/31/refund')).toHaveLength(1);
  });

  it('shows the server’s refusal (an admin removing their own role)', async () => {
    mockFetch([
      { path: '/api/v1/admin/users', body: { users: [{ ...ADA, roles: ['member', 'admin'] }] } },
      { path: '/api/v1/admin/users/7', body: { ...ADA, roles: ['member', 'admin'] } },
      { path: '/api/v1/admin/users/7/subscriptions', body: { subscriptions: [] } },
      {
        method: 'PUT',
        path: '/api/v1/admin/users/7/roles',
        status: 409,
        body: { error: { code: 'conflict', message: 'You cannot remove your own admin role; ask another admin.' } },
      },
    ]);
    const user = userEvent.setup();
    renderScreen(<AdminUsersScreen />, { url: '/admin/users' });
    await user.click(within(await screen.findByTestId('users')).getByRole('button', { name: 'ada' }));
    await user.click(await screen.findByRole('switch', { name: 'Administrator' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot remove your own admin role');
    expect(await screen.findByText('No subscription yet.')).toBeInTheDocument();
  });
});
