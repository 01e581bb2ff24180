import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/online-status';

export function OfflineNotice() {
  const { t } = useTranslation('shell');
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-notice" data-testid="offline-notice" role="alert">
      {t('offline')}
    </div>
  );
}
