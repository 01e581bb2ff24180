import { useMatches } from 'react-router';
import type { RouteHandle } from '../../app/guards';

/** The strip under the top bar: the current page's title and a place for page actions. */
export function SubBar() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined;
  return (
    <div className="app-subbar" data-testid="sub-bar">
      <h2 className="app-subbar__title">{title?.title ?? 'Solstice'}</h2>
      <div id="sub-bar-actions" className="app-subbar__actions" />
    </div>
  );
}
