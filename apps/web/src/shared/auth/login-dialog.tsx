import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginRequestSchema } from '@solstice/contracts';
import { callApi } from '../lib/api-client';
import { useAppStore } from '../store/app-store';
import { Modal } from '../components/modal';
import { Field, SessionFormButtons } from './auth-fields';
import { ForgotPasswordForm } from './forgot-password-form';
import { useAuthForm, useSignedIn } from './use-auth-form';

export function LoginDialog() {
  const { t } = useTranslation('auth');
  const show = useAppStore((s) => s.show.login);
  const setShow = useAppStore((s) => s.setShow);
  const [forgot, setForgot] = useState(false);
  const signedIn = useSignedIn();
  const form = useAuthForm('login', { login: '', password: '' }, loginRequestSchema, async (values) => {
    const session = await callApi('login', { body: values });
    await signedIn(session);
  });

  const close = () => {
    setShow('login', false);
    setForgot(false);
  };

  if (forgot) {
    return (
      <Modal show={show} title={t('forgot.title')} onClose={close} testId="login-dialog">
        <ForgotPasswordForm onBack={() => setForgot(false)} />
      </Modal>
    );
  }

  return (
    <Modal show={show} title={t('login.title')} onClose={close} testId="login-dialog">
      <form onSubmit={(e) => void form.submit(e)} noValidate aria-label={t('login.title')}>
        <Field label={t('fields.login')} autoComplete="username" focusOnOpen {...form.fields.login} />
        <Field label={t('fields.password')} type="password" autoComplete="current-password" {...form.fields.password} />
        <SessionFormButtons from="login" busy={form.busy}>
          <button type="button" className="btn btn-link ms-auto" onClick={() => setForgot(true)}>
            {t('login.forgot')}
          </button>
        </SessionFormButtons>
      </form>
    </Modal>
  );
}
