import { Dropdown } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../shared/format';
import { Icon } from '../../components/icon';
import { useMarkRead, useNotifications } from './alerts-api';
import { useTriggerText } from './trigger-text';

/** The top bar's bell: the unread count (asked every 30 s while the tab is open), the latest notifications, mark all read. */
export function NotificationBell() {
  const { t } = useTranslation('alerts');
  const f = useFormatters();
  const say = useTriggerText();
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const unread = notifications.data?.unread ?? 0;
  const items = notifications.data?.data.slice(0, 8) ?? [];
  const label = unread === 0 ? t('bell.label') : t('bell.labelUnread', { count: unread });
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="link"
        className="app-topbar__bell position-relative"
        id="notifications-menu"
        aria-label={label}
      >
        <Icon name="bell" />
        {unread > 0 ? (
          <span className="badge rounded-pill text-bg-danger app-topbar__bell-count" data-testid="bell-count">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Dropdown.Toggle>
      <Dropdown.Menu className="app-topbar__notifications" data-testid="bell-menu">
        <Dropdown.Header>{t('bell.header')}</Dropdown.Header>
        {items.length === 0 ? (
          <Dropdown.ItemText className="text-muted small">{t('bell.nothing')}</Dropdown.ItemText>
        ) : null}
        {items.map((n) => (
          <Dropdown.Item
            key={n.id}
            as={Link}
            to={n.link}
            className={`small text-wrap${n.read ? '' : ' fw-semibold'}`}
            onClick={() => !n.read && markRead.mutate([n.id])}
          >
            <span className="d-block text-muted">
              {n.symbol} · {f.date(n.barDate)}
            </span>
            {say(n)}
          </Dropdown.Item>
        ))}
        <Dropdown.Divider />
        {unread > 0 ? (
          <Dropdown.Item as="button" onClick={() => markRead.mutate('all')}>
            {t('bell.markAllRead')}
          </Dropdown.Item>
        ) : null}
        <Dropdown.Item as={Link} to="/alerts">
          {t('bell.all')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
