import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../store/app-store';
import { LabelledInput } from '../select-field';

interface FieldProps {
  id: string;
  label: string;
  type?: string;
  value: string;
  error?: string;
  autoComplete: string;
  /** The dialog's first field takes focus when it opens (the WAI-ARIA dialog pattern). */
  focusOnOpen?: boolean;
  onChange: (value: string) => void;
}

/** A labelled input of a sign-in dialog, its message under it. */
export function Field({ type = 'text', error, focusOnOpen, ...input }: FieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnOpen) ref.current?.focus();
  }, [focusOnOpen]);
  return (
    <div className="mb-3">
      <LabelledInput ref={ref} name={input.id} type={type} message={error} {...input} />
    </div>
  );
}

/** The form's submit button, off while the form is sent. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary" disabled={busy}>
      {children}
    </button>
  );
}

/** The texts of the link from the login dialog to the signup dialog, and back. */
const SWITCH_LABEL = { login: 'login.createAccount', signup: 'signup.haveAccount' } as const;

/**
 * The buttons of the login or signup form (`from`) in a row: submit, the link to the other
 * dialog, then any `children`.
 */
export function SessionFormButtons({
  from,
  busy,
  children,
}: {
  from: 'login' | 'signup';
  busy: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="d-flex align-items-center gap-2">
      <SubmitButton busy={busy}>{t(`${from}.submit`)}</SubmitButton>
      <SwitchDialogButton from={from} to={from === 'login' ? 'signup' : 'login'}>
        {t(SWITCH_LABEL[from])}
      </SwitchDialogButton>
      {children}
    </div>
  );
}

/** The link-styled button that leaves one dialog for the other (login ⇄ signup). */
function SwitchDialogButton({
  from,
  to,
  children,
}: {
  from: 'login' | 'signup';
  to: 'login' | 'signup';
  children: ReactNode;
}) {
  const setShow = useAppStore((s) => s.setShow);
  return (
    <button
      type="button"
      className="btn btn-link"
      onClick={() => {
        setShow(from, false);
        setShow(to, true);
      }}
    >
      {children}
    </button>
  );
}
