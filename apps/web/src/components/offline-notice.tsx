import { useOnline } from '../lib/online-status';

export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-notice" data-testid="offline-notice" role="alert">
      You are offline. Changes are kept in this browser and sent when the connection returns.
    </div>
  );
}
