import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  loginRequestSchema,
  passwordResetRequestSchema,
  signupRequestSchema,
  type MeResponse,
} from '@solstice/contracts';
import { api } from '../lib/api-client';
import { showToast } from '../lib/popups';
import { i18n } from '../i18n/i18n';
import { useAppStore } from '../store/app-store';
import { Modal } from '../components/modal';
import { serverFieldErrors, validateFields, type FieldErrors } from './auth-form';
import { setSessionData } from './session';

interface FieldProps {
  id: string;
  label: string;
  type?: string;
  value: string;
  error?: string;
  autoComplete: string;
  /** The dialog's first field takes focus when it opens (the WAI-ARIA dialog pattern). */
  focusOnOpen?: boolean;
  onChange: (value: string) => void;
}

export function Field({ id, label, type = 'text', value, error, autoComplete, focusOnOpen, onChange }: FieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnOpen) ref.current?.focus();
  }, [focusOnOpen]);
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        name={id}
        type={type}
        className={`form-control${error ? ' is-invalid' : ''}`}
        value={value}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}

/** After login or signup: remember the session, toast, then the dashboard. */
function useSignedIn(): (session: MeResponse) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setShow = useAppStore((s) => s.setShow);
  return async (session) => {
    setSessionData(queryClient, session);
    setShow('login', false);
    setShow('signup', false);
    void showToast(i18n.t('common:popups.signedIn'));
    await navigate('/dashboard');
  };
}

/** Inside the login dialog: asks for the e-mail and requests a reset link. */
function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateFields(passwordResetRequestSchema, { email });
    setError(found.email);
    if (found.email) return;
    setBusy(true);
    try {
      await api.post('/api/auth/password-reset/request', { email: email.trim() });
      setSent(true);
    } catch (err) {
      setError(serverFieldErrors(err, ['email'] as const).email);
    } finally {
      setBusy(false);
    }
  };

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
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('forgot.title')}>
      <p className="small text-muted">{t('forgot.intro')}</p>
      <Field
        id="forgot-email"
        label={t('fields.email')}
        type="email"
        value={email}
        error={error}
        autoComplete="email"
        focusOnOpen
        onChange={setEmail}
      />
      <div className="d-flex align-items-center gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('forgot.send')}
        </button>
        <button type="button" className="btn btn-link" onClick={onBack}>
          {t('forgot.back')}
        </button>
      </div>
    </form>
  );
}

export function LoginDialog() {
  const { t } = useTranslation('auth');
  const show = useAppStore((s) => s.show.login);
  const setShow = useAppStore((s) => s.setShow);
  const [forgot, setForgot] = useState(false);
  const [values, setValues] = useState({ login: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<'login' | 'password'>>({});
  const [busy, setBusy] = useState(false);
  const signedIn = useSignedIn();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateFields(loginRequestSchema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const session = await api.post<MeResponse>('/api/auth/login', values);
      await signedIn(session);
    } catch (error) {
      setErrors(serverFieldErrors(error, ['login', 'password'] as const));
    } finally {
      setBusy(false);
    }
  };

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
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('login.title')}>
        <Field
          id="login-login"
          label={t('fields.login')}
          value={values.login}
          error={errors.login}
          autoComplete="username"
          focusOnOpen
          onChange={(login) => setValues((v) => ({ ...v, login }))}
        />
        <Field
          id="login-password"
          label={t('fields.password')}
          type="password"
          value={values.password}
          error={errors.password}
          autoComplete="current-password"
          onChange={(password) => setValues((v) => ({ ...v, password }))}
        />
        <div className="d-flex align-items-center gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('login.submit')}
          </button>
          <button
            type="button"
            className="btn btn-link"
            onClick={() => {
              setShow('login', false);
              setShow('signup', true);
            }}
          >
            {t('login.createAccount')}
          </button>
          <button type="button" className="btn btn-link ms-auto" onClick={() => setForgot(true)}>
            {t('login.forgot')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function SignupDialog() {
  const { t } = useTranslation('auth');
  const show = useAppStore((s) => s.show.signup);
  const setShow = useAppStore((s) => s.setShow);
  const [values, setValues] = useState({ email: '', username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<'email' | 'username' | 'password'>>({});
  const [busy, setBusy] = useState(false);
  const signedIn = useSignedIn();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateFields(signupRequestSchema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const session = await api.post<MeResponse>('/api/auth/signup', values);
      await signedIn(session);
    } catch (error) {
      setErrors(serverFieldErrors(error, ['email', 'username', 'password'] as const));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show={show} title={t('signup.title')} onClose={() => setShow('signup', false)} testId="signup-dialog">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('signup.form')}>
        <Field
          id="signup-email"
          label={t('fields.email')}
          type="email"
          value={values.email}
          error={errors.email}
          autoComplete="email"
          focusOnOpen
          onChange={(email) => setValues((v) => ({ ...v, email }))}
        />
        <Field
          id="signup-username"
          label={t('fields.username')}
          value={values.username}
          error={errors.username}
          autoComplete="username"
          onChange={(username) => setValues((v) => ({ ...v, username }))}
        />
        <Field
          id="signup-password"
          label={t('fields.password')}
          type="password"
          value={values.password}
          error={errors.password}
          autoComplete="new-password"
          onChange={(password) => setValues((v) => ({ ...v, password }))}
        />
        <div className="d-flex align-items-center gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('signup.submit')}
          </button>
          <button
            type="button"
            className="btn btn-link"
            onClick={() => {
              setShow('signup', false);
              setShow('login', true);
            }}
          >
            {t('signup.haveAccount')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export default function AuthDialogs() {
  return (
    <>
      <LoginDialog />
      <SignupDialog />
    </>
  );
}
