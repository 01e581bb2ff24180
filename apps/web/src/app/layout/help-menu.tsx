import { Dropdown } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useReplayTutorial } from '../../shared/components/tutorial';
import { useAppStore } from '../../shared/store/app-store';
import { showToast, showWarning } from '../../shared/lib/popups';

/** The top bar's help menu: the welcome tour, the search shortcut, the preferences, this page's link, the operator's guides. */
export function HelpMenu({ className }: { className?: string }) {
  const { t } = useTranslation('shell');
  const replay = useReplayTutorial();
  const url = useAppStore((s) => s.url);
  // Every tool keeps its inputs in the address (§3 url.full follows it): the link shares the view.
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url.full);
      void showToast(t('help.linkCopied'));
    } catch {
      void showWarning(t('help.copyFailed', { url: url.full }));
    }
  };
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
        <Dropdown.Item as="button" onClick={() => void copyLink()}>
          {t('help.copyLink')}
        </Dropdown.Item>
        {url.cms ? (
          <Dropdown.Item href={url.cms} target="_blank" rel="noopener noreferrer">
            {t('help.guides')}
          </Dropdown.Item>
        ) : null}
      </Dropdown.Menu>
    </Dropdown>
  );
}
