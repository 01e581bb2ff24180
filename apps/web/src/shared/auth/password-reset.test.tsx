import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { renderRoutes } from '../../testing/render-routes';
import { MESSAGES } from '@solstice/contracts';
import AuthDialogs from './auth-dialogs';
import { PasswordResetHost } from './password-reset-host';
import { PASSWORDS_DIFFER, RESET_SUCCESS_MESSAGE } from './password-reset-dialog';
import { useAppStore } from '../store/app-store';
import { validationFailed } from '../../../test/mock-api';
import { mockApiEachTest } from '../../testing/mock-api-each-test';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz_0123456789-AB';

const mockApi = mockApiEachTest();

/** The frame as the app has it: the reset host beside the routes, the dialogs on `/`. */
function renderAt(entry: string) {
  const frame = (
    <>
      <Outlet />
      <PasswordResetHost />
    </>
  );
  return renderRoutes([{ element: frame, children: [{ path: '/', element: <AuthDialogs /> }] }], { at: entry }).router;
}

describe('forgot password (login dialog)', () => {
  it('asks for the e-mail with the validator’s message, requests a link and answers neutrally', async () => {
    const api = mockApi({
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
    const api = mockApi({ 'POST /api/auth/password-reset/confirm': () => ({ status: 204 }) });
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
    mockApi({
      'POST /api/auth/password-reset/confirm': () => validationFailed('body.token', message),
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
    mockApi({
      'POST /api/auth/password-reset/confirm': () => validationFailed('body.newPassword', MESSAGES.passwordCommon),
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
    const api = mockApi({});
    const user = userEvent.setup();
    renderAt('/?reset=abc');
    await user.type(await screen.findByLabelText('New password'), 'a brand new password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a brand new password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The reset link is invalid.');
    expect(api.calls).toEqual([]);
  });
});
