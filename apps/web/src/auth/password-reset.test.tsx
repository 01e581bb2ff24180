import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { MESSAGES } from '@solstice/contracts';
import AuthDialogs from './auth-dialogs';
import { PasswordResetHost } from './password-reset-host';
import { PASSWORDS_DIFFER, RESET_SUCCESS_MESSAGE } from './password-reset-dialog';
import { resetAppStore, useAppStore } from '../store/app-store';
import { mockApi } from '../../test/mock-api';
import { loadSwal } from '../lib/popups';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz_0123456789-AB';

let api: ReturnType<typeof mockApi> | undefined;
beforeEach(() => resetAppStore());
afterEach(async () => {
  api?.restore();
  api = undefined;
  (await loadSwal()).close();
});

/** The frame as the app has it: the reset host beside the routes, the dialogs on `/`. */
function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <PasswordResetHost />
          </>
        ),
        children: [{ path: '/', element: <AuthDialogs /> }],
      },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('forgot password (login dialog)', () => {
  it('asks for the e-mail with the validator’s message, requests a link and answers neutrally', async () => {
    api = mockApi({
      'POST /api/auth/password-reset/request': () => ({ status: 202, body: { data: { status: 'accepted' } } }),
    });
    const user = userEvent.setup();
    useAppStore.getState().setShow('login', true);
    renderAt('/');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(email).toHaveAccessibleDescription(MESSAGES.email);
    expect(api.calls).toEqual([]);
    await user.type(email, ' ayse@example.com {Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account uses this address, we have sent it a link to choose a new password.',
    );
    expect(api.calls).toEqual([
      { method: 'POST', path: '/api/auth/password-reset/request', body: { email: 'ayse@example.com' } },
    ]);
    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByLabelText('E-mail or username')).toBeInTheDocument();
  });
});

describe('choose a new password (/?reset=TOKEN)', () => {
  it('checks the fields, confirms with the token, shows success, then the login dialog', async () => {
    api = mockApi({ 'POST /api/auth/password-reset/confirm': () => ({ status: 204 }) });
    const user = userEvent.setup();
    const router = renderAt(`/?reset=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    const password = screen.getByLabelText('New password');
    await waitFor(() => expect(password).toHaveFocus());
    await user.keyboard('short{Enter}');
    expect(password).toHaveAccessibleDescription(MESSAGES.password);
    await user.clear(password);
    await user.type(password, 'a brand new password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a brand new passwort{Enter}');
    expect(screen.getByLabelText('Repeat the new password')).toHaveAccessibleDescription(PASSWORDS_DIFFER);
    expect(api.calls).toEqual([]);
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'a brand new password{Enter}');
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(screen.getByText(RESET_SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/api/auth/password-reset/confirm',
        body: { token: TOKEN, newPassword: 'a brand new password' },
      },
    ]);
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('heading', { name: 'Choose a new password' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByLabelText('E-mail or username')).toBeInTheDocument();
    expect(useAppStore.getState().show.login).toBe(true);
  });

  it('shows the server’s message for a used or expired link, in the dialog', async () => {
    const message = 'This reset link is invalid, used or expired; ask for a new one.';
    api = mockApi({
      'POST /api/auth/password-reset/confirm': () => ({
        status: 400,
        body: { error: { code: 'validation_failed', message, details: { issues: [{ path: 'body.token', message }] } } },
      }),
    });
    const user = userEvent.setup();
    renderAt(`/?reset=${TOKEN}`);
    await user.type(await screen.findByLabelText('New password'), 'a brand new password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a brand new password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText('Error!')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(useAppStore.getState().show.login).toBe(false);
  });

  it('shows the server’s refusal of a common password under the field and keeps the dialog', async () => {
    api = mockApi({
      'POST /api/auth/password-reset/confirm': () => ({
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: MESSAGES.passwordCommon,
            details: { issues: [{ path: 'body.newPassword', message: MESSAGES.passwordCommon }] },
          },
        },
      }),
    });
    const user = userEvent.setup();
    renderAt(`/?reset=${TOKEN}`);
    await user.type(await screen.findByLabelText('New password'), '1234567890');
    await user.type(screen.getByLabelText('Repeat the new password'), '1234567890{Enter}');
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(MESSAGES.passwordCommon),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
  });

  it('a malformed link is refused without asking the server', async () => {
    api = mockApi({});
    const user = userEvent.setup();
    renderAt('/?reset=abc');
    await user.type(await screen.findByLabelText('New password'), 'a brand new password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a brand new password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The reset link is invalid.');
    expect(api.calls).toEqual([]);
  });
});
