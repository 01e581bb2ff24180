import { Link } from 'react-router';
import { focusQuery, type FocusParams } from './follow-symbol';

export type SeasonalityTool = 'chart' | 'pattern' | 'calendar' | 'bestTrades';

export const SEASONALITY_TOOLS: { tool: SeasonalityTool; label: string; path: string }[] = [
  { tool: 'chart', label: 'Seasonal chart', path: '/seasonality' },
  { tool: 'pattern', label: 'Pattern', path: '/seasonality/pattern' },
  { tool: 'calendar', label: 'Calendar', path: '/seasonality/calendar' },
  { tool: 'bestTrades', label: 'Best trades', path: '/seasonality/besttrades' },
];

/** Where a symbol's seasonality tool lives, with the symbol and years in its query. */
export function toolHref(tool: SeasonalityTool, focus: FocusParams): string {
  const path = SEASONALITY_TOOLS.find((t) => t.tool === tool)!.path;
  return `${path}?${focusQuery(focus)}`;
}

/** Links to the other seasonality tools with the same symbol and years. */
export function SeasonalityToolsNav({ current, focus }: { current: SeasonalityTool; focus: FocusParams }) {
  return (
    <nav aria-label="Other seasonality tools" className="d-inline-flex flex-wrap gap-2 small">
      {SEASONALITY_TOOLS.filter((t) => t.tool !== current).map((t) => (
        <Link key={t.tool} to={toolHref(t.tool, focus)}>
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
