import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RouteHandle } from '../../app/guards';

/** The strip under the top bar: the current page's title and a place for page actions. */
export function SubBar() {
  const { t } = useTranslation('shell');
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined;
  return (
    <div className="app-subbar" data-testid="sub-bar">
      <h2 className="app-subbar__title">
        {title?.titleKey ? t(`routes.${title.titleKey}`) : (title?.title ?? t('routes.home'))}
      </h2>
      <div id="sub-bar-actions" className="app-subbar__actions" />
    </div>
  );
}
