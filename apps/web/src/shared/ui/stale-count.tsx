import { useTranslation } from 'react-i18next';
import type { Formatters } from '../format';
import { TooltipText, useTooltip } from './tooltip-text';

/**
 * "12 symbols stale" beside a market-wide view's "as of" date: the symbols without a bar on
 * that date, left out of the view rather than mixed in with an older day. The explanation
 * shows on hover and keyboard focus and is read with the label.
 */
export function StaleCount({
  stale,
  asOf,
  f,
  group = false,
}: {
  stale: number | undefined;
  asOf: string | null;
  f: Formatters;
  /** A class group's count: its instruments behind their own last completed session. */
  group?: boolean;
}) {
  const { t } = useTranslation('common');
  const { id, open, show } = useTooltip();
  if (!stale || stale <= 0) return null;
  const meaning = group
    ? t('stale.groupMeaning', { count: stale })
    : t('stale.meaning', { count: stale, date: f.date(asOf) });
  return (
    <span className="position-relative d-inline-block ms-2">
      <button
        type="button"
        className="badge text-bg-warning border-0 align-baseline"
        style={{ cursor: 'help' }}
        aria-describedby={id}
        data-testid="stale-count"
        {...show}
      >
        {t('stale.count', { count: stale })}
      </button>
      <TooltipText id={id} open={open} width="18rem">
        {meaning}
      </TooltipText>
    </span>
  );
}
