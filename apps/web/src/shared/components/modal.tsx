import { useEffect, useId, type ReactNode } from 'react';
import { Modal as BsModal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export interface ModalProps {
  show: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'lg' | 'xl';
  /** For tests and end-to-end selectors. */
  testId?: string;
  /** Whether it fades in and out (react-bootstrap's transition); on by default. */
  animation?: boolean;
}

/**
 * The one dialog frame of the app. Keyboard: Esc closes, Tab stays inside (react-bootstrap's
 * enforceFocus) and, closed, focus goes back to the control that opened it (restoreFocus).
 */
export function Modal({ show, title, onClose, children, footer, size, testId, animation = true }: ModalProps) {
  const { t } = useTranslation('a11y');
  const titleId = `${useId()}-title`;
  useTabWrap(show, titleId);
  return (
    <BsModal
      show={show}
      onHide={onClose}
      size={size}
      animation={animation}
      centered
      enforceFocus
      restoreFocus
      data-testid={testId}
      aria-labelledby={titleId}
    >
      <BsModal.Header closeButton closeLabel={t('modal.close')}>
        <BsModal.Title as="h2" className="h5" id={titleId}>
          {title}
        </BsModal.Title>
      </BsModal.Header>
      <BsModal.Body>{children}</BsModal.Body>
      {footer && <BsModal.Footer>{footer}</BsModal.Footer>}
    </BsModal>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab go round the dialog's controls. react-bootstrap brings focus back when
 * it lands elsewhere in the page, but Tab from the last control leaves the page (for the
 * browser's own bar) without a focus event in it: the wrap keeps it inside.
 */
function useTabWrap(show: boolean, titleId: string): void {
  useEffect(() => {
    if (!show) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' || e.defaultPrevented) return;
      const dialog = document.getElementById(titleId)?.closest<HTMLElement>('.modal');
      if (!dialog) return;
      const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (e.shiftKey && (active === first || active === dialog || !dialog.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [show, titleId]);
}
