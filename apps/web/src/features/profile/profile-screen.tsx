import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  MESSAGES,
  passwordChangeRequestSchema,
  passwordMatchesAccount,
  type MeResponse,
  type SubscriptionResponse,
} from '@solstice/contracts';
import { serverFieldErrors } from '../../auth/auth-form';
import { apiGet, apiQuietPost } from '../../shared/api';
import { useFormatters, type Formatters } from '../../shared/format';
import { PreferencesPanel } from '../../shared/shell';
import { QueryView } from '../../shared/ui/states';
import { AlertMailPreference } from '../alerts/alert-mail-preference';

export function ProfileScreen() {
  const f = useFormatters();
  const me = useQuery({ queryKey: ['me'], queryFn: () => apiGet<MeResponse>('/api/me') });
  const subscription = useQuery({
    queryKey: ['subscription'],
    queryFn: () => apiGet<SubscriptionResponse>('/api/v1/subscription'),
  });
  return (
    <div className="container-fluid py-3" data-testid="profile-screen">
      <h1 className="h4">Profile</h1>
      <div className="row g-3">
        <div className="col-12 col-lg-6">
          <section className="card" aria-labelledby="account-title">
            <div className="card-body">
              <h2 className="h6" id="account-title">
                Account
              </h2>
              <QueryView query={me}>
                {(data) => (
                  <dl className="row mb-0 small" data-testid="account">
                    <dt className="col-4 fw-normal text-muted">Username</dt>
                    <dd className="col-8">{data.data.username}</dd>
                    <dt className="col-4 fw-normal text-muted">E-mail</dt>
                    <dd className="col-8">{data.data.email}</dd>
                    <dt className="col-4 fw-normal text-muted">Roles</dt>
                    <dd className="col-8">{data.roles.join(', ')}</dd>
                    <dt className="col-4 fw-normal text-muted">Member since</dt>
                    <dd className="col-8 mb-0">{f.instant(data.data.createdAt)}</dd>
                  </dl>
                )}
              </QueryView>
            </div>
          </section>
          <PasswordChange account={me.data?.data} />
        </div>
        <div className="col-12 col-lg-6">
          <section className="card" aria-labelledby="subscription-title">
            <div className="card-body">
              <h2 className="h6" id="subscription-title">
                Subscription
              </h2>
              <QueryView query={subscription}>{(data) => <SubscriptionStatus data={data} f={f} />}</QueryView>
            </div>
          </section>
          <PreferencesPanel />
          <AlertMailPreference />
        </div>
      </div>
    </div>
  );
}

function SubscriptionStatus({ data, f }: { data: SubscriptionResponse; f: Formatters }) {
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (action: 'cancel' | 'resume') => apiQuietPost<SubscriptionResponse>(`/api/v1/subscription/${action}`),
    onSuccess: (next) => client.setQueryData(['subscription'], next),
  });
  if (data.status === 'none' || data.status === 'ended') {
    return (
      <div data-testid="subscription-status">
        <p className="mb-2">{data.status === 'ended' ? 'Your subscription has ended.' : 'You have no subscription.'}</p>
        <Link className="btn btn-primary btn-sm" to="/subscribe">
          See the plans
        </Link>
      </div>
    );
  }
  const end = data.currentPeriodEnd ? f.instant(data.currentPeriodEnd) : '—';
  return (
    <div data-testid="subscription-status">
      <dl className="row small mb-2">
        <dt className="col-4 fw-normal text-muted">Status</dt>
        <dd className="col-8">
          <span className={`badge ${data.status === 'active' ? 'text-bg-success' : 'text-bg-warning'}`}>
            {data.status === 'active' ? 'Active' : 'Payment due'}
          </span>
        </dd>
        <dt className="col-4 fw-normal text-muted">Plan</dt>
        <dd className="col-8">
          {data.product?.name ?? '—'}
          {data.price ? ` · ${f.money(data.price.amount, data.price.currency)} per ${data.price.interval}` : ''}
        </dd>
        <dt className="col-4 fw-normal text-muted">{data.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt>
        <dd className="col-8 mb-0" data-testid="renewal-date">
          {end}
        </dd>
      </dl>
      {change.isError ? <div className="alert alert-danger py-1 small">{(change.error as Error).message}</div> : null}
      {data.cancelAtPeriodEnd ? (
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={change.isPending}
          onClick={() => change.mutate('resume')}
        >
          Keep my subscription
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          disabled={change.isPending}
          onClick={() => change.mutate('cancel')}
        >
          Cancel at the end of the period
        </button>
      )}
    </div>
  );
}

function PasswordChange({ account }: { account?: { email: string; username: string } }) {
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiQuietPost<MeResponse>('/api/auth/password', body),
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
    if (values.confirm !== values.newPassword) problems.confirm = 'The two new passwords differ.';
    setErrors(problems);
    if (Object.keys(problems).length === 0)
      change.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  };
  const field = (key: keyof typeof values, label: string, autoComplete: string) => (
    <div className="mb-2">
      <label htmlFor={`pw-${key}`} className="form-label small mb-1">
        {label}
      </label>
      <input
        id={`pw-${key}`}
        type="password"
        autoComplete={autoComplete}
        className={`form-control form-control-sm${errors[key] ? ' is-invalid' : ''}`}
        value={values[key]}
        aria-describedby={errors[key] ? `pw-${key}-error` : undefined}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      />
      {errors[key] ? (
        <div className="invalid-feedback" id={`pw-${key}-error`}>
          {errors[key]}
        </div>
      ) : null}
    </div>
  );
  return (
    <section className="card mt-3" aria-labelledby="password-title">
      <div className="card-body">
        <h2 className="h6" id="password-title">
          Change password
        </h2>
        <form onSubmit={submit} noValidate aria-label="Change password">
          {field('currentPassword', 'Current password', 'current-password')}
          {field('newPassword', 'New password (10 to 128 characters)', 'new-password')}
          {field('confirm', 'New password again', 'new-password')}
          {change.isError && !errors.currentPassword && !errors.newPassword ? (
            <div className="alert alert-danger py-1 small" role="alert">
              {(change.error as Error).message}
            </div>
          ) : null}
          {change.isSuccess ? (
            <div className="alert alert-success py-1 small" role="status">
              Your password was changed. Other sessions were signed out.
            </div>
          ) : null}
          <button type="submit" className="btn btn-primary btn-sm" disabled={change.isPending}>
            Change password
          </button>
        </form>
      </div>
    </section>
  );
}

export default ProfileScreen;
