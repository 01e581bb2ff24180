import { useTranslation } from 'react-i18next';
import { signupRequestSchema } from '@solstice/contracts';
import { callApi } from '../lib/api-client';
import { useAppStore } from '../store/app-store';
import { Modal } from '../components/modal';
import { Field, SessionFormButtons } from './auth-fields';
import { useAuthForm, useSignedIn } from './use-auth-form';

export function SignupDialog() {
  const { t } = useTranslation('auth');
  const show = useAppStore((s) => s.show.signup);
  const setShow = useAppStore((s) => s.setShow);
  const signedIn = useSignedIn();
  const form = useAuthForm('signup', { email: '', username: '', password: '' }, signupRequestSchema, async (values) => {
    const session = await callApi('signup', { body: values });
    await signedIn(session);
  });

  return (
    <Modal show={show} title={t('signup.title')} onClose={() => setShow('signup', false)} testId="signup-dialog">
      <form onSubmit={(e) => void form.submit(e)} noValidate aria-label={t('signup.form')}>
        <Field label={t('fields.email')} type="email" autoComplete="email" focusOnOpen {...form.fields.email} />
        <Field label={t('fields.username')} autoComplete="username" {...form.fields.username} />
        <Field label={t('fields.password')} type="password" autoComplete="new-password" {...form.fields.password} />
        <SessionFormButtons from="signup" busy={form.busy} />
      </form>
    </Modal>
  );
}
