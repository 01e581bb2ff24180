import type { CSSProperties, ReactNode, Ref } from 'react';

/**
 * A chart form's small text input with a hidden label, marked invalid while it has a `problem`
 * (shown under it, `problemId`, as an alert); typing clears the problem (`onChange` does).
 */
export function InlineField({
  id,
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  style,
  monospace = false,
  problem,
  problemId,
  problemTestId,
  inputRef,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  maxLength: number;
  style: CSSProperties;
  monospace?: boolean;
  problem: ReactNode | null;
  problemId: string;
  problemTestId?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const invalid = problem !== null;
  return (
    <div>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className={`form-control form-control-sm ${monospace ? 'font-monospace ' : ''}${invalid ? 'is-invalid' : ''}`}
        style={style}
        placeholder={placeholder}
        value={value}
        maxLength={maxLength}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? problemId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {invalid ? (
        <div id={problemId} className="invalid-feedback d-block" role="alert" data-testid={problemTestId}>
          {problem}
        </div>
      ) : null}
    </div>
  );
}
