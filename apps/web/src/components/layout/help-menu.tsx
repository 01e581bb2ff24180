import { Dropdown } from 'react-bootstrap';
import { Link } from 'react-router';
import { useReplayTutorial } from '../tutorial';

/** The top bar's help menu: the welcome tour, the search shortcut, the preferences. */
export function HelpMenu({ className }: { className?: string }) {
  const replay = useReplayTutorial();
  return (
    <Dropdown align="end" className={className}>
      <Dropdown.Toggle variant="link" className="app-topbar__user" id="help-menu">
        Help
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as="button" onClick={replay}>
          Welcome tour
        </Dropdown.Item>
        <Dropdown.ItemText className="small text-muted">Press / anywhere to search</Dropdown.ItemText>
        <Dropdown.Item as={Link} to="/profile">
          Layout and display preferences
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
