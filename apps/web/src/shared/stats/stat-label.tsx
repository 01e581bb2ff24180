import { useTranslation } from 'react-i18next';
import type { StatKey } from './definitions';
import { TooltipText, useTooltip } from '../ui/tooltip-text';

/**
 * A statistic's name whose meaning shows on hover and, for a standalone label, on keyboard
 * focus. Inside a control (a sortable column header is a button) the label is plain text:
 * a focusable element inside a button is a second, hidden tab stop. The meaning is in the
 * DOM either way, so screen readers read it with the name.
 */
export function StatLabel({
  stat,
  label,
  standalone = false,
}: {
  stat: StatKey;
  label?: string;
  standalone?: boolean;
}) {
  const { t } = useTranslation('stats');
  const def = { label: t(`definitions.${stat}.label`), meaning: t(`definitions.${stat}.meaning`) };
  const { id, open, show } = useTooltip();
  const text = label ?? def.label;
  const style = { textDecorationStyle: 'dotted' as const, cursor: 'help' };
  return (
    <span className="position-relative d-inline-block">
      {standalone ? (
        <button
          type="button"
          className="stat-label btn btn-link p-0 border-0 align-baseline text-reset text-decoration-underline"
          style={style}
          title={def.meaning}
          aria-describedby={id}
          {...show}
        >
          {text}
        </button>
      ) : (
        <span
          className="stat-label text-decoration-underline"
          style={style}
          title={def.meaning}
          onMouseEnter={show.onMouseEnter}
          onMouseLeave={show.onMouseLeave}
        >
          {text}
        </span>
      )}
      <TooltipText id={id} open={open} width="16rem">
        {def.meaning}
      </TooltipText>
    </span>
  );
}
