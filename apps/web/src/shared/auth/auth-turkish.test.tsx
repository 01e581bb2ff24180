import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../../testing/render-routes';
import { PASSWORD_MAX, PASSWORD_MIN } from '@solstice/contracts';
import AuthDialogs from './auth-dialogs';
import PasswordResetDialog from './password-reset-dialog';
import { localizeMessage } from './auth-form';
import { switchLanguage } from '../i18n/i18n';
import { resetAppStore, useAppStore } from '../store/app-store';
import { expectEmptyLoginRefused } from '../../testing/auth-checks';

beforeEach(async () => {
  resetAppStore();
  useAppStore.getState().setDisplay({ locale: 'tr-TR' });
  await switchLanguage('tr');
});
afterEach(() => switchLanguage('en'));

function renderDialogs() {
  renderRoutes([{ path: '/', element: <AuthDialogs /> }]);
}

describe('the account dialogs in Turkish', () => {
  it('logs in with Turkish labels and validation messages', async () => {
    await expectEmptyLoginRefused(renderDialogs, {
      'E-posta veya kullanıcı adı': 'E-posta adresinizi veya kullanıcı adınızı girin.',
      Parola: 'Parolanızı girin.',
    });
    expect(screen.getByRole('button', { name: 'Parolanızı mı unuttunuz?' })).toBeInTheDocument();
  });

  it('signs up with the contract validators’ messages in Turkish', async () => {
    const user = userEvent.setup();
    useAppStore.getState().setShow('signup', true);
    renderDialogs();
    await user.type(await screen.findByLabelText('E-posta'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Kaydol' }));
    expect(screen.getByLabelText('E-posta')).toHaveAccessibleDescription(
      'Geçerli bir e-posta adresi girin, örneğin ad@example.com.',
    );
    expect(screen.getByLabelText('Parola')).toHaveAccessibleDescription(
      `Parola ${PASSWORD_MIN} ile ${PASSWORD_MAX} karakter arasında olmalıdır.`,
    );
    // A message without a translation (e.g. a new server one) stays as it is.
    expect(localizeMessage('Something new.')).toBe('Something new.');
  });

  it('chooses a new password in Turkish', async () => {
    const user = userEvent.setup();
    render(<PasswordResetDialog token={'a'.repeat(32)} onClose={() => undefined} onDone={() => undefined} />);
    await user.type(screen.getByLabelText('Yeni parola'), 'a long enough password');
    await user.type(screen.getByLabelText('Yeni parolayı tekrarlayın'), 'another one entirely');
    await user.click(screen.getByRole('button', { name: 'Yeni parolayı kaydet' }));
    expect(screen.getByLabelText('Yeni parolayı tekrarlayın')).toHaveAccessibleDescription(
      'İki parola birbirinden farklı.',
    );
  });
});
