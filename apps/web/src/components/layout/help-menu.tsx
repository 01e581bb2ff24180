import { Dropdown } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useReplayTutorial } from '../tutorial';

/** The top bar's help menu: the welcome tour, the search shortcut, the preferences. */
export function HelpMenu({ className }: { className?: string }) {
  const { t } = useTranslation('shell');
  const replay = useReplayTutorial();
  return (
    <Dropdown align="end" className={className}>
      <Dropdown.Toggle variant="link" className="app-topbar__user" id="help-menu">
        {t('help.menu')}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as="button" onClick={replay}>
          {t('help.tour')}
        </Dropdown.Item>
        <Dropdown.ItemText className="small text-muted">{t('help.shortcut')}</Dropdown.ItemText>
        <Dropdown.Item as={Link} to="/profile">
          {t('help.preferences')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
