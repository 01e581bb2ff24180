import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../store/app-store';
import { saveTutorialSeen } from '../lib/preferences';
import { useUiStore } from '../store/ui-store';
import { Modal } from './modal';
import { removePrerenderedTour } from '../prerender-id';
import { findTarget, placeCard, TUTORIAL_STEPS, type Placement } from './tutorial-steps';

export { TUTORIAL_STEPS };

const CARD_WIDTH = 320;

/**
 * The first-run tour: opens once per account (the account remembers it, so another device
 * does not show it again); the help menu and the profile replay it. Each step points at the
 * control it explains; a step whose control is not on screen shows in the middle.
 */
export function Tutorial() {
  const { t } = useTranslation('shell');
  const seen = useAppStore((s) => s.tutorialSeen);
  const open = useUiStore((s) => s.tutorialOpen);
  const setOpen = useUiStore((s) => s.setTutorialOpen);
  const [step, setStep] = useState(0);
  // Opened by itself on a first visit, the dialog is there in the page's first paint, without
  // the fade (it is that page's largest paint: Lighthouse's LCP on /dashboard, issue 18); a
  // replay fades in. Decided as it opens: switching while open would remount the dialog.
  const [fade, setFade] = useState(true);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setFade(seen);
  }

  useEffect(() => {
    if (!seen) setOpen(true);
  }, [seen, setOpen]);
  // The server's first step (prerendered in the page, app/tour-host.tsx) leaves in the frame this one arrives.
  useLayoutEffect(() => {
    if (open) removePrerenderedTour();
  }, [open]);
  // Every opening starts at the first step.
  useEffect(() => {
    if (open) setStep(0);
  }, [open]);
  // Closed, the tour gives focus back to the control that had it when it opened.
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      // (an item of the closed help menu is hidden: then the menu's button)
      if (opener?.isConnected && opener !== document.body && opener.offsetParent !== null) opener.focus();
      else document.querySelector<HTMLElement>('#help-menu')?.focus();
    };
  }, [open]);

  const finish = useCallback(() => {
    setOpen(false);
    void saveTutorialSeen();
  }, [setOpen]);

  const current = TUTORIAL_STEPS[step] ?? TUTORIAL_STEPS[0]!;
  const last = step === TUTORIAL_STEPS.length - 1;
  const placement = useStepPlacement(open, step);
  const counter = t('tutorial.counter', { step: step + 1, total: TUTORIAL_STEPS.length });
  const buttons = (
    <>
      <span className="me-auto small text-muted">{counter}</span>
      {step > 0 && (
        <button type="button" className="btn btn-light btn-sm" onClick={() => setStep(step - 1)}>
          {t('tutorial.back')}
        </button>
      )}
      {last ? (
        <button type="button" className="btn btn-primary btn-sm" onClick={finish} data-tour-primary>
          {t('tutorial.done')}
        </button>
      ) : (
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setStep(step + 1)} data-tour-primary>
          {t('tutorial.next')}
        </button>
      )}
    </>
  );

  if (!open || !placement.target) {
    return (
      <Modal show={open} onClose={finish} title={current.title} testId="tutorial" footer={buttons} animation={fade}>
        <p className="mb-0">{current.body}</p>
      </Modal>
    );
  }
  return (
    <PointingStep title={current.title} body={current.body} placement={placement} onClose={finish} buttons={buttons} />
  );
}

interface StepPlacement {
  target: HTMLElement | null;
  place: Placement | null;
  cardRef: RefObject<HTMLDivElement | null>;
}

/** How often an open step looks again for its control (a lazily loaded page may bring it later). */
const REMEASURE_MS = 400;

function samePlace(a: Placement | null, b: Placement | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.side === b.side &&
    a.card.top === b.card.top &&
    a.card.left === b.card.left &&
    a.spot.top === b.spot.top &&
    a.spot.left === b.spot.left &&
    a.spot.width === b.spot.width &&
    a.spot.height === b.spot.height
  );
}

/**
 * Finds the step's control and keeps the card beside it as the page scrolls or resizes, or
 * as the control appears: the tour can open before the page it points into has loaded.
 */
function useStepPlacement(open: boolean, step: number): StepPlacement {
  const cardRef = useRef<HTMLDivElement>(null);
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [place, setPlace] = useState<Placement | null>(null);
  useLayoutEffect(() => {
    if (!open) {
      setTarget(null);
      return;
    }
    const stepDef = TUTORIAL_STEPS[step];
    let scrolledTo: HTMLElement | null = null;
    const measure = () => {
      const el = stepDef ? findTarget(stepDef) : null;
      if (el && el !== scrolledTo) {
        scrolledTo = el;
        el.scrollIntoView?.({ block: 'nearest' });
      }
      setTarget(el);
      const card = cardRef.current?.getBoundingClientRect();
      const next = el
        ? placeCard(
            el.getBoundingClientRect(),
            { width: card?.width || CARD_WIDTH, height: card?.height || 180 },
            { width: window.innerWidth, height: window.innerHeight },
          )
        : null;
      setPlace((prev) => (samePlace(prev, next) ? prev : next));
    };
    measure();
    // Measured again once the card has its real height, and while the step is open.
    const frame = requestAnimationFrame(measure);
    const timer = window.setInterval(measure, REMEASURE_MS);
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      cancelAnimationFrame(frame);
      window.clearInterval(timer);
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [open, step]);
  return { target, place, cardRef };
}

function PointingStep({
  title,
  body,
  placement,
  onClose,
  buttons,
}: {
  title: string;
  body: string;
  placement: StepPlacement;
  onClose: () => void;
  buttons: ReactNode;
}) {
  const { t } = useTranslation('a11y');
  const { place, cardRef, target } = placement;
  useEffect(() => {
    cardRef.current?.querySelector<HTMLButtonElement>('[data-tour-primary]')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      // Tab and Shift+Tab go round the card's buttons while a step is open.
      if (e.key === 'Tab' && cardRef.current) {
        const focusable = [...cardRef.current.querySelectorAll<HTMLElement>('button:not([disabled]), a[href]')];
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        const inside = cardRef.current.contains(document.activeElement);
        if (!first || !last) return;
        if (e.shiftKey && (!inside || document.activeElement === first)) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (!inside || document.activeElement === last)) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [cardRef, onClose, title]);
  const describedTarget = target?.getAttribute('aria-label') ?? target?.textContent?.trim() ?? '';
  return (
    <>
      {place ? (
        <div
          className="tour-spot"
          data-testid="tutorial-spot"
          aria-hidden="true"
          style={{ top: place.spot.top, left: place.spot.left, width: place.spot.width, height: place.spot.height }}
        />
      ) : null}
      <div
        ref={cardRef}
        className={`tour-card card shadow tour-card--${place?.side ?? 'below'}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="tutorial-title"
        data-testid="tutorial"
        data-tour-target={describedTarget.slice(0, 60)}
        style={{ top: place?.card.top ?? 0, left: place?.card.left ?? 0, width: CARD_WIDTH }}
      >
        <div className="card-body">
          <div className="d-flex align-items-start">
            <h2 className="h6 mb-2 me-auto" id="tutorial-title">
              {title}
            </h2>
            <button type="button" className="btn-close" aria-label={t('tour.close')} onClick={onClose} />
          </div>
          <p className="small mb-3">{body}</p>
          <div className="d-flex align-items-center gap-2">{buttons}</div>
        </div>
      </div>
    </>
  );
}

/** For the help menu and the profile: shows the tour again from its first step. */
export function useReplayTutorial(): () => void {
  const setOpen = useUiStore((s) => s.setTutorialOpen);
  return () => setOpen(true);
}
