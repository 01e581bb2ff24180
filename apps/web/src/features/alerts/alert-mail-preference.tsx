import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api-client';
import { apiGet } from '../../shared/api';
import { QueryView } from '../../shared/ui/states';

const KEY = ['alert-mail'] as const;

/** The profile's alert-mail switch: the daily digest on or off (the digest's unsubscribe link turns it off too). */
export function AlertMailPreference() {
  const { t } = useTranslation('alerts');
  const client = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => apiGet<{ alertMail: boolean }>('/api/v1/me/alert-mail', undefined, { background: true }),
  });
  const change = useMutation({
    mutationFn: (alertMail: boolean) =>
      apiRequest<{ alertMail: boolean }>('PUT', '/api/v1/me/alert-mail', { body: { alertMail }, quiet: true }),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
  return (
    <section className="card mt-3" aria-labelledby="alert-mail-title" data-testid="alert-mail-preference">
      <div className="card-body">
        <h2 className="h6" id="alert-mail-title">
          {t('mail.title')}
        </h2>
        <QueryView query={query}>
          {(data) => (
            <div className="form-check form-switch">
              <input
                className="form-check-input"
                type="checkbox"
                role="switch"
                id="alert-mail-switch"
                checked={data.alertMail}
                disabled={change.isPending}
                onChange={(e) => change.mutate(e.target.checked)}
              />
              <label className="form-check-label" htmlFor="alert-mail-switch">
                {t('mail.digest')}
              </label>
            </div>
          )}
        </QueryView>
        {change.isError ? (
          <p className="text-danger small mb-0" role="alert">
            {(change.error as Error).message}
          </p>
        ) : null}
        <p className="small text-muted mb-0 mt-2">
          <Trans t={t} i18nKey="mail.choose" components={{ anchor: <Link to="/alerts" /> }} />
        </p>
      </div>
    </section>
  );
}
