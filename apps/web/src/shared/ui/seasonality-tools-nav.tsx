import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusQuery, type FocusParams } from './follow-symbol';

export type SeasonalityTool = 'chart' | 'pattern' | 'calendar' | 'bestTrades' | 'backtest';

/** The tools; each one's name is the text `common:seasonalityTools.<tool>`. */
export const SEASONALITY_TOOLS: { tool: SeasonalityTool; path: string }[] = [
  { tool: 'chart', path: '/seasonality' },
  { tool: 'pattern', path: '/seasonality/pattern' },
  { tool: 'calendar', path: '/seasonality/calendar' },
  { tool: 'bestTrades', path: '/seasonality/besttrades' },
  { tool: 'backtest', path: '/seasonality/backtest' },
];

/** Where a symbol's seasonality tool lives, with the symbol and years in its query. */
export function toolHref(tool: SeasonalityTool, focus: FocusParams): string {
  const path = SEASONALITY_TOOLS.find((t) => t.tool === tool)!.path;
  return `${path}?${focusQuery(focus)}`;
}

/** Links to the other seasonality tools with the same symbol and years. */
export function SeasonalityToolsNav({ current, focus }: { current: SeasonalityTool; focus: FocusParams }) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('seasonalityTools.nav')} className="d-inline-flex flex-wrap gap-2 small">
      {SEASONALITY_TOOLS.filter((s) => s.tool !== current).map((s) => (
        <Link key={s.tool} to={toolHref(s.tool, focus)}>
          {t(`seasonalityTools.${s.tool}`)}
        </Link>
      ))}
    </nav>
  );
}
