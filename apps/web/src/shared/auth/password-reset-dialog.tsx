import { useState, type FormEvent } from 'react';
import { passwordResetConfirmSchema } from '@solstice/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '../lib/api-client';
import { showSuccess } from '../lib/popups';
import { Modal } from '../components/modal';
import { Field, SubmitButton } from './auth-fields';
import { serverFieldErrors, validateFields } from './auth-form';

/** The English texts (auth:reset.success, auth:reset.passwordsDiffer): the ones shown follow the language. */
export const RESET_SUCCESS_MESSAGE = 'Your password is changed. Log in with the new one.';
export const PASSWORDS_DIFFER = 'The two passwords differ.';

export interface PasswordResetDialogProps {
  /** The single-use token of the e-mailed link (`/?reset=TOKEN`). */
  token: string;
  /** Closes the dialog (drops the token from the address). */
  onClose: () => void;
  /** After the success popup: the login dialog. */
  onDone: () => void;
}

/** "Choose a new password" for the link of a password-reset e-mail. */
export default function PasswordResetDialog({ token, onClose, onDone }: PasswordResetDialogProps) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState({ newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<{ newPassword?: string; confirm?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateFields<'token' | 'newPassword'>(passwordResetConfirmSchema, {
      token,
      newPassword: values.newPassword,
    });
    const next = {
      newPassword: found.newPassword,
      confirm: !found.newPassword && values.confirm !== values.newPassword ? t('reset.passwordsDiffer') : undefined,
    };
    setErrors(next);
    setProblem(found.token ?? null);
    if (found.token || next.newPassword || next.confirm) return;
    setBusy(true);
    try {
      // quiet: the dialog shows the server's message itself, next to the form.
      await callApi('passwordResetConfirm', { body: { token, newPassword: values.newPassword } }, { quiet: true });
      onClose();
      await showSuccess(t('reset.success'));
      onDone();
    } catch (error) {
      const fields = serverFieldErrors(error, ['newPassword'] as const);
      setErrors(fields);
      if (!fields.newPassword) setProblem(error instanceof ApiError ? error.message : t('reset.error'));
    } finally {
      setBusy(false);
    }
  };

  /** A new-password input bound to one of the two values. */
  const password = (key: keyof typeof values) => ({
    type: 'password',
    autoComplete: 'new-password',
    value: values[key],
    error: errors[key],
    onChange: (value: string) => setValues((v) => ({ ...v, [key]: value })),
  });
  const newPasswordInput = password('newPassword');
  const confirmInput = password('confirm');

  return (
    <Modal show title={t('reset.title')} onClose={onClose} testId="password-reset-dialog">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('reset.title')}>
        {problem && (
          <div className="alert alert-danger" role="alert">
            {problem}
          </div>
        )}
        <Field id="reset-password" label={t('fields.newPassword')} focusOnOpen {...newPasswordInput} />
        <Field id="reset-confirm" label={t('fields.repeatPassword')} {...confirmInput} />
        <SubmitButton busy={busy}>{t('reset.submit')}</SubmitButton>
      </form>
    </Modal>
  );
}
