import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePattern } from '../../shared/ui/pattern-query';
import { useFormatters } from '../../shared/format';
import { StatsPanel } from '../../shared/stats/stats-panel';
import { SignalBadge, tradeSignal } from '../../shared/stats/trade-signal';
import { focusQuery, type FocusParams } from '../../shared/ui/follow-symbol';
import type { Window } from '../../shared/charts/chart-option';
import { useUrlState } from '../../shared/ui/url-state';
import { YEAR_SET_KEYS } from '../../shared/ui/year-sets';

const ROLL_ADJUST_KEY = ['rollAdjust'] as const;

/** The pattern statistics of the window dragged across the chart, long side. */
export function WindowStats({
  focus,
  selection,
  onClear,
}: {
  focus: FocusParams & { symbol: string };
  selection: Window;
  onClear: () => void;
}) {
  const { t } = useTranslation('chart');
  const f = useFormatters();
  // the chart's year set (its URL) applies to the window's statistics too
  const [yearSet] = useUrlState(YEAR_SET_KEYS);
  const [{ rollAdjust }] = useUrlState(ROLL_ADJUST_KEY);
  const { symbol, from, to } = focus;
  const dragged = { symbol, from, to, start: selection.start, end: selection.end, rollAdjust };
  const pattern = usePattern(dragged, yearSet, true);
  const stats = pattern.data?.stats ?? null;
  return (
    <section className="card card-body mb-3" aria-label={t('window.label')} data-testid="window-stats">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h6 mb-0">
          {t('window.title', { start: f.monthDay(selection.start), end: f.monthDay(selection.end) })}
        </h2>
        {stats ? <SignalBadge signal={tradeSignal('long', stats)} /> : null}
        <Link
          className="small"
          to={`/seasonality/pattern?${focusQuery(focus, { start: selection.start, end: selection.end })}`}
        >
          {t('window.openPattern')}
        </Link>
        <button type="button" className="btn btn-link btn-sm p-0" onClick={onClear}>
          {t('window.clear')}
        </button>
      </div>
      {pattern.isError ? (
        <p className="text-danger small mb-0">{(pattern.error as Error).message}</p>
      ) : !pattern.data ? (
        <p className="text-muted small mb-0">{t('window.computing')}</p>
      ) : stats ? (
        <StatsPanel stats={stats} />
      ) : (
        <p className="text-muted small mb-0">{t('window.noYear')}</p>
      )}
    </section>
  );
}
