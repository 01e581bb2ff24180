import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../../testing/render-routes';
import { MESSAGES } from '@solstice/contracts';
import AuthDialogs from './auth-dialogs';
import { useAppStore } from '../store/app-store';
import { session, validationFailed } from '../../../test/mock-api';
import { mockApiEachTest } from '../../testing/mock-api-each-test';
import { expectEmptyLoginRefused } from '../../testing/auth-checks';

const mockApi = mockApiEachTest();

function renderDialogs() {
  return renderRoutes([
    { path: '/', element: <AuthDialogs /> },
    { path: '/dashboard', element: <h1>Dashboard page</h1> },
  ]);
}

describe('login dialog', () => {
  it('shows the validators’ messages next to the labelled fields', async () => {
    await expectEmptyLoginRefused(renderDialogs, {
      'E-mail or username': 'Enter your e-mail address or username.',
      Password: 'Enter your password.',
    });
  });

  it('logs in by keyboard: store from data/roles, toast, then the dashboard', async () => {
    const api = mockApi({ 'POST /api/auth/login': () => ({ status: 200, body: session() }) });
    const user = userEvent.setup();
    useAppStore.getState().setShow('login', true);
    const { router } = renderDialogs();
    await user.type(await screen.findByLabelText('E-mail or username'), 'ayse');
    await user.tab();
    await user.keyboard('correct horse battery{Enter}');
    expect(await screen.findByText('Signed in successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.calls[0]).toMatchObject({ method: 'POST', body: { login: 'ayse', password: 'correct horse battery' } });
    expect(useAppStore.getState().user).toMatchObject({ id: 1, username: 'ayse' });
    expect(useAppStore.getState().roles).toEqual(['member']);
    expect(useAppStore.getState().show.login).toBe(false);
  });

  it('shows a refused login as the error popup', async () => {
    mockApi({
      'POST /api/auth/login': () => ({
        status: 401,
        body: { error: { code: 'unauthorized', message: 'Wrong e-mail, username or password.' } },
      }),
    });
    const user = userEvent.setup();
    useAppStore.getState().setShow('login', true);
    renderDialogs();
    await user.type(await screen.findByLabelText('E-mail or username'), 'ayse');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Error!')).toBeInTheDocument();
    expect(screen.getByText('Wrong e-mail, username or password.')).toBeInTheDocument();
    expect(useAppStore.getState().user).toBeNull();
  });
});

describe('signup dialog', () => {
  it('checks the fields with the contract validators and signs up', async () => {
    mockApi({ 'POST /api/auth/signup': () => ({ status: 201, body: session({ username: 'newbie' }) }) });
    const user = userEvent.setup();
    useAppStore.getState().setShow('signup', true);
    const { router } = renderDialogs();
    await user.type(await screen.findByLabelText('E-mail'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(MESSAGES.email);
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'new@example.com');
    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('Password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(useAppStore.getState().me.account.username).toBe('newbie');
  });

  it('refuses a password equal to the username itself, and shows the server’s refusal of a common one', async () => {
    const api = mockApi({
      'POST /api/auth/signup': () => validationFailed('body.password', MESSAGES.passwordCommon),
    });
    const user = userEvent.setup();
    useAppStore.getState().setShow('signup', true);
    renderDialogs();
    await user.type(await screen.findByLabelText('E-mail'), 'ada.lovelace@example.com');
    await user.type(screen.getByLabelText('Username'), 'AdaLovelace');
    await user.type(screen.getByLabelText('Password'), 'adalovelace');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(MESSAGES.passwordPersonal);
    expect(api.calls).toEqual([]);
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(MESSAGES.passwordCommon));
  });
});
