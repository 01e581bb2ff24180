import { useEffect, useState } from 'react';
import { useAppStore } from '../store/app-store';
import { useUiStore } from '../store/ui-store';
import { Modal } from './modal';

export const TUTORIAL_STEPS = [
  {
    title: 'Welcome to Solstice',
    body: 'Seasonality tools, a stock scanner, the market view and heatmaps, all as of the latest daily bar.',
  },
  { title: 'Find any symbol', body: 'Press / anywhere to search. Use the arrow keys and Enter to open a symbol.' },
  {
    title: 'Your watchlists',
    body: 'Add symbols from any screen. Signed in, your lists follow you to every browser.',
  },
  {
    title: 'The tools',
    body: 'The side menu has the scanner and the five seasonality tools. Replay this tour from your profile.',
  },
] as const;

/** The first-run tour: opens once for a new user; the profile can replay it. */
export function Tutorial() {
  const seen = useAppStore((s) => s.tutorialSeen);
  const setSeen = useAppStore((s) => s.setTutorialSeen);
  const open = useUiStore((s) => s.tutorialOpen);
  const setOpen = useUiStore((s) => s.setTutorialOpen);
  const [step, setStep] = useState(0);

  useEffect(() => {
    if (!seen) {
      setStep(0);
      setOpen(true);
    }
  }, [seen, setOpen]);

  const finish = () => {
    setOpen(false);
    setSeen(true);
  };
  const current = TUTORIAL_STEPS[step] ?? TUTORIAL_STEPS[0];
  const last = step === TUTORIAL_STEPS.length - 1;
  return (
    <Modal
      show={open}
      onClose={finish}
      title={current.title}
      testId="tutorial"
      footer={
        <>
          <span className="me-auto small text-muted">
            {step + 1} / {TUTORIAL_STEPS.length}
          </span>
          {step > 0 && (
            <button type="button" className="btn btn-light" onClick={() => setStep(step - 1)}>
              Back
            </button>
          )}
          {last ? (
            <button type="button" className="btn btn-primary" onClick={finish}>
              Done
            </button>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => setStep(step + 1)}>
              Next
            </button>
          )}
        </>
      }
    >
      <p className="mb-0">{current.body}</p>
    </Modal>
  );
}

/** For the profile: shows the tour again from its first step. */
export function useReplayTutorial(): () => void {
  const setSeen = useAppStore((s) => s.setTutorialSeen);
  const setOpen = useUiStore((s) => s.setTutorialOpen);
  return () => {
    setSeen(false);
    setOpen(true);
  };
}
