import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Formatters } from '../format';

/**
 * "12 symbols stale" beside a market-wide view's "as of" date: the symbols without a bar on
 * that date, left out of the view rather than mixed in with an older day. The explanation
 * shows on hover and keyboard focus and is read with the label.
 */
export function StaleCount({ stale, asOf, f }: { stale: number | undefined; asOf: string | null; f: Formatters }) {
  const { t } = useTranslation('common');
  const id = useId();
  const [open, setOpen] = useState(false);
  if (!stale || stale <= 0) return null;
  const meaning = t('stale.meaning', { count: stale, date: f.date(asOf) });
  return (
    <span className="position-relative d-inline-block ms-2">
      <button
        type="button"
        className="badge text-bg-warning border-0 align-baseline"
        style={{ cursor: 'help' }}
        aria-describedby={id}
        data-testid="stale-count"
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      >
        {t('stale.count', { count: stale })}
      </button>
      <span
        id={id}
        role="tooltip"
        className={
          open ? 'position-absolute start-0 top-100 z-3 bg-dark text-white small rounded p-2 shadow' : 'visually-hidden'
        }
        style={open ? { width: '18rem', whiteSpace: 'normal' } : undefined}
      >
        {meaning}
      </span>
    </span>
  );
}
