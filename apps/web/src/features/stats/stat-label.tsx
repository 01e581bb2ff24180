import { useId, useState } from 'react';
import { STAT_DEFINITIONS, type StatKey } from './definitions';

/** A statistic's name whose meaning shows on hover and on keyboard focus. */
export function StatLabel({ stat, label }: { stat: StatKey; label?: string }) {
  const def = STAT_DEFINITIONS[stat];
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className="position-relative d-inline-block">
      <span
        tabIndex={0}
        className="stat-label text-decoration-underline"
        style={{ textDecorationStyle: 'dotted', cursor: 'help' }}
        title={def.meaning}
        aria-describedby={id}
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      >
        {label ?? def.label}
      </span>
      <span
        id={id}
        role="tooltip"
        className={
          open ? 'position-absolute start-0 top-100 z-3 bg-dark text-white small rounded p-2 shadow' : 'visually-hidden'
        }
        style={open ? { width: '16rem', whiteSpace: 'normal' } : undefined}
      >
        {def.meaning}
      </span>
    </span>
  );
}
