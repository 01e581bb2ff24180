import type { ReactNode } from 'react';
import { Modal as BsModal } from 'react-bootstrap';

export interface ModalProps {
  show: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'lg' | 'xl';
  /** For tests and end-to-end selectors. */
  testId?: string;
}

/** The one dialog frame of the app (keyboard: Esc closes, focus stays inside). */
export function Modal({ show, title, onClose, children, footer, size, testId }: ModalProps) {
  return (
    <BsModal show={show} onHide={onClose} size={size} centered data-testid={testId} aria-labelledby={`${testId}-title`}>
      <BsModal.Header closeButton closeLabel="Close">
        <BsModal.Title as="h2" className="h5" id={`${testId}-title`}>
          {title}
        </BsModal.Title>
      </BsModal.Header>
      <BsModal.Body>{children}</BsModal.Body>
      {footer && <BsModal.Footer>{footer}</BsModal.Footer>}
    </BsModal>
  );
}
