import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordResetRequestSchema } from '@solstice/contracts';
import { callApi } from '../lib/api-client';
import { Field, SubmitButton } from './auth-fields';
import { useAuthForm } from './use-auth-form';

/** Inside the login dialog: asks for the e-mail and requests a reset link. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState(false);
  const form = useAuthForm('forgot', { email: '' }, passwordResetRequestSchema, async ({ email }) => {
    await callApi('passwordResetRequest', { body: { email: email.trim() } });
    setSent(true);
  });

  if (sent) {
    return (
      <div>
        {/* Neutral on purpose: the answer does not tell whether the address has an account. */}
        <p role="status">{t('forgot.sent')}</p>
        <button type="button" className="btn btn-primary" onClick={onBack}>
          {t('forgot.back')}
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={(e) => void form.submit(e)} noValidate aria-label={t('forgot.title')}>
      <p className="small text-muted">{t('forgot.intro')}</p>
      <Field label={t('fields.email')} type="email" autoComplete="email" focusOnOpen {...form.fields.email} />
      <div className="d-flex align-items-center gap-2">
        <SubmitButton busy={form.busy}>{t('forgot.send')}</SubmitButton>
        <button type="button" className="btn btn-link" onClick={onBack}>
          {t('forgot.back')}
        </button>
      </div>
    </form>
  );
}
