import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A confirming dialog's footer: Cancel, and the danger button that does it (disabled while busy). */
export function ConfirmFooter({
  onCancel,
  onConfirm,
  busy,
  children,
}: {
  onCancel: () => void;
  onConfirm: () => void;
  busy: boolean;
  /** The danger button's text. */
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onCancel}>
        {t('actions.cancel')}
      </button>
      <button type="button" className="btn btn-danger btn-sm" disabled={busy} onClick={onConfirm}>
        {children}
      </button>
    </>
  );
}
