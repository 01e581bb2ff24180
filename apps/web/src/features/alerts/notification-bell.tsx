import { Dropdown } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../shared/format';
import { Icon } from '../../shared/components/icon';
import { useMarkRead, useNotifications } from './alerts-api';
import { groupNotifications } from './notification-groups';
import { useTriggerText } from './trigger-text';

/** The top bar's bell: the unread count (asked every 30 s while the tab is open), the latest notifications, mark all read. */
export function NotificationBell() {
  const { t } = useTranslation('alerts');
  const f = useFormatters();
  const say = useTriggerText();
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const unread = notifications.data?.unread ?? 0;
  const groups = groupNotifications(notifications.data?.data ?? []).slice(0, 8);
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
        {groups.length === 0 ? (
          <Dropdown.ItemText className="text-muted small">{t('bell.nothing')}</Dropdown.ItemText>
        ) : null}
        {groups.map((g) => {
          const lone = g.items.length === 1 ? g.items[0]! : null;
          const symbols = g.items.filter((n) => n.event !== 'more').map((n) => n.symbol);
          return (
            <Dropdown.Item
              key={g.key}
              as={Link}
              to={lone ? lone.link : `/alerts?alert=${g.alertId}`}
              className={`small text-wrap${g.unread.length === 0 ? '' : ' fw-semibold'}`}
              data-testid="bell-item"
              onClick={() => g.unread.length > 0 && markRead.mutate(g.unread)}
            >
              <span className="d-block text-muted">
                {lone && lone.event !== 'more' && lone.event !== 'webhook-paused' ? `${lone.symbol} · ` : ''}
                {g.alertName} · {f.date(g.barDate)}
              </span>
              {lone
                ? say(lone)
                : t('bell.group', {
                    count: f.number(g.fired, 0),
                    symbols: `${symbols.slice(0, 6).join(', ')}${g.fired > 6 ? ', …' : ''}`,
                  })}
            </Dropdown.Item>
          );
        })}
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
