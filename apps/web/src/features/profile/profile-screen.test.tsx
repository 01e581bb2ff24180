import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderScreen, serverError } from '../../testing/test-utils';
import { activeSubscription, adaMe, alertMailOn } from '../../testing/account-fixtures';
import { validationFailed } from '../../../test/mock-api';
import { ProfileScreen } from './profile-screen';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const me = adaMe;
const alertMail = alertMailOn;
const active = activeSubscription();

describe('profile screen', () => {
  it('shows the account, the subscription with its renewal date, and cancels it', async () => {
    const { requests } = mockFetch([
      me,
      alertMail,
      { path: '/api/v1/subscription', body: active },
      { method: 'POST', path: '/api/v1/subscription/cancel', body: { ...active, cancelAtPeriodEnd: true } },
    ]);
    renderScreen(<ProfileScreen />, { url: '/profile' });
    const account = await screen.findByTestId('account');
    expect(account).toHaveTextContent('ada@example.com');
    expect(account).toHaveTextContent('01/02/2026');
    const status = await screen.findByTestId('subscription-status');
    expect(status).toHaveTextContent('Active');
    expect(status).toHaveTextContent('Solstice Pro');
    expect(screen.getByTestId('renewal-date')).toHaveTextContent('12/21/2026');
    expect(within(status).getByText('Renews on')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel at the end of the period' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('subscription-status')).getByText('Ends on')).toBeInTheDocument(),
    );
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/v1/subscription/cancel')).toBe(true);
    expect(screen.getByTestId('preferences-panel')).toBeInTheDocument();
  });

  it('changes the password, checking the fields first', async () => {
    const { requests } = mockFetch([
      me,
      alertMail,
      {
        path: '/api/v1/subscription',
        body: { ...active, status: 'none', product: null, price: null, currentPeriodEnd: null, subscriber: false },
      },
      { method: 'POST', path: '/api/auth/password', body: me.body },
    ]);
    renderScreen(<ProfileScreen />, { url: '/profile' });
    expect(await screen.findByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscribe');
    await userEvent.type(screen.getByLabelText('Current password'), 'old-password-1');
    await userEvent.type(screen.getByLabelText('New password (10 to 128 characters)'), 'short');
    await userEvent.type(screen.getByLabelText('New password again'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('The two new passwords differ.')).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === '/api/auth/password')).toBe(false);
    await userEvent.clear(screen.getByLabelText('New password (10 to 128 characters)'));
    await userEvent.type(screen.getByLabelText('New password (10 to 128 characters)'), 'a-much-longer-password');
    await userEvent.clear(screen.getByLabelText('New password again'));
    await userEvent.type(screen.getByLabelText('New password again'), 'a-much-longer-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Your password was changed/)).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/api/auth/password')!.body).toEqual({
      currentPassword: 'old-password-1',
      newPassword: 'a-much-longer-password',
    });
  });

  it('refuses the username as the new password, and shows the server’s refusal under the field', async () => {
    const common = 'This password is on lists of common or leaked passwords; choose another one.';
    const { requests } = mockFetch([
      me,
      alertMail,
      { path: '/api/v1/subscription', body: active },
      { method: 'POST', path: '/api/auth/password', ...validationFailed('body.newPassword', common) },
    ]);
    renderScreen(<ProfileScreen />, { url: '/profile' });
    await screen.findByTestId('account');
    const next = screen.getByLabelText('New password (10 to 128 characters)');
    await userEvent.type(screen.getByLabelText('Current password'), 'old-password-1');
    await userEvent.type(next, 'ADA@example.com');
    await userEvent.type(screen.getByLabelText('New password again'), 'ADA@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(next).toHaveAccessibleDescription('A password must not be your e-mail address or username.');
    expect(requests.some((r) => r.url.pathname === '/api/auth/password')).toBe(false);
    await userEvent.clear(next);
    await userEvent.type(next, 'qwertyuiop');
    await userEvent.clear(screen.getByLabelText('New password again'));
    await userEvent.type(screen.getByLabelText('New password again'), 'qwertyuiop');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(next).toHaveAccessibleDescription(common));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows loading errors in place', async () => {
    mockFetch([
      { path: '/api/me', ...serverError('me failed') },
      alertMail,
      { path: '/api/v1/subscription', ...serverError('billing failed') },
    ]);
    renderScreen(<ProfileScreen />, { url: '/profile' });
    await waitFor(() => expect(screen.getAllByTestId('error-state')).toHaveLength(2));
  });

  it('turns the alert mail digest off and on', async () => {
    const { requests } = mockFetch([
      me,
      alertMail,
      { path: '/api/v1/subscription', body: active },
      { method: 'PUT', path: '/api/v1/me/alert-mail', respond: ({ body }) => ({ body }) },
    ]);
    renderScreen(<ProfileScreen />);
    const toggle = await screen.findByRole('switch', { name: /One mail a day/ });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ alertMail: false });
  });
});
