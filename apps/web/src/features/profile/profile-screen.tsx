import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  MESSAGES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordChangeRequestSchema,
  passwordMatchesAccount,
  type SubscriptionResponse,
} from '@solstice/contracts';
import { serverFieldErrors } from '../../shared/auth/auth-form';
import { apiGet, apiQuietPost } from '../../shared/api';
import { useFormatters, type Formatters } from '../../shared/format';
import { PreferencesPanel } from '../../shared/shell';
import { ErrorAlert, QueryView } from '../../shared/ui/states';
import { MessageField } from '../../shared/ui/fields';
import { CardSection } from '../../shared/card-section';
import { AlertMailPreference } from './alert-mail-preference';

/** The contract's password messages (and this form's own), by their key in `profile:password.errors`. */
const DIFFER = 'The two new passwords differ.';
const PASSWORD_ERRORS: Record<string, 'differ' | 'currentRequired' | 'length' | 'common' | 'personal'> = {
  [DIFFER]: 'differ',
  'Enter your current password.': 'currentRequired',
  [MESSAGES.password]: 'length',
  [MESSAGES.passwordCommon]: 'common',
  [MESSAGES.passwordPersonal]: 'personal',
};

export function ProfileScreen() {
  const { t } = useTranslation('profile');
  const f = useFormatters();
  const me = useQuery({ queryKey: ['me'], queryFn: () => apiGet('me') });
  const subscription = useQuery({
    queryKey: ['subscription'],
    queryFn: () => apiGet('subscription'),
  });
  return (
    <div className="container-fluid py-3" data-testid="profile-screen">
      <h1 className="h4">{t('title')}</h1>
      <div className="row g-3">
        <div className="col-12 col-lg-6">
          <CardSection id="account" title={t('account.title')}>
            <QueryView query={me}>
              {(data) => (
                <dl className="row mb-0 small" data-testid="account">
                  <dt className="col-4 fw-normal text-muted">{t('account.username')}</dt>
                  <dd className="col-8">{data.data.username}</dd>
                  <dt className="col-4 fw-normal text-muted">{t('account.email')}</dt>
                  <dd className="col-8">{data.data.email}</dd>
                  <dt className="col-4 fw-normal text-muted">{t('account.roles')}</dt>
                  <dd className="col-8">{data.roles.join(', ')}</dd>
                  <dt className="col-4 fw-normal text-muted">{t('account.memberSince')}</dt>
                  <dd className="col-8 mb-0">{f.instant(data.data.createdAt)}</dd>
                </dl>
              )}
            </QueryView>
          </CardSection>
          <PasswordChange account={me.data?.data} />
        </div>
        <div className="col-12 col-lg-6">
          <CardSection id="subscription" title={t('subscription.title')}>
            <QueryView query={subscription}>{(data) => <SubscriptionStatus data={data} f={f} />}</QueryView>
          </CardSection>
          <PreferencesPanel />
          <AlertMailPreference />
        </div>
      </div>
    </div>
  );
}

