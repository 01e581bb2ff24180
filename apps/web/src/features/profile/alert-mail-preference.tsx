import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { callApi } from '../../shared/lib/api-client';
import { apiGet } from '../../shared/api';
import { ErrorAlert, QueryView } from '../../shared/ui/states';
import { CardSection } from '../../shared/card-section';
import { CheckField } from '../../shared/check-field';

const KEY = ['alert-mail'] as const;

/** The profile's alert-mail switch: the daily digest on or off (the digest's unsubscribe link turns it off too). */
export function AlertMailPreference() {
  const { t } = useTranslation('alerts');
  const client = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => apiGet('alertMail', undefined, { background: true }),
  });
  const change = useMutation({
    mutationFn: (alertMail: boolean) => callApi('alertMailSet', { body: { alertMail } }, { quiet: true }),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
  return (
    <CardSection id="alert-mail" title={t('mail.title')} className="card mt-3" testId="alert-mail-preference">
      <QueryView query={query}>
        {(data) => (
          <CheckField
            id="alert-mail-switch"
            asSwitch
            label={t('mail.digest')}
            checked={data.alertMail}
            disabled={change.isPending}
            onChange={(on) => change.mutate(on)}
          />
        )}
      </QueryView>
      <ErrorAlert error={change.error} as="p" className="text-danger small mb-0" />
      <p className="small text-muted mb-0 mt-2">
        <Trans t={t} i18nKey="mail.choose" components={{ anchor: <Link to="/alerts" /> }} />
      </p>
    </CardSection>
  );
}
