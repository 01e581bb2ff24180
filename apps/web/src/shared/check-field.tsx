import type { ReactNode } from 'react';

/** A labelled checkbox, or an on/off switch (`role="switch"`), in Bootstrap's form-check. */
export function CheckField({
  id,
  label,
  checked,
  onChange,
  disabled,
  asSwitch = false,
  className,
  small = false,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  asSwitch?: boolean;
  /** Classes added to the form-check (spacing). */
  className?: string;
  /** A small label. */
  small?: boolean;
}) {
  const classes = ['form-check', asSwitch ? 'form-switch' : null, className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        role={asSwitch ? 'switch' : undefined}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label className={small ? 'form-check-label small' : 'form-check-label'} htmlFor={id}>
        {label}
      </label>
    </div>
  );
}
