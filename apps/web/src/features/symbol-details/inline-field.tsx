import { useState, type CSSProperties, type ReactNode, type Ref } from 'react';
import { LabelledInput } from '../../shared/select-field';

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
  return (
    <div>
      <LabelledInput
        ref={inputRef}
        id={id}
        label={label}
        labelClassName="visually-hidden"
        className={`form-control form-control-sm${monospace ? ' font-monospace' : ''}`}
        style={style}
        placeholder={placeholder}
        value={value}
        maxLength={maxLength}
        onChange={onChange}
        message={problem}
        messageId={problemId}
        messageClassName="invalid-feedback d-block"
        messageProps={{ role: 'alert', 'data-testid': problemTestId }}
      />
    </div>
  );
}

/**
 * The text of an InlineField that is checked when sent, and its problem: `type` (the field's
 * onChange) clears the problem, `fail` sets it, `clear` empties both once the text is taken.
 */
export function useCheckedText<P>() {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<P | null>(null);
  return {
    text,
    problem,
    type: (value: string) => {
      setText(value);
      setProblem(null);
    },
    fail: (next: P) => setProblem(next),
    clear: () => {
      setProblem(null);
      setText('');
    },
  };
}