function SubscriptionStatus({ data, f }: { data: SubscriptionResponse; f: Formatters }) {
  const { t } = useTranslation('profile');
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (action: 'cancel' | 'resume') =>
      apiQuietPost(action === 'cancel' ? 'subscriptionCancel' : 'subscriptionResume'),
    onSuccess: (next) => client.setQueryData(['subscription'], next),
  });
  if (data.status === 'none' || data.status === 'ended') {
    return (
      <div data-testid="subscription-status">
        <p className="mb-2">{data.status === 'ended' ? t('subscription.ended') : t('subscription.none')}</p>
        <Link className="btn btn-primary btn-sm" to="/subscribe">
          {t('subscription.seePlans')}
        </Link>
      </div>
    );
  }
  const end = data.currentPeriodEnd ? f.instant(data.currentPeriodEnd) : '—';
  return (
    <div data-testid="subscription-status">
      <dl className="row small mb-2">
        <dt className="col-4 fw-normal text-muted">{t('subscription.status')}</dt>
        <dd className="col-8">
          <span className={`badge ${data.status === 'active' ? 'text-bg-success' : 'text-bg-warning'}`}>
            {data.status === 'active' ? t('subscription.active') : t('subscription.paymentDue')}
          </span>
        </dd>
        <dt className="col-4 fw-normal text-muted">{t('subscription.plan')}</dt>
        <dd className="col-8">
          {data.product?.name ?? '—'}
          {data.price
            ? ` · ${t(`subscription.price.${data.price.interval}`, { price: f.money(data.price.amount, data.price.currency) })}`
            : ''}
        </dd>
        <dt className="col-4 fw-normal text-muted">
          {data.cancelAtPeriodEnd ? t('subscription.endsOn') : t('subscription.renewsOn')}
        </dt>
        <dd className="col-8 mb-0" data-testid="renewal-date">
          {end}
        </dd>
      </dl>
      {change.isError ? <div className="alert alert-danger py-1 small">{(change.error as Error).message}</div> : null}
      {/* Cancelling at the period's end can be taken back until then. */}
      <button
        type="button"
        className={`btn btn-sm ${data.cancelAtPeriodEnd ? 'btn-outline-primary' : 'btn-outline-danger'}`}
        disabled={change.isPending}
        onClick={() => change.mutate(data.cancelAtPeriodEnd ? 'resume' : 'cancel')}
      >
        {data.cancelAtPeriodEnd ? t('subscription.keep') : t('subscription.cancel')}
      </button>
    </div>
  );
}

function PasswordChange({ account }: { account?: { email: string; username: string } }) {
  const { t } = useTranslation('profile');
  const limits = { min: PASSWORD_MIN, max: PASSWORD_MAX };
  // The contract's messages in the interface's language; others (the server's) as given.
  const message = (text: string) => {
    const key = Object.hasOwn(PASSWORD_ERRORS, text) ? PASSWORD_ERRORS[text] : undefined;
    return key ? t(`password.errors.${key}`, limits) : text;
  };
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => apiQuietPost('passwordChange', { body }),
    onSuccess: () => setValues({ currentPassword: '', newPassword: '', confirm: '' }),
    // A refused password (common, or the account's own name) is shown under its field.
    onError: (error) => setErrors(serverFieldErrors(error, ['currentPassword', 'newPassword'] as const)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    const parsed = passwordChangeRequestSchema.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    if (!parsed.success) for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message;
    if (!problems.newPassword && account && passwordMatchesAccount(values.newPassword, account)) {
      problems.newPassword = MESSAGES.passwordPersonal;
    }
    if (values.confirm !== values.newPassword) problems.confirm = DIFFER;
    setErrors(problems);
    if (Object.keys(problems).length === 0)
      change.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  };
  const field = (key: keyof typeof values, label: string, autoComplete: string) => (
    <MessageField
      id={`pw-${key}`}
      label={label}
      error={errors[key] ? message(errors[key]) : undefined}
      small
      type="password"
      autoComplete={autoComplete}
      value={values[key]}
      onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
    />
  );
  const currentField = field('currentPassword', t('password.current'), 'current-password');
  const newField = field('newPassword', t('password.new', limits), 'new-password');
  const confirmField = field('confirm', t('password.again'), 'new-password');
  return (
    <CardSection id="password" title={t('password.title')} className="card mt-3">
      <form onSubmit={submit} noValidate aria-label={t('password.title')}>
        {currentField}
        {newField}
        {confirmField}
        <ErrorAlert error={!errors.currentPassword && !errors.newPassword && change.error} />
        {change.isSuccess ? (
          <div className="alert alert-success py-1 small" role="status">
            {t('password.changed')}
          </div>
        ) : null}
        <button type="submit" className="btn btn-primary btn-sm" disabled={change.isPending}>
          {t('password.submit')}
        </button>
      </form>
    </CardSection>
  );
}

export default ProfileScreen;
